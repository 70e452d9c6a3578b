// Texts of several areas: screen errors, generic server answers, the app frame, uploads and media links.
export const SCREEN_ERRORS = {
  login: 'Failed to login',
  signup: 'Failed to create account',
  unexpected: 'An unexpected error occurred.',
} as const;

export const SERVER_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  notSignedIn: 'Please sign in to continue',
  forbidden: 'You do not have access to this',
  notFound: 'Not found',
  invalidInput: 'Some fields are not valid',
  malformedJson: 'The request body is not valid JSON',
  bodyTooLarge: 'The request is too large',
  unsupportedMediaType: 'Unsupported content type',
  rateLimited: 'Too many attempts. Please wait a few minutes and try again.',
  loginLocked: 'Too many sign-in attempts from this device. Please wait 15 minutes, or choose a new password with "Forgot password?".',
  crossSite: 'Cross-site requests are not allowed',
  forgotSent: 'If an account exists for that email, a reset link has been sent.',
  resetDone: 'Your password has been reset.',
  resetInvalid: 'This reset link is invalid or has expired.',
  currentPasswordWrong: 'Current password is incorrect',
  passwordChanged: 'Password updated',
  internal: 'Something went wrong on our side. Please try again.',
  unavailable: 'The service is temporarily unavailable. Please try again in a moment.',
  notReady: (down: readonly string[]) => `Not ready: the ${down.join(' and the ')} ${down.length > 1 ? 'are' : 'is'} unavailable`,
} as const;

export const APP_TEXTS = {
  loadingSession: 'Checking your session…',
  loadingPage: 'Loading…',
  chunkLoadFailed: 'This page is taking too long to load. Please check your connection and try again.',
  // A part of a page (a dialog, the player, a form) whose code did not arrive: the page itself stays.
  partLoadFailed: 'This could not be loaded. Please check your connection and try again.',
  // Code that could not arrive, or a request that could not be sent, because the browser is offline.
  offlineLoad: 'You are offline. This will load once your connection is back.',
  offline: 'You are offline. Please try again once your connection is back.',
  retry: 'Retry',
  close: 'Close',
  pageNotFound: 'We could not find that page.',
  unexpectedError: 'Something went wrong. Please reload the page and try again.',
  skipToContent: 'Skip to main content',
  // Under a form drawn ahead whose app has not started a few seconds on (its script did not arrive).
  appNotStarted: 'Still getting ready… If this lasts, please check your connection and reload the page.',
} as const;

// Multipart uploads (books now, recordings later).
export const UPLOAD_MESSAGES = {
  notMultipart: 'Please send the files as a multipart form',
  malformed: 'The upload could not be read. Please try again.',
  tooManyParts: 'The upload has too many fields or files',
  fieldTooLong: 'A form field is too long',
} as const;

// Signed media links (book files now, recordings later).
export const MEDIA_MESSAGES = {
  linkInvalid: 'This link is invalid or has expired',
  fileNotFound: 'File not found',
  rangeNotSatisfiable: 'The requested range is not available',
} as const;
