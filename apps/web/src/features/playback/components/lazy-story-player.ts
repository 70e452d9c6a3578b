import { lazyPart } from '../../../components/lazy-part.tsx';

/**
 * The story player (about 20 KB compressed), loaded when a story is first opened: the parent dashboard and a kid's
 * page share this one part, so once it has loaded on either, the other draws it at once.
 */
export const LazyStoryPlayer = lazyPart(() => import('./story-player.tsx').then((m) => m.StoryPlayer), 'overlay');
