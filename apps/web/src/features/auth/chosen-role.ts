import { ROLES, type Role } from '@fst/shared/constants';

// The landing page's "I'm a Parent / I'm a Grandparent" choice, kept for this browser session only.
const KEY = 'userType';

export function saveChosenRole(role: Role): void {
  try {
    sessionStorage.setItem(KEY, role);
  } catch {
    // Storage can be unavailable (private mode); the choice is only a convenience.
  }
}

export function readChosenRole(): Role | undefined {
  try {
    const value = sessionStorage.getItem(KEY);
    return ROLES.find((role) => role === value);
  } catch {
    return undefined;
  }
}
