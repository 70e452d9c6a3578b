// Every route of spec section 2, in one place; features link with these, the router declares them.
export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password/:token',
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
} as const;

export const pathTo = {
  resetPassword: (token: string) => `/reset-password/${encodeURIComponent(token)}`,
  book: (bookId: string) => `/book/${encodeURIComponent(bookId)}`,
  recording: (recordingId: string) => `/recording/${encodeURIComponent(recordingId)}`,
  story: (id: string) => `/story/${encodeURIComponent(id)}`,
  child: (kidId: string, options?: { bedtimeMode?: boolean }) =>
    `/child/${encodeURIComponent(kidId)}${options?.bedtimeMode ? '?bedtimeMode=true' : ''}`,
};
