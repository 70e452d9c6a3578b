/** Every query of AI narration starts with this key, so a change can refresh them all. */
export const narrationQueryKey = ['narration'] as const;
