// Family controls and the activity log.
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
