// Every playback query lives under one key (the family stats too), so a finished story or a saved order
// refreshes playlists, watched states and stats together.
export const playbackQueryKey = ['playback'] as const;
