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

/**
 * A role picked on the sign-up page drawn ahead (decision 008) before the app took it over. The form's library
 * registers the radios one by one and would clear that pick; read here, it becomes the form's starting value.
 */
export function rolePickedBeforeStart(): Role | undefined {
  if (typeof document === 'undefined') return undefined;
  const value = document.querySelector<HTMLInputElement>('input[name="role"]:checked')?.value;
  return ROLES.find((role) => role === value);
}
