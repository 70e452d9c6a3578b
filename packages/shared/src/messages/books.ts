// Books, the libraries and the admin catalogue.
export const BOOK_TEXTS = {
  fetchFailed: 'Failed to fetch books',
  premiumLoadFailed: 'Failed to load premium library',
  unlockFailed: 'Failed to unlock book',
  requestStoryFailed: 'Failed to request story',
  addToQueueFailed: 'Failed to add to queue',
  loadDataFailed: 'Failed to load data',
  libraryLoadFailed: 'Failed to load book library',
  recentLoadFailed: 'Could not load recent recordings',
  noBooks: 'No books available yet.',
  noBookPdf: 'No book PDF available',
  firstPagePreview: 'First page preview',
  lockedPreviewHint: 'Unlock this premium book to see all of its pages, record it and make AI readings of it.',
  firstPageAlt: (title: string) => `First page of ${title}`,
  previewLoading: 'Loading the first page…',
  previewNotReady: 'The first page preview is not ready yet. It is drawn a minute or so after the book is added.',
  previewFailed: 'The first page could not be shown.',
  firstPageOf: (pageCount: number) => `Page 1 of ${pageCount}`,
  noPdf: 'No PDF available',
} as const;

// Books and the admin catalogue: server answers not worded by the spec.
export const BOOK_SERVER_MESSAGES = {
  bookNotFound: 'Book not found',
  onlySiteAdmins: 'Only site admins can manage books',
  pageInvalid: 'Page must be a whole number of at least 1',
  perPageRange: (max: number) => `Books per page must be a whole number from 1 to ${max}`,
  searchTooLong: (max: number) => `Search must be at most ${max} characters`,
  premiumFlagInvalid: 'Premium must be true or false',
  tokenCostRange: (min: number, max: number) => `Token cost must be a whole number from ${min} to ${max}`,
  invalidPdf: 'This file is not a readable PDF. Please select a PDF file.',
  pdfTooManyPages: (max: number) => `This PDF has more than ${max} pages. Please upload the picture book on its own.`,
  pdfTooHeavy: 'This PDF is too complex to read in time. Please save it again with smaller pages (for example with "Reduce file size") and upload it again.',
  pdfTooLarge: (mb: number) => `The PDF file is too large (at most ${mb} MB)`,
  attributionNotText: 'The attribution file must be a plain text (UTF-8) file',
  attributionTooLarge: (mb: number) => `The attribution file is too large (at most ${mb} MB)`,
  narrationTextInvalid: 'The book text must be text',
} as const;
