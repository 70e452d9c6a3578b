// Every story-request query lives under one key, so a new request or a cancel refreshes every queue shown.
export const requestsQueryKey = ['requests'] as const;
