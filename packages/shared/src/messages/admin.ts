// The admin pages: the book catalogue and issue reports.
export const ADMIN_TEXTS = {
  narrationTextLabel: 'Book text for AI narration',
  narrationTextHint: 'Only for a PDF without selectable text: the words AI readings will speak. Put a line with --- between pages.',
  loadFailed: 'Failed to load books',
  uploadFailed: 'Failed to upload book',
  deleteFailed: 'Failed to delete book',
  deleted: 'Book deleted successfully',
  uploaded: (title: string) => `"${title}" uploaded successfully`,
} as const;

export const ISSUE_ADMIN_TEXTS = {
  title: 'Issue reports',
  loading: 'Loading issue reports…',
  loadFailed: 'Failed to load issue reports',
  empty: 'No issue reports yet.',
} as const;
