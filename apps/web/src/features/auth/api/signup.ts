import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, SignupBody } from '@fst/shared/auth/auth.schema';
import { apiRequest } from '../../../lib/api-client.ts';

/** Creates the account and signs in; the caller stores the session when it moves on. */
export function signup(body: SignupBody): Promise<AuthResponse> {
  return apiRequest<AuthResponse>('/api/auth/signup', { method: 'POST', body });
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
