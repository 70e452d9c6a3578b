import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationSettings } from '@fst/shared/playback/playback.schema';
import { apiRequest } from '../../../lib/api-client.ts';
import { playbackQueryKey } from '../../../lib/api/playback/playback-query-keys.ts';

export const notificationSettingsQueryKey = [...playbackQueryKey, 'notification-settings'] as const;

/** GET /api/me/notifications: which e-mail notices the signed-in user gets (both on unless turned off). */
export function getNotificationSettings(): Promise<NotificationSettings> {
  return apiRequest<NotificationSettings>('/api/me/notifications');
}

export const notificationSettingsQueryOptions = () => queryOptions({ queryKey: notificationSettingsQueryKey, queryFn: getNotificationSettings });

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}
