// Story requests.
// Story requests (the queue): server answers not worded by the spec.
export const REQUEST_SERVER_MESSAGES = {
  requestNotFound: 'Story request not found',
  readerNotFound: 'Reader not found',
  notReaderOfFamily: 'This person does not read for this child’s family',
  premiumNeedsUnlock: 'Unlock this premium book first (Gold members need not) before requesting it.',
  alreadyRecorded: 'This reader has already recorded this story for this child',
  onlyRequesterCancels: 'Only the parent who asked for this story, or the family admin, can cancel it',
  notPending: 'This story request is no longer pending',
  typeInvalid: 'Request type must be requested or queue',
  premiumFlagInvalid: 'is_premium must be true or false',
} as const;

// Story requests (the queue) in the web app: texts the spec leaves unnamed.
export const REQUEST_TEXTS = {
  requested: (readerFirstName: string) => `Story requested! ${readerFirstName} will see it in their story requests.`,
  queued: (readerFirstName: string) => `Added to ${readerFirstName}’s queue.`,
  queuedBadge: 'QUEUED',
  queueLoading: 'Loading queued stories…',
  queueLoadFailed: 'Could not load the queued stories',
  noQueued: (kidName: string) => `No queued stories for ${kidName}. Ask a reader for one!`,
  cancelTitle: 'Cancel this story request?',
  cancelBody: (readerFirstName: string, bookTitle: string, kidName: string) =>
    `${readerFirstName} will no longer be asked to record “${bookTitle}” for ${kidName}.`,
  cancelled: 'Story request cancelled',
  cancelFailed: 'Could not cancel the story request',
  noUnrecordedBooks: (readerFirstName: string) => `${readerFirstName} has already recorded every book here.`,
  noPremiumBooks: 'No premium books to request yet.',
  noBookMatch: (q: string) => `No books match “${q}”.`,
} as const;
