// Every route of spec section 2, in one place; features link with these, the router declares them.
export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password/:token',
  // E-mailed links about the account's address (docs/decisions/013).
  verifyEmail: '/verify-email/:token',
  undoEmailChange: '/undo-email-change/:token',
  family: '/family',
  parentDashboard: '/parent-dashboard',
  grandparentDashboard: '/grandparent-dashboard',
  profile: '/profile',
  subscription: '/subscription',
  bookLibrary: '/book',
  book: '/book/:bookId',
  record: '/record',
  recording: '/recording/:recordingId',
  story: '/story/:id',
  child: '/child/:kidId',
  adminBooks: '/admin/books',
  adminIssues: '/admin/issues',
  // The local payment provider's test-mode pages (decisions.md "Payments").
  billingCheckout: '/billing/checkout/:sessionId',
  billingPortal: '/billing/portal',
  // What is kept and how it is deleted (docs/privacy.md), public.
  privacy: '/privacy',
  // A browser becomes a kid's device here (issue 26, docs/decisions/018).
  pair: '/pair',
} as const;

export const pathTo = {
  resetPassword: (token: string) => `/reset-password/${encodeURIComponent(token)}`,
  book: (bookId: string) => `/book/${encodeURIComponent(bookId)}`,
  recording: (recordingId: string) => `/recording/${encodeURIComponent(recordingId)}`,
  story: (id: string) => `/story/${encodeURIComponent(id)}`,
  child: (kidId: string, options?: { bedtimeMode?: boolean }) => `/child/${encodeURIComponent(kidId)}${options?.bedtimeMode ? '?bedtimeMode=true' : ''}`,
};
