// Families: search, joining, members, the family page and e-mails about members.
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
