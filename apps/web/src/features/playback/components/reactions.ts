import type { Reaction } from '@fst/shared/constants';

/** How each reaction (decisions.md "Endpoints beyond the spec") looks and reads. */
export const REACTION_DISPLAY: Record<Reaction, { emoji: string; label: string; article: string }> = {
  heart: { emoji: '❤️', label: 'Heart', article: 'a heart' },
  star: { emoji: '⭐', label: 'Star', article: 'a star' },
  hug: { emoji: '🤗', label: 'Hug', article: 'a hug' },
  laugh: { emoji: '😄', label: 'Laugh', article: 'a laugh' },
};
