import { lazyPart } from '../../components/lazy-part.tsx';
import type { StoryBookParts } from '../../features/playback/components/story-book-pages.ts';
import { BookPagesLoading } from './book-pages-loading.tsx';

/**
 * The value of `StoryBookPagesContext` for the pages that play stories (AppLayout, the kid device's page). The
 * PDF views' code loads when a player first shows a book's pages (pdf.js itself has its own chunk), not with the
 * layout every signed-in page draws first.
 */
export const storyBookParts: StoryBookParts = {
  Pages: lazyPart(() => import('./story-book-pages.tsx').then((m) => m.StoryBookPages), 'inline', { loading: <BookPagesLoading /> }),
};
