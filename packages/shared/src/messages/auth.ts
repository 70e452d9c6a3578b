// Accounts: signing in and up, e-mail verification, the profile, password reset and e-mail notices.
export const AUTH_ERRORS = {
  signup: 'Signup failed',
  forgot: 'Failed to send reset email.',
  reset: 'Failed to reset password.',
  login: 'Login failed',
  logout: 'Logout failed',
  getUser: 'Failed to get user',
  joinFamily: 'Failed to join family',
  searchFamilies: 'Failed to search families',
  changePassword: 'Failed to change password',
  updateProfile: 'Failed to update profile',
} as const;

/** Sign-in texts the spec leaves open. */
export const AUTH_TEXTS = {
  // On the sign-in page a session that ended while the app was open led to; signing in goes back to that page.
  sessionEnded: 'Your session has ended. Please sign in again to carry on where you were.',
} as const;

/** Verifying the account's e-mail address and changing it (docs/decisions/013). */
export const EMAIL_TEXTS = {
  verified: 'Your e-mail address is verified.',
  changed: (email: string) => `Your e-mail address is now ${email}.`,
  verifying: 'Verifying your e-mail address...',
  linkExpired: 'This link has expired. Send yourself a new one from the banner at the top of any page once you are signed in.',
  linkUsed: 'This link has already been used.',
  linkInvalid: 'This link is not valid. Check that you opened the whole link from the e-mail.',
  // The address the link is for is no longer the account's (changed since, or taken by another account).
  linkStale: 'This link is for an address that is no longer waiting to be verified.',
  banner: (email: string) => `Please verify your e-mail address: we sent a link to ${email}.`,
  resend: 'Resend verification e-mail',
  resending: 'Sending...',
  resent: 'Verification e-mail sent. Check your inbox.',
  resendFailed: 'Could not send the verification e-mail',
  alreadyVerified: 'Your e-mail address is already verified.',
  currentPasswordForEmail: 'Enter your current password to change your e-mail',
  passwordLabel: 'Confirm with your password',
  passwordHint: 'Needed to change your e-mail address.',
  pending: (email: string) => `Check your inbox: we sent a link to ${email}. Your e-mail address changes when you open it.`,
  undoTitle: 'Undo the e-mail change',
  undoIntro: 'Your account will get its old e-mail address back, and every device signed in to it will be signed out.',
  undoButton: 'Undo the change',
  undoing: 'Undoing...',
  undone: (email: string) =>
    `Your account has its e-mail address ${email} back and every device was signed out. Sign in, and change your password if you did not ask for the change.`,
  undoFailed: 'Could not undo the change',
  addressReserved: 'This address can still be taken back by its previous account. Try again in a few days.',
  goToSignIn: 'Go to sign in',
  goToDashboard: 'Go to your dashboard',
} as const;

export const PROFILE_TEXTS = {
  saved: 'Profile updated',
  saveNetworkError: 'Network error – could not save',
  saveFailed: (status: number) => `Save failed: ${status}`,
  passwordFailed: 'Could not change password',
  passwordNetworkError: 'Network error – could not update password',
  passwordUpdated: 'Password updated',
  loadFailed: 'Could not load profile',
  passwordNote: 'We will send you a confirmation e-mail when your password changes.',
} as const;

export const RESET_TEXTS = {
  redirecting: 'Redirecting to login...',
} as const;

// Texts of the web app that the spec leaves unnamed (added with the web app's first screens).
export const SIGNUP_TEXTS = {
  success: 'Account created! Welcome to Family Story Time.',
} as const;

// E-mail notices and their switches on the profile (decisions.md "Endpoints beyond the spec": notification settings).
export const NOTIFICATION_TEXTS = {
  cardTitle: 'E-mail notices',
  cardIntro: 'Choose which e-mails Family Story Time sends you.',
  storyRequestedLabel: 'A story is requested of me',
  storyRequestedHint: 'When a parent asks you to read a book for their child.',
  newStoryLabel: 'A new story arrives for my kids',
  newStoryHint: 'When a reader’s story for one of your kids is ready to watch.',
  saved: 'E-mail notices saved',
  saveFailed: 'Could not save your e-mail notices',
  loadFailed: 'Could not load your e-mail notices',
  loading: 'Loading your e-mail notices…',
} as const;
