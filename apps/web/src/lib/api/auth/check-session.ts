import { apiRequest } from '../../api-client.ts';

export const CHECK_SESSION_URL = '/api/auth/check-session';

/** GET /api/auth/check-session; any failure counts as signed out (spec section 7), so it never throws. */
export async function checkSession(): Promise<boolean> {
  try {
    const answer = await apiRequest<{ authenticated?: unknown }>(CHECK_SESSION_URL);
    return answer?.authenticated === true;
  } catch {
    return false;
  }
}
