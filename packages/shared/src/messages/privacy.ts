// Deleting and exporting an account or a family.
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
