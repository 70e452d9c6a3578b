// Every recordings query lives under one key, so an upload, an assignment or a delete refreshes all lists.
export const recordingsQueryKey = ['recordings'] as const;
