import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileBody } from '@fst/shared/auth/auth.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshSession } from '../../../lib/api/auth/get-me.ts';
import { profileQueryKey, type Profile } from './get-profile.ts';

export function updateProfile(body: ProfileBody): Promise<Profile> {
  return apiRequest<Profile>('/api/me', { method: 'PUT', body });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (profile) => {
      queryClient.setQueryData(profileQueryKey, profile);
      // The header greeting shows the first name.
      await refreshSession(queryClient);
    },
  });
}
