import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthResponse, LoginBody } from '@fst/shared/auth/auth.schema';
import { apiRequest } from '../../api-client.ts';
import { storeSession } from './get-me.ts';

export function login(body: LoginBody): Promise<AuthResponse> {
  return apiRequest<AuthResponse>('/api/auth/login', { method: 'POST', body });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (session) => storeSession(queryClient, session),
  });
}
