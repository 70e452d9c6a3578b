import type { Role } from '../constants.ts';

/** The dashboard a role lands on (spec section 2: a grandparent goes to theirs, anyone else to the parent's). */
export function dashboardPath(role: Role | null | undefined): '/grandparent-dashboard' | '/parent-dashboard' {
  return role === 'grandparent' ? '/grandparent-dashboard' : '/parent-dashboard';
}

// The sign-in pages themselves: never a page to come back to after signing in.
const AUTH_PAGES = /^\/(?:login|signup|forgot-password|reset-password)(?:[/?#]|$)/;
/** The longest page address kept to come back to (a longer one is not an address the app makes). */
export const RETURN_PATH_MAX_LENGTH = 2000;

/**
 * Where signing in leads: back to the page that sent a signed-out visitor to sign in (`next`, an e-mailed
 * story link, say), when it is one of this app's own pages; else the role's dashboard (spec section 2).
 * Only a path on this site is followed: `//host`, `/\host`, schemes and control characters are not.
 */
export function afterSignIn(role: Role | null | undefined, next: string | null | undefined): string {
  const fallback = dashboardPath(role);
  if (!next || next.length > RETURN_PATH_MAX_LENGTH || !next.startsWith('/') || next.startsWith('//')) return fallback;
  // Control characters and backslashes: a browser may read them as another host.
  const unsafe = [...next].some((c) => c <= '\u001f' || c === '\u007f' || c === '\\');
  if (unsafe || AUTH_PAGES.test(next)) return fallback;
  return next;
}

/**
 * The sign-in page's address for a visitor sent there from `path` (its path and query). A dashboard is named
 * too, as every other page is (issue 22): the address shows where signing in leads, and a dashboard's query stays.
 */
export const signInFrom = (path: string): string => (afterSignIn(null, path) === path ? `/login?next=${encodeURIComponent(path)}` : '/login');

/** Greeting shown in the header bar, by the local hour. */
export function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}
