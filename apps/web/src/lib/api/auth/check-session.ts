import { apiRequest } from '../../api-client.ts';

/** GET /api/auth/check-session; any failure counts as signed out (spec section 7), so it never throws. */
export async function checkSession(): Promise<boolean> {
  try {
    const answer = await apiRequest<{ authenticated?: unknown }>('/api/auth/check-session');
    return answer?.authenticated === true;
  } catch {
    return false;
  }
}
