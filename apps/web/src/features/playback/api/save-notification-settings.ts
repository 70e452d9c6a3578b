import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { NotificationSettings, notificationSettingsBody } from '@fst/shared/playback/playback.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { notificationSettingsQueryKey } from './get-notification-settings.ts';

export type NotificationSettingsChange = z.input<typeof notificationSettingsBody>;

/** PUT /api/me/notifications: turns one or both e-mail notices on or off; answers the settings saved. */
export function saveNotificationSettings(change: NotificationSettingsChange): Promise<NotificationSettings> {
  return apiRequest<NotificationSettings>('/api/me/notifications', { method: 'PUT', body: change });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNotificationSettings,
    onSuccess: (saved) => queryClient.setQueryData(notificationSettingsQueryKey, saved),
  });
}
