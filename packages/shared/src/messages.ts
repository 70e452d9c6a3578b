// Every user-visible text of spec sections 5 and 8, verbatim (decisions.md fixes the password texts).
import { FAMILY_CODE_LENGTH, MONTHLY_ALLOWANCES, PASSWORD_MIN_LENGTH } from './constants.ts';

export const VALIDATION = {
  passwordsDoNotMatch: 'Passwords do not match!',
  roleRequired: 'Please select your role!',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  emailRequired: 'Email required',
  firstNameRequired: 'First name required',
  lastNameRequired: 'Last name required',
  invalidEmail: 'Invalid email',
  fixProfileErrors: 'Fix profile errors',
  currentPasswordRequired: 'Current password required',
  passwordsDontMatch: 'Passwords don’t match',
  fixPasswordErrors: 'Fix password errors',
  resetPasswordsDoNotMatch: 'Passwords do not match.',
  resetPasswordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  loginFieldsRequired: 'Email and password are required',
  tooLong: (max: number) => `Must be at most ${max} characters`,
  controlCharacters: 'Please remove the invisible control characters from this text',
  kidFirstNameRequired: 'First name is required',
  kidAgeRequired: 'Age is required',
  kidAgeRange: 'Age must be a number from 0 to 21',
  familyNameRequired: 'Family name is required',
  familySearchTooShort: 'Please enter at least 2 characters',
  familyCodeInvalid: `Family code must be ${FAMILY_CODE_LENGTH} characters (letters and digits)`,
  selectChildFirst: 'Please select a child first',
  selectBookAndReader: 'Please select both a book and a reader',
  notEnoughTokens: (cost: number, balance: number) => `Not enough tokens. Need ${cost}, have ${balance}`,
  selectChildToRecord: 'Please select at least one child to record for',
  premiumAssignFree: 'Free members can only assign premium stories to the family that requested them. Upgrade to Premium or Gold to share with other families.',
  premiumAssignToFreeFamily: 'Premium members can only share premium stories with Premium or Gold families. This family is on the Free plan.',
  unknownSubscriptionStatus: 'Unknown subscription status',
  selectAtLeastOneChild: 'Please select at least one child',
  fillRequiredFields: 'Please fill in all required fields',
  selectPdf: 'Please select a PDF file',
  selectTxt: 'Please select a TXT file',
  selectAtLeastOneRecording: 'Please select at least one recording',
  selectReaderFirst: 'Please select a reader first',
  readerNeedsRecording: (firstName: string) => `${firstName} needs to record at least one story before creating a voice clone`,
  selectReaderAndKid: 'Please select both a reader and a kid',
  noReadersForAi: 'No readers available in this family. Invite grandparents to join!',
  noKidsForAi: 'No kids in this family. Add a kid first!',
  issueDescriptionRequired: 'Please describe the issue',
  deleteKidConfirm: 'Are you sure you want to remove this kid?',
  removeStoriesFlag: 'remove_stories must be true or false',
  familyRoleAdminOnly: 'family_role can only be set to admin',
  approvalFlag: 'code_joins_need_approval must be true or false',
  activityPage: 'Page must be a whole number of at least 1',
  activityPerPage: (max: number) => `Events per page must be a whole number from 1 to ${max}`,
} as const;

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

export const FAMILY_TEXTS = {
  searchFailed: 'Failed to search families',
  searchError: 'An error occurred while searching',
  noSearchResults: 'No families found matching your search',
  joinFailed: 'Failed to join family',
  joinManyFailed: 'Failed to join families',
  joinCodeFailed: 'Failed to join family. Please check the code and try again.',
  genericRetry: 'An error occurred. Please try again.',
  requestSent: 'Request sent! The family will be notified.',
  requestFailed: 'Failed to send request',
  genericError: 'An error occurred',
  kidSaveFailed: 'Failed to save kid',
  kidDeleteFailed: 'Failed to delete kid',
  loadFailed: 'Failed to load family data',
  createFailed: 'Failed to create family',
  createError: 'An error occurred while creating the family',
  noFamily: 'No family found. Create one to get started!',
  welcome: 'Welcome to Story Time!',
  noChildren: 'No children added yet',
  noReaders: 'No readers yet. Share your family code!',
  processRequestFailed: 'Failed to process request',
  copied: 'Copied!',
} as const;

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

export const RECORDING_TEXTS = {
  loadFailed: 'Failed to load recordings',
  assignFailed: 'Failed to assign recording',
  assigned: 'Recording assigned successfully!',
  assignedWithTokens: (used: number, remaining: number) => `Recording assigned! Used ${used} share token(s). ${remaining} remaining.`,
  insufficientTitle: 'Insufficient Share Tokens',
  insufficientBody: (needed: number, remaining: number) =>
    `You need ${needed} share token(s) but have ${remaining} remaining. Buy more tokens or select fewer kids.`,
  loadOneFailed: 'Failed to load recording',
  notFound: 'Recording not found',
  bookNotFound: 'Book not found',
  kidNotFound: 'Kid Not Found',
  storiesLoadFailed: 'Failed to load stories',
  deleteFailed: 'Failed to delete recording',
  deleted: 'Recording deleted successfully',
  cameraDenied: 'Could not access camera/microphone. Please check permissions.',
  uploadFailed: 'Upload failed. Please try again.',
  uploadError: 'Upload error. Please try again.',
  uploadFailedGeneric: 'Failed to upload recording',
  uploaded: 'Recording uploaded successfully!',
  pdfFailed: 'Failed to load PDF',
  pdfReloadFailed: 'Failed to reload PDF. Please refresh the page.',
  pdfReloaded: 'PDF reloaded successfully!',
  noReaderRecordings: 'No reader recordings yet',
  noAiStories: 'No AI-generated stories yet',
  noKidsAvailable: 'No kids available. Connect with families first.',
  videoUnavailable: 'Video unavailable',
  notWatchedYet: 'Not watched yet',
  playlistFinished: 'Playlist finished!',
} as const;

export const PAYMENT_TEXTS = {
  createPaymentFailed: 'Failed to create payment',
  purchased: (n: number, kind: 'share' | 'story') => `Successfully purchased ${n} ${kind} tokens`,
  checkoutFailed: 'Failed to create checkout session',
  portalFailed: 'Failed to open portal',
  alert: (message: string) => `Error: ${message}`,
  loadingSubscription: 'Loading subscription details...',
} as const;

export const ADMIN_TEXTS = {
  narrationTextLabel: 'Book text for AI narration',
  narrationTextHint: 'Only for a PDF without selectable text: the words AI readings will speak. Put a line with --- between pages.',
  loadFailed: 'Failed to load books',
  uploadFailed: 'Failed to upload book',
  deleteFailed: 'Failed to delete book',
  deleted: 'Book deleted successfully',
  uploaded: (title: string) => `"${title}" uploaded successfully`,
} as const;

export const REPORT_TEXTS = {
  title: 'Report an Issue',
  button: 'Report Issue',
  emailNote: "We'll only use this to follow up if needed",
  failed: 'Unable to send bug report. Please try again or contact us directly.',
  success: 'Bug report submitted successfully! Thank you for helping us improve.',
} as const;

// Texts of the web app that the spec leaves unnamed (added with the web app's first screens).
export const SIGNUP_TEXTS = {
  success: 'Account created! Welcome to Family Story Time.',
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

export const ISSUE_ADMIN_TEXTS = {
  title: 'Issue reports',
  loading: 'Loading issue reports…',
  loadFailed: 'Failed to load issue reports',
  empty: 'No issue reports yet.',
} as const;

// Families: server answers not worded by the spec.
export const FAMILY_SERVER_MESSAGES = {
  onlyParentsCreate: 'Only parents can create a family',
  codeUnknown: 'No family found with that code. Please check the code and try again.',
  alreadyMember: 'You are already a member of this family',
  requestAlreadyReviewed: 'This request has already been handled',
  onlyAdmin: 'Only the family admin can do this',
  onlyParents: 'Only parents of this family can do this',
  familyNotFound: 'Family not found',
  kidNotFound: 'Kid not found',
  requestNotFound: 'Join request not found',
  tooManyCodes: 'Too many wrong family codes. Please wait an hour and try again, or ask the family to share their code again.',
  memberNotFound: 'This person is not a member of the family',
  lastAdminRemove: 'You are the only admin of this family. Make another parent an admin before removing yourself.',
  lastAdminLeave: 'You are the only admin of this family. Make another parent an admin, or delete the family, before you leave.',
  onlyParentsAdmin: 'Only parents can be made admins. Readers record stories; they cannot run the family.',
  codeJoinRequested: (familyName: string) => `Your request to join ${familyName} was sent. You will see the family once a family admin approves it.`,
} as const;

// The family page's controls and activity log (issue 25, decision 012).
export const FAMILY_ACTIVITY_TEXTS = {
  approvalSetting: (on: boolean) => (on ? 'Code joins need approval: on' : 'Code joins need approval: off'),
  heading: 'Activity',
  intro: 'What happened in your family, newest first. Only family admins see this.',
  loading: 'Loading activity…',
  loadFailed: 'Could not load the activity',
  empty: 'Nothing has happened yet.',
  newer: 'Newer',
  older: 'Older',
  formerMember: 'A former member',
  // One line per event: who did what (to whom or what).
  line: (type: string, actor: string, subject: string | null) => {
    const s = subject ?? '';
    switch (type) {
      case 'member_joined':
        return `${actor} joined with the family code`;
      case 'join_requested':
        return `${actor} asked to join`;
      case 'join_approved':
        return `${actor} approved ${s}'s request to join`;
      case 'join_declined':
        return `${actor} declined ${s}'s request to join`;
      case 'join_withdrawn':
        return `${actor} withdrew their request to join`;
      case 'member_removed':
        return `${actor} removed ${s}`;
      case 'member_left':
        return `${actor} left the family`;
      case 'admin_granted':
        return `${actor} made ${s} an admin`;
      case 'code_changed':
        return `${actor} made a new family code`;
      case 'settings_changed':
        return `${actor} changed a setting: ${s}`;
      case 'story_recorded':
        return `${actor} recorded ${s || 'a story'}`;
      case 'story_deleted':
        return `${actor} deleted ${s || 'a story'}`;
      case 'kid_added':
        return `${actor} added ${s}`;
      case 'kid_removed':
        return `${actor} removed ${s}`;
      default:
        return `${actor}: ${type}`;
    }
  },
} as const;

export const FAMILY_CONTROL_TEXTS = {
  membersHeading: 'Members',
  membersIntro: 'Everyone who can see this family. Admins can make another parent an admin, or remove someone.',
  you: '(you)',
  makeAdmin: 'Make admin',
  madeAdmin: (name: string) => `${name} is now a family admin`,
  makeAdminFailed: 'Could not make them an admin',
  remove: 'Remove',
  removeTitle: (name: string) => `Remove ${name}?`,
  removeBody: (name: string) =>
    `${name} will no longer see this family, its kids or their stories, and their story requests are cancelled. We will e-mail them that they no longer have access.`,
  removeStories: 'Also delete the stories they recorded for our kids',
  removed: (name: string) => `${name} was removed from the family`,
  removeFailed: 'Could not remove them',
  leave: 'Leave Family',
  leaveTitle: (familyName: string) => `Leave ${familyName}?`,
  leaveBody: 'You will no longer see this family, its kids or their stories. To come back you need the family code again, or an approved request.',
  left: (familyName: string) => `You left ${familyName}`,
  leaveFailed: 'Could not leave the family',
  newCode: 'New Code',
  newCodeTitle: 'Make a new family code?',
  newCodeBody: 'The current code stops working at once. Share the new one with the people you want to invite.',
  newCodeMade: 'A new family code is ready. The old one no longer works.',
  newCodeFailed: 'Could not make a new code',
  approvalLabel: 'Code joins need approval',
  approvalHint: 'When on, anyone who enters the code sends a join request for you to approve. Parents always need approval.',
  approvalOn: 'Code joins now need your approval',
  approvalOff: 'Grandparents who enter the code now join at once',
  approvalFailed: 'Could not save the setting',
} as const;

// E-mails about a family's members (decisions.md "Families"): no more of the family than the reader needs.
export const FAMILY_MAIL_TEXTS = {
  joinedByCodeSubject: (familyName: string) => `Someone joined ${familyName} with your family code`,
  joinedByCodeBody: (input: { adminFirstName: string; name: string; email: string; familyName: string; familyUrl: string }) =>
    `Hello ${input.adminFirstName},\n\n` +
    `${input.name} (${input.email}) joined ${input.familyName} as a reader with your family code.\n\n` +
    `If you do not know them, remove them and make a new family code on your family page: ${input.familyUrl}\n`,
  removedSubject: 'You no longer have access to a family on Family Story Time',
  removedBody: (input: { firstName: string; publicUrl: string }) =>
    `Hello ${input.firstName},\n\n` +
    `A family admin removed you from one of the families you were part of on Family Story Time. You no longer have access to it.\n\n` +
    `Your account and your other families are unchanged: ${input.publicUrl}\n`,
  requestedByCodeSubject: (familyName: string) => `Someone asked to join ${familyName} with your family code`,
  requestedByCodeBody: (input: { adminFirstName: string; name: string; email: string; familyName: string; familyUrl: string }) =>
    `Hello ${input.adminFirstName},\n\n` +
    `${input.name} (${input.email}) used your family code to ask to join ${input.familyName}. They can see nothing of the family until you approve.\n\n` +
    `Approve or decline the request: ${input.familyUrl}\n` +
    `If you do not know them, decline and make a new family code.\n`,
} as const;

// Deleting an account or a family (issue 25, docs/decisions/016, docs/privacy.md).
export const DELETION_TEXTS = {
  passwordRequired: 'Enter your password to delete your account',
  wrongPassword: 'That password is not right. Your account was not deleted.',
  lastAdminOf: (familyName: string) =>
    `You are the only admin of ${familyName}, which has other members. Make another parent an admin, or delete the family, before you delete your account.`,
  confirmNameRequired: 'Type the family name to delete the family',
  confirmNameWrong: 'That is not the family name. Type it exactly as shown; nothing was deleted.',
  accountDeletedSubject: 'Your Family Story Time account was deleted',
  accountDeletedBody: (input: { firstName: string }) =>
    `Hello ${input.firstName},\n\n` +
    `Your Family Story Time account was deleted, as you asked. Your profile, your recordings and their files, your AI voice ` +
    `(here and at the voice provider), your voice consent and your memberships are gone, and you were signed out everywhere. ` +
    `A paid plan was cancelled. Records of payments stay for our accounts, without your name or e-mail address.\n\n` +
    `If this was not you, reply to this e-mail at once.\n`,
  familyDeletedSubject: (familyName: string) => `${familyName} was deleted on Family Story Time`,
  familyDeletedBody: (input: { firstName: string; familyName: string; publicUrl: string }) =>
    `Hello ${input.firstName},\n\n` +
    `A family admin deleted ${input.familyName} on Family Story Time. Its kids, their stories recorded only for this family, ` +
    `their playlists, story requests and activity are gone.\n\n` +
    `Your account and your other families are unchanged: ${input.publicUrl}\n`,
  // Profile page
  dangerHeading: 'Delete Account',
  dangerIntro:
    'This deletes your account for good: your profile, your recordings and their files, your AI voice, your voice consent and your place in every family. A paid plan is cancelled. It cannot be undone.',
  typeToConfirm: 'Type DELETE to confirm',
  confirmWord: 'DELETE',
  passwordLabel: 'Your password',
  deleteAccount: 'Delete my account',
  deletingAccount: 'Deleting...',
  accountDeleted: 'Your account was deleted',
  accountDeleteFailed: 'Could not delete your account',
  // Family page
  familyDangerHeading: 'Delete Family',
  familyDangerIntro: (familyName: string) =>
    `This deletes ${familyName} for everyone: its kids, story requests, playlists, activity and the stories recorded only for this family, with their files. Every member is told by e-mail. It cannot be undone.`,
  typeFamilyName: (familyName: string) => `Type the family name (${familyName}) to confirm`,
  deleteFamily: 'Delete family',
  deletingFamily: 'Deleting...',
  familyDeleted: (familyName: string) => `${familyName} was deleted`,
  familyDeleteFailed: 'Could not delete the family',
  // Links to the privacy page
  privacyLink: 'Privacy',
  signupPrivacy: 'How we keep and delete your data:',
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

// Families: texts of the web app that the spec leaves unnamed.
export const FAMILY_PAGE_TEXTS = {
  loading: 'Loading your family…',
  created: (familyName: string) => `${familyName} is ready. Add your kids and invite the grandparents!`,
  joined: (familyName: string) => `You joined ${familyName}!`,
  kidAdded: (firstName: string) => `${firstName} was added`,
  kidUpdated: (firstName: string) => `${firstName} was updated`,
  kidRemoved: (firstName: string) => `${firstName} was removed`,
  copyFailed: 'Could not copy the code. Please select it and copy it by hand.',
  searching: 'Searching…',
  requestsLoading: 'Loading join requests…',
  requestsLoadFailed: 'Failed to load join requests',
  noJoinRequests: 'No pending join requests',
  requestApproved: (name: string) => `${name} joined your family`,
  requestRejected: (name: string) => `The request from ${name} was declined`,
  readerNoFamily: 'You have not joined a family yet. Ask a parent for their family code, or find their family by name.',
  kidsLoadFailed: 'Could not load the kids of this family',
  noKidsInFamily: 'No kids in this family yet',
  // The requester's own pending join requests on their dashboard (issue 22.12).
  pendingHeading: 'Waiting to join',
  pendingLine: (familyName: string) => `You asked to join ${familyName}.`,
  pendingWaiting: 'Waiting for a parent of the family to approve. You will see the family here once they do.',
  pendingAsked: 'Asked',
  withdraw: 'Cancel Request',
  withdrawTitle: (familyName: string) => `Cancel your request to join ${familyName}?`,
  withdrawBody: 'The family will no longer see your request. You can ask again later with their family code or by finding the family.',
  withdrawKeep: 'Keep Request',
  withdrawn: (familyName: string) => `Your request to join ${familyName} was cancelled`,
  withdrawFailed: 'Could not cancel the request',
} as const;

// Billing: server answers not worded by the spec.
export const BILLING_MESSAGES = {
  cardDeclined: 'Your card was declined. Please use another card.',
  invalidCard: 'Please enter a valid card number',
  paymentNotFound: 'Payment not found',
  paymentSettled: 'This payment has already been completed',
  checkoutNotFound: 'Checkout session not found',
  localProviderOnly: 'This is only available in test mode',
  noSubscription: 'You have no paid plan to manage',
  trialUsed: 'This family has already used its free trial',
  onlyGoldGifts: 'Only Gold readers can gift story tokens',
  giftNotReader: 'You can only gift tokens to a family you read for',
  notPremiumBook: 'This book is not a premium book',
  shareTokensNote: 'Premium stories shared with other families use share tokens.',
  premiumRecordingNeedsPlan: 'Recording premium stories needs the Premium or Gold plan, unless a family requested the story.',
  paymentServiceUnavailable: 'The payment service could not be reached. Please try again in a moment.',
  invalidWebhookSignature: 'Invalid webhook signature',
} as const;

// Recordings, the recorder and resumable uploads: server answers and texts the spec leaves unnamed.
export const RECORDING_SERVER_MESSAGES = {
  onlyReaders: 'Only readers (grandparents) can record stories',
  readerOfNoFamily: 'Join a family as a reader before recording stories',
  tooManyUploads: (max: number) => `You have ${max} recordings uploading already. Please let one finish, or cancel one, first.`,
  notReaderOfKidFamily: 'You can only record for kids of families you read for',
  onlyOwnerDeletes: 'Only the reader who made this recording can delete it',
  onlyOwnerOrParentAssigns: 'Only the reader who made this recording, or a parent of a family it was made for, can assign it',
  parentAssignsOwnFamily: 'Parents can assign this recording only to kids of their own family',
  notReady: 'Only finished recordings can be assigned',
  stillProcessing: 'This recording is still being processed. Please try again in a moment.',
  processingFailed: 'This recording could not be processed',
  alreadyAssigned: 'This recording is already assigned to the selected children',
  fileRequired: 'Please attach the recording',
  fileAndUploadId: 'Send either the recording file or an upload_id, not both',
  notMedia: 'This file is not a video or audio recording',
  unsupportedType: (types: string) => `Recordings must be one of: ${types}`,
  tooLarge: (mb: number) => `The recording is too large (at most ${mb} MB)`,
  bookRequired: 'Please choose a book',
  typeInvalid: 'Recording type must be video_with_pdf, audio_only or webcam_only',
  durationInvalid: 'Duration must be a number of seconds',
  kidIdsInvalid: 'kid_ids must be a JSON list of kid ids',
  pageTrackInvalid: 'page_track must be a JSON list of { page, at_seconds }',
  premiumFlagInvalid: 'is_premium must be true or false',
  uploadIdInvalid: 'upload_id is not a valid upload id',
  uploadNotFound: 'Upload not found. Please upload the recording again.',
  uploadNotFinished: 'This upload has not finished yet. Please resume it before saving the recording.',
  readerNotFound: 'Reader not found',
  reprocessFailed: 'Processing failed. Please record the story again.',
  noMediaStreams: 'The recording has no audio or video in it',
  unreadableMedia: 'The recording could not be read. It may be damaged or cut off.',
  transcodeFailed: 'The recording could not be converted for playback',
  tooLong: (minutes: number) => `The recording is longer than ${minutes} minutes. Please record a shorter reading.`,
} as const;

// Recording detail page and recorder: labels the spec leaves unnamed.
export const RECORDING_PAGE_TEXTS = {
  statusFinished: 'finished',
  typeLabels: { video_with_pdf: 'Video with book', webcam_only: 'Webcam only', audio_only: 'Audio only' },
  readyToRecordTitle: 'Ready to Record?',
  recordAgain: 'Record Again',
  uploading: (percent: number) => `Uploading… ${percent}%`,
  unsentTitle: 'You have a reading that was not sent',
  unsentBody: (bookTitle: string, duration: string) => `Your reading of "${bookTitle}" (${duration}) was not uploaded yet.`,
  unsentUpload: 'Upload it now',
  unsentDiscard: 'Discard it',
  deleteConfirm: 'Are you sure you want to delete this recording?',
  processing: 'Getting your recording ready…',
  uploadWaitsForConnection: 'Your reading is kept on this device. It is sent by itself as soon as you are back online.',
  leaveTitle: 'Leave the recording?',
  leaveBody: 'You are still recording. If you leave now, the recording stops and what you read so far is kept on this device, to send later.',
  leaveStay: 'Keep Recording',
  leaveGo: 'Leave',
} as const;

// Plans, tokens and payments in the web app: texts the spec leaves unnamed (section 6 feature lists,
// FAQ answers built from sections 6 and 9, the test-mode pages of decisions.md "Payments").
export const BILLING_TEXTS = {
  parentPlansTitle: 'Parent Plans',
  grandparentPlansTitle: 'Grandparent Plans',
  statusLoadFailed: 'Could not load your subscription details',
  planNames: { free: 'Free', premium: 'Premium', gold: 'Gold' },
  cancelAtPeriodEnd: (date: string) => `Your plan is cancelled and ends on ${date}. You keep all its features until then.`,
  renews: (date: string) => `Renews on ${date}`,
  upgraded: (plan: string) => `Welcome to ${plan}! Your plan is active.`,
  // A checkout for another plan while a paid one runs changes it in place (no second subscription).
  changeHeading: (plan: string) => `Change to ${plan}`,
  changeNote: (from: string, to: string, date: string, price: string) =>
    `Your plan changes from ${from} to ${to} now, and renews on ${date} at ${price} a month. Nothing is charged today.`,
  confirmChange: 'Confirm Change',
  planChanged: (plan: string) => `Your plan is now ${plan}.`,
  checkoutComplete: 'This checkout has already been paid.',
  checkoutLoadFailed: 'Could not load this checkout',
  testMode: 'TEST MODE',
  // Issue 24.5: on every signed-in page while the local provider is on (app/layout/test-mode-notice.tsx).
  testModeNoticeLabel: 'Test mode',
  testModeNotice: 'No real card is charged here.',
  testCheckoutNote: 'This is a test checkout inside Family Story Time. No real card is charged.',
  testPortalNote: 'This is the test customer portal inside Family Story Time. No real card is charged.',
  cancelConfirmTitle: 'Cancel your plan?',
  cancelConfirmBody: (plan: string, date: string) => `You keep ${plan} until ${date}. After that your account moves to the Free plan; your tokens stay yours.`,
  cancelled: (date: string) => `Your plan is cancelled. You keep it until ${date}.`,
  resumed: 'Your plan is back on and renews as usual.',
  portalFailed: 'Could not update your plan. Please try again.',
  purchaseTitle: 'Purchase Tokens',
  testCardNote: 'Pay with card 4242 4242 4242 4242, any future expiry date and any CVC. Card 4000 0000 0000 0002 is declined.',
  invalidExpiry: 'Please enter the expiry date as MM/YY',
  cardExpired: 'This card has expired. Please use a card with a future expiry date.',
  invalidCvc: 'Please enter the 3 or 4 digit CVC',
  unlocked: (title: string) => `“${title}” is unlocked. Enjoy the story!`,
  goldUnlocksFree: 'Gold members unlock every premium book for free.',
  // decisions.md: a gold grandparent's monthly story tokens can be gifted to a family they read for.
  giftButton: 'Gift Story Tokens',
  giftTitle: 'Gift Story Tokens',
  giftDescription: "Give some of your story tokens to a family you read for. They go to the family's admin, who can unlock premium books with them.",
  giftNoFamilies: 'You do not read for a family yet. Once a family has you as a reader, you can gift them story tokens.',
  giftNoTokens: 'You have no story tokens to gift right now. Gold adds more each month.',
  giftFamiliesLoadFailed: 'Could not load your families',
  giftFailed: 'Could not gift the tokens. Please try again.',
  giftAmountInvalid: (most: number) => `Please enter a whole number of tokens from 1 to ${most}`,
  gifted: (amount: number, family: string) => `You gifted ${amount} story ${amount === 1 ? 'token' : 'tokens'} to ${family}.`,
} as const;

/** The plan cards' feature lists of spec section 6; anyone other than a parent sees the grandparent set. */
export const PLAN_FEATURES = {
  parent: {
    free: [
      { text: 'Unlimited manual recordings', included: true },
      { text: 'Grandparents record videos', included: true },
      { text: 'Share with family', included: true },
      { text: 'No AI stories', included: false },
      { text: 'No premium library', included: false },
    ],
    premium: [
      { text: `${MONTHLY_ALLOWANCES.parent.premium.aiStories} AI stories a month`, included: true },
      { text: `${MONTHLY_ALLOWANCES.parent.premium.storyTokens} story tokens a month`, included: true },
      { text: 'Grandparent AI voice clone', included: true },
      { text: 'Premium library', included: true },
    ],
    gold: [
      { text: `${MONTHLY_ALLOWANCES.parent.gold.aiStories} AI stories a month`, included: true },
      { text: `${MONTHLY_ALLOWANCES.parent.gold.storyTokens} story tokens a month`, included: true },
      { text: 'Premium library', included: true },
      { text: 'Early access', included: true },
    ],
  },
  grandparent: {
    free: [
      { text: 'Unlimited manual recordings', included: true },
      { text: 'No share tokens', included: false },
      { text: 'No premium library', included: false },
      { text: 'No sharing to premium parents', included: false },
    ],
    premium: [
      { text: `${MONTHLY_ALLOWANCES.grandparent.premium.shareTokens} share tokens a month`, included: true },
      { text: 'Share to Premium parents only', included: true },
      { text: 'Premium library', included: true },
      { text: 'Record premium stories', included: true },
    ],
    gold: [
      { text: 'Unlimited share tokens', included: true },
      { text: 'Share to all parents', included: true },
      { text: `${MONTHLY_ALLOWANCES.grandparent.gold.storyTokens} story tokens a month`, included: true },
      { text: 'Early access', included: true },
    ],
  },
} as const;

export const BILLING_FAQ = [
  {
    question: 'Do my tokens expire?',
    answer: 'No. Story and share tokens never expire: unused tokens roll over to the next month, and so do tokens you buy.',
  },
  {
    question: 'Do unused AI stories roll over?',
    answer: 'No. AI story credits reset at the start of each monthly billing period and do not roll over.',
  },
  {
    question: 'Can I cancel at any time?',
    answer:
      'Yes. Cancel whenever you like with Manage Subscription. You keep your plan until the end of the billing period you paid for, then move to the Free plan.',
  },
  {
    question: 'What are story tokens?',
    answer: 'Story tokens unlock books in the Premium Library; each book shows how many tokens it needs. Gold members unlock every premium book for free.',
  },
  {
    question: 'What are share tokens?',
    answer:
      'Share tokens let grandparents share the premium stories they record with kids of other families. Premium readers get 10 a month; Gold readers have unlimited share tokens.',
  },
  {
    question: 'How much does sharing a premium story cost?',
    answer:
      'Sharing a premium story with a kid of another family costs 1 share token, or 2 for a family on the Free plan (Gold only). Sharing with the family that asked for the story is free.',
  },
] as const;

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

// Playback (play events, playlists, bedtime, reactions, notification settings): server answers.
export const PLAYBACK_SERVER_MESSAGES = {
  eventInvalid: 'Event must be start, progress or complete',
  positionInvalid: 'Position must be a number of seconds',
  recordingNotForKid: 'This story is not in this child’s stories',
  notReady: 'This recording is still being processed. Please try again in a moment.',
  orderInvalid: 'The playlist order must list each of the child’s stories exactly once',
  storiesLimitRange: (min: number, max: number) => `Stories tonight must be a whole number from ${min} to ${max}`,
  sleepTimerRange: (min: number, max: number) => `Sleep timer must be a whole number of minutes from ${min} to ${max}`,
  reactionInvalid: 'Reaction must be heart, star, hug or laugh',
  flagInvalid: 'Must be true or false',
  tzOffsetInvalid: 'tz_offset_minutes must be a whole number of minutes from -840 to 840',
  onlyReadersHaveStats: 'Reader stats are for reader (grandparent) accounts',
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

// The reader dashboard's texts beyond the spec's own (spec section 2 "Reader dashboard").
export const READER_DASHBOARD_TEXTS = {
  statsLoadFailed: 'Could not load your stats',
  requestsLoadFailed: 'Could not load story requests',
  noPremiumRequests: 'No premium story requests.',
  noRegularRequests: 'No story requests right now.',
  noRequests: 'No story requests yet. When a parent asks you for a story, it shows here.',
} as const;

// The story player, the child stories page, bedtime mode and reactions: texts the spec leaves unnamed.
export const PLAYBACK_TEXTS = {
  bedtimeGoodnightTitle: 'Goodnight!',
  bedtimeGoodnight: 'Sweet dreams. The stories are over for tonight, time to close your eyes.',
  sleepTimerDone: 'The sleep timer has ended. Sweet dreams.',
  playlistLoadFailed: 'Failed to load stories',
  orderSaved: 'Playlist order saved. Every device now plays the stories in this order.',
  orderReset: 'Playlist order reset to newest first.',
  orderSaveFailed: 'Could not save the playlist order',
  bedtimeSaved: 'Bedtime settings saved',
  bedtimeSaveFailed: 'Could not save the bedtime settings',
  bedtimeLoadFailed: 'Could not load the bedtime settings',
  reactionFailed: 'Could not send the reaction',
  reactionsLoadFailed: 'Could not load reactions',
  noReactions: 'No reactions yet. When a child sends you a heart or a sticker after a story, it shows here.',
  tapToStart: 'Tap to start the story',
  holdToClose: 'Press and hold to close bedtime mode',
  mediaFailed: 'This story could not be played.',
  bedtimeNoStories: 'There are no stories to play at bedtime yet.',
  nextStory: 'Next story',
  nextStoryNow: 'Play it now',
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

// The parent dashboard (spec section 2 "Parent dashboard"): texts the spec leaves unnamed.
export const PARENT_DASHBOARD_TEXTS = {
  unwatched: (n: number) => (n === 0 ? 'All caught up! Every story has been watched.' : `${n} unwatched ${n === 1 ? 'story' : 'stories'} waiting`),
  statsLoadFailed: 'Could not load your family’s story stats',
  noLastWatched: 'No story watched yet. Play one and it shows here, ready to replay.',
  bedtimeIntro: 'Who is going to bed? Their stories play one after another in a calm, dark player.',
  readersLoadFailed: 'Could not load the readers of this family',
  noCurrentStories: (kidName: string) => `No stories for ${kidName} yet. Ask a reader for one, or assign a story your family already has.`,
  allAssigned: (kidName: string) => `Every finished story of your family is already in ${kidName}’s stories.`,
  noStoryMatch: (q: string) => `No stories match “${q}”.`,
  watched: 'Watched',
  noStoriesYet: 'No stories yet. Ask a reader for one: it shows up here, ready to watch.',
} as const;

// AI narration (voice clones, availability, AI stories): texts the spec leaves unnamed, and server answers.
export const NARRATION_TEXTS = {
  consentLabel: 'Allow my family to create an AI voice from my readings',
  consentNote:
    'When this is on, a parent of your family can make an AI voice from the stories you recorded, and use it to read more books to your grandkids. Turning it off deletes the voice.',
  consentOn: 'Your family may now create an AI voice from your readings.',
  consentOff: 'AI voice turned off. Any voice made from your readings was deleted.',
  consentOffConfirmTitle: 'Turn off your AI voice?',
  consentOffConfirmBody: (voiceName: string) =>
    `Your AI voice “${voiceName}” is deleted, and your family can no longer make new AI stories in it. Stories already made stay.`,
  consentOffConfirm: 'Turn off and delete voice',
  approximateVoice: 'Approximate voice',
  approximateVoiceNote: 'Made on our own server from the pitch and pace of the chosen readings: it resembles the reader, it is not a true copy.',
  clonedVoice: 'Cloned voice',
  voiceCloneCreated: (voiceName: string) => `${voiceName} is ready!`,
  voiceDeleted: 'The AI voice was deleted.',
  subscribeNow: 'Subscribe Now',
  aiNeedsSubscription: 'AI stories need a Premium or Gold plan.',
  generating: 'Making the AI story…',
  generated: 'Your AI story is ready!',
  generationsRemaining: (n: number) => `${n} AI ${n === 1 ? 'story' : 'stories'} left this month`,
  generateFailed: 'Failed to generate the AI story',
  cloneFailed: 'Failed to create the voice clone',
  availabilityFailed: 'Failed to check AI availability',
} as const;

export const NARRATION_SERVER_MESSAGES = {
  onlyReadersConsent: 'Only readers (grandparents) can allow an AI voice of their readings',
  consentMissing: (firstName: string) =>
    `${firstName} has not allowed an AI voice of their readings yet. We sent ${firstName} an e-mail asking for permission.`,
  consentMissingSelf: `Please turn on "${NARRATION_TEXTS.consentLabel}" first.`,
  readerNotFound: 'Reader not found',
  onlyParentsOrReader: 'Only the reader or a parent of the reader’s family can create this voice',
  recordingsNotReaders: 'Please choose finished recordings of this reader',
  tooManyRecordings: (max: number) => `Please choose at most ${max} recordings`,
  voiceNameInvalid: (max: number) => `The voice name must be 1 to ${max} characters`,
  noVoiceToDelete: 'You have no AI voice to delete',
  voiceServiceUnavailable: 'The voice service could not be reached. Please try again in a moment.',
  voiceServiceRefused: 'The voice service could not make a voice from these recordings. Please choose other recordings.',
  needsSubscription: 'AI stories need a Premium or Gold plan.',
  noVoiceClone: 'This reader has no AI voice yet. Create a voice clone first.',
  limitReached: (limit: number) => `Your family has used all ${limit} AI stories for this month.`,
  existingAi: 'An AI reading of this book already exists for this kid.',
  existingManual: 'This reader has already recorded this book for this kid.',
  premiumLocked: 'Unlock this premium book first to generate an AI reading.',
  noBookText: 'AI narration is not available for this book: it has no text to read aloud.',
  bookTextTooLong: (max: number) => `The book text must be at most ${max} characters`,
  bookTextNotAccepted: 'AI stories read only the book’s own text; book_text is not accepted',
  onlyParentsGenerate: 'Only parents of this family can generate AI stories',
  onlyParentsManage: 'Only parents of this family can do this with AI stories',
  aiRecordingNotFound: 'AI story not found',
  stillGenerating: 'This AI story is still being made. Please try again in a moment.',
  generationFailed: 'This AI story could not be made',
  voiceRemoved: 'The reader’s AI voice was removed before the story was made',
  synthesisFailed: 'The AI story could not be made. Please try again.',
  alreadyAssigned: 'This AI story is already in this kid’s stories',
  otherFamilyKid: 'An AI story can be given only to kids of the family that made it',
  consentEmailSubject: (requesterName: string) => `${requesterName} would like to make an AI voice of your readings`,
  consentEmailBody: (readerFirstName: string, requesterName: string, profileUrl: string) =>
    `Hello ${readerFirstName},\n\n${requesterName} would like to create an AI voice from the stories you recorded on Family Story Time, so it can read more books to your grandkids in a voice like yours.\n\nIf you agree, open your profile and turn on "${NARRATION_TEXTS.consentLabel}":\n${profileUrl}\n\nNothing is made until you turn it on, and you can turn it off at any time: that deletes the voice.\n\nFamily Story Time`,
} as const;

// Exports (issue 25, docs/decisions/017): the family archive and "my data", downloaded as zips.
export const EXPORT_TEXTS = {
  familyHeading: 'Download our stories',
  familyIntro:
    'Every story recorded for your kids, the AI stories and their reactions, in one zip file. Unzip it and open index.html to watch them without the app, even offline.',
  familyButton: 'Download our stories',
  myDataHeading: 'Your data',
  myDataIntro:
    'A copy of what Family Story Time keeps about you: your profile, families, the readings you recorded with their videos, your voice consent, payments and issue reports.',
  myDataButton: 'Download my data',
  started: 'Your download has started. Large families can take a few minutes; your browser shows its progress.',
} as const;

// Kid devices (issue 26, docs/decisions/018).
export const DEVICE_SERVER_MESSAGES = {
  codeRequired: 'Enter the 6-character code shown on the parent’s screen.',
  codeWrong: 'That code is not right. Check it and try again.',
  codeExpired: 'That code has expired. Ask a parent for a new one.',
  codeUsed: 'That code was already used. Ask a parent for a new one.',
  pairingLocked: 'Too many wrong codes. Wait a few minutes and try again.',
  deviceNameRequired: 'Give this device a name, like “Mia’s tablet”.',
  deviceNotFound: 'That device is not paired with this family any more.',
  notOnDevice: 'This is a kid device: only the kid’s stories can be played here.',
  onlyParentLeaves: 'Only a parent of this family can leave kid mode.',
  offlineStoriesRange: (min: number, max: number) => `Stories kept offline must be a whole number from ${min} to ${max}.`,
} as const;

/** Tonight's stories offline on the kid's page (issue 26). */
export const OFFLINE_TEXTS = {
  title: 'Tonight’s stories offline',
  intro: 'Keep the playlist on this device, to play with no internet (in the car, at grandma’s).',
  autoSave: (count: number) =>
    count === 0
      ? 'This device saves no stories by itself: use “Save for offline” to keep them.'
      : `This device also keeps the playlist’s first ${count === 1 ? 'story' : `${count} stories`} saved by itself whenever it is online.`,
  save: 'Save for offline',
  saveAgain: 'Save new stories',
  saving: 'Saving for offline…',
  progress: (done: number, total: number) => `${done} of ${total} files`,
  saved: (count: number, size: string) => `${count} ${count === 1 ? 'story' : 'stories'} saved on this device · ${size}`,
  allSaved: 'Every story on the playlist is saved on this device.',
  saveFailed: 'Some stories could not be saved. Try again when the connection is better.',
  offline: 'You are offline. Saved stories still play; the others come back with the connection.',
  savedBadge: 'Saved for offline',
  notSaved: 'Not saved for offline',
} as const;

export const DEVICE_TEXTS = {
  setUp: 'Set up a device',
  setUpTitle: (kidName: string) => `Set up a device for ${kidName}`,
  setUpSteps: (kidName: string) =>
    `On ${kidName}’s tablet or phone, open this app’s /pair page (or scan the QR code) and type this code. The device will play only ${kidName}’s stories.`,
  codeExpires: (time: string) => `The code works once, until ${time}.`,
  newCode: 'New code',
  codeFailed: 'The code could not be made. Try again.',
  pairTitle: 'Set up this device for a kid',
  pairIntro: 'Ask a parent to open the kid’s card on the Family page and choose “Set up a device”, then type the code shown there.',
  codeLabel: 'Pairing code',
  deviceNameLabel: 'Device name',
  deviceNamePlaceholder: 'Mia’s tablet',
  pair: 'Pair this device',
  pairing: 'Pairing…',
  pairFailed: 'This device could not be paired. Try again.',
  devicesTitle: 'Kid devices',
  devicesIntro: 'Tablets and phones that play one kid’s stories and nothing else.',
  noDevices: 'No kid devices yet. Use “Set up a device” on a kid’s card.',
  pairedOn: (date: string) => `Paired ${date}`,
  lastUsed: (date: string) => `Last used ${date}`,
  forKid: (kidName: string) => `For ${kidName}`,
  remove: 'Remove',
  removeTitle: (name: string) => `Remove ${name}?`,
  removeBody: 'The device stops playing stories at once and goes back to the pairing page.',
  removed: (name: string) => `${name} was removed.`,
  removeFailed: 'The device could not be removed. Try again.',
  offlineStoriesLabel: 'Stories kept offline',
  offlineStoriesHint: '“Stories kept offline” is how many of the playlist’s first stories a device saves by itself, to play with no internet.',
  offlineStoriesChoice: (count: number) => (count === 0 ? 'None' : count === 1 ? 'First story' : `First ${count} stories`),
  offlineStoriesSaved: (name: string, count: number) =>
    count === 0 ? `${name} will save no stories by itself.` : `${name} will keep the first ${count === 1 ? 'story' : `${count} stories`} offline.`,
  offlineStoriesFailed: 'The setting could not be saved. Try again.',
  leaveKidMode: 'Leave kid mode',
  leaveTitle: 'Leave kid mode',
  leaveIntro: 'A parent of this family signs in here to leave kid mode.',
  leave: 'Sign in and leave',
  leaving: 'Signing in…',
} as const;
