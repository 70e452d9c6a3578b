import type { Role } from '../constants.ts';

/** The dashboard a role lands on (spec section 2: a grandparent goes to theirs, anyone else to the parent's). */
export function dashboardPath(role: Role | null | undefined): '/grandparent-dashboard' | '/parent-dashboard' {
  return role === 'grandparent' ? '/grandparent-dashboard' : '/parent-dashboard';
}

/** Greeting shown in the header bar, by the local hour. */
export function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}
