// Playback: the player, bedtime mode, reactions, stories offline.
// Playback (play events, playlists, bedtime, reactions, notification settings): server answers.
export const PLAYBACK_SERVER_MESSAGES = {
  eventInvalid: 'Event must be start, progress or complete',
  positionInvalid: 'Position must be a number of seconds',
  recordingNotForKid: 'This story is not in this child’s stories',
  notReady: 'This recording is still being processed. Please try again in a moment.',
  orderInvalid: 'The playlist order must list each of the child’s stories exactly once',
  storiesLimitRange: (min: number, max: number) => `Stories tonight must be a whole number from ${min} to ${max}`,
  sleepTimerRange: (min: number, max: number) => `Sleep timer must be a whole number of minutes from ${min} to ${max}`,
  reactionInvalid: 'Reaction must be heart, star, hug or laugh',
  flagInvalid: 'Must be true or false',
  tzOffsetInvalid: 'tz_offset_minutes must be a whole number of minutes from -840 to 840',
  onlyReadersHaveStats: 'Reader stats are for reader (grandparent) accounts',
} as const;

// The story player, the child stories page, bedtime mode and reactions: texts the spec leaves unnamed.
export const PLAYBACK_TEXTS = {
  bedtimeGoodnightTitle: 'Goodnight!',
  bedtimeGoodnight: 'Sweet dreams. The stories are over for tonight, time to close your eyes.',
  sleepTimerDone: 'The sleep timer has ended. Sweet dreams.',
  playlistLoadFailed: 'Failed to load stories',
  orderSaved: 'Playlist order saved. Every device now plays the stories in this order.',
  orderReset: 'Playlist order reset to newest first.',
  orderSaveFailed: 'Could not save the playlist order',
  bedtimeSaved: 'Bedtime settings saved',
  bedtimeSaveFailed: 'Could not save the bedtime settings',
  bedtimeLoadFailed: 'Could not load the bedtime settings',
  reactionFailed: 'Could not send the reaction',
  reactionsLoadFailed: 'Could not load reactions',
  noReactions: 'No reactions yet. When a child sends you a heart or a sticker after a story, it shows here.',
  tapToStart: 'Tap to start the story',
  holdToClose: 'Press and hold to close bedtime mode',
  mediaFailed: 'This story could not be played.',
  bedtimeNoStories: 'There are no stories to play at bedtime yet.',
  nextStory: 'Next story',
  nextStoryNow: 'Play it now',
} as const;

/** Tonight's stories offline on the kid's page (issue 26). */
export const OFFLINE_TEXTS = {
  title: 'Tonight’s stories offline',
  intro: 'Keep the playlist on this device, to play with no internet (in the car, at grandma’s).',
  autoSave: (count: number) =>
    count === 0
      ? 'This device saves no stories by itself: use “Save for offline” to keep them.'
      : `This device also keeps the playlist’s first ${count === 1 ? 'story' : `${count} stories`} saved by itself whenever it is online.`,
  save: 'Save for offline',
  saveAgain: 'Save new stories',
  saving: 'Saving for offline…',
  progress: (done: number, total: number) => `${done} of ${total} files`,
  saved: (count: number, size: string) => `${count} ${count === 1 ? 'story' : 'stories'} saved on this device · ${size}`,
  allSaved: 'Every story on the playlist is saved on this device.',
  saveFailed: 'Some stories could not be saved. Try again when the connection is better.',
  offline: 'You are offline. Saved stories still play; the others come back with the connection.',
  savedBadge: 'Saved for offline',
  notSaved: 'Not saved for offline',
} as const;
