import type { Reaction } from '@fst/shared/constants';

/** How each reaction (decisions.md "Endpoints beyond the spec") reads; drawn by ReactionIcon. */
export const REACTION_DISPLAY: Record<Reaction, { label: string; article: string }> = {
  heart: { label: 'Heart', article: 'a heart' },
  star: { label: 'Star', article: 'a star' },
  hug: { label: 'Hug', article: 'a hug' },
  laugh: { label: 'Laugh', article: 'a laugh' },
};
