// Every books query lives under one key, so an upload or a delete refreshes all lists at once.
export const booksQueryKey = ['books'] as const;
