import { z } from 'zod';
import { DEVICE_NAME_MAX_LENGTH, DEVICE_OFFLINE_STORIES } from '../constants.ts';
import { text } from '../http/text.ts';
import { DEVICE_SERVER_MESSAGES, VALIDATION } from '../messages.ts';
import { idParam } from '../families/families.schema.ts';
import { isDeviceCodeShape, normalizeDeviceCode } from './devices.rules.ts';

export const deviceCodeParams = z.object({ id: idParam, kidId: idParam });
export const deviceParams = z.object({ id: idParam, deviceId: idParam });

export const deviceCodeResponse = z.object({ code: z.string(), expires_at: z.string() });
export type DeviceCodeResponse = z.infer<typeof deviceCodeResponse>;

/** A code of the wrong shape is a wrong code: the same message, before any look-up. */
export const deviceCodeSchema = text({ error: DEVICE_SERVER_MESSAGES.codeRequired })
  .max(40, DEVICE_SERVER_MESSAGES.codeWrong)
  .transform(normalizeDeviceCode)
  .pipe(z.string().min(1, DEVICE_SERVER_MESSAGES.codeRequired).refine(isDeviceCodeShape, DEVICE_SERVER_MESSAGES.codeWrong));

export const pairDeviceBody = z.object({
  code: deviceCodeSchema,
  device_name: text({ error: DEVICE_SERVER_MESSAGES.deviceNameRequired })
    .trim()
    .min(1, DEVICE_SERVER_MESSAGES.deviceNameRequired)
    .max(DEVICE_NAME_MAX_LENGTH, VALIDATION.tooLong(DEVICE_NAME_MAX_LENGTH)),
});
export type PairDeviceBody = z.input<typeof pairDeviceBody>;

export const pairedDeviceResponse = z.object({ device: z.object({ id: z.string(), kid_id: z.string(), device_name: z.string() }) });
export type PairedDeviceResponse = z.infer<typeof pairedDeviceResponse>;

const offlineStoriesMessage = DEVICE_SERVER_MESSAGES.offlineStoriesRange(DEVICE_OFFLINE_STORIES.min, DEVICE_OFFLINE_STORIES.max);
/** How many of the playlist's first stories the device keeps saved by itself (docs/decisions/020); 0: none. */
export const offlineStoriesSchema = z
  .number({ error: offlineStoriesMessage })
  .int(offlineStoriesMessage)
  .min(DEVICE_OFFLINE_STORIES.min, offlineStoriesMessage)
  .max(DEVICE_OFFLINE_STORIES.max, offlineStoriesMessage);

/** `PATCH /api/family/{id}/devices/{deviceId}` (the family's parents): the device's settings. */
export const updateDeviceBody = z.object({ offline_stories: offlineStoriesSchema });
export type UpdateDeviceBody = z.input<typeof updateDeviceBody>;

/** `GET /api/auth/me` on a kid device: the device, its kid and its settings, and no user. */
export const deviceMeResponse = z.object({
  device: z.object({
    id: z.string(),
    kid_id: z.string(),
    kid_first_name: z.string(),
    family_id: z.string(),
    device_name: z.string(),
    offline_stories: z.number().int(),
  }),
});
export type DeviceMe = z.infer<typeof deviceMeResponse>;

export const familyDeviceSchema = z.object({
  id: z.string(),
  device_name: z.string(),
  kid: z.object({ id: z.string(), first_name: z.string() }),
  paired_at: z.string(),
  last_used_at: z.string(),
  offline_stories: z.number().int(),
});
export type FamilyDevice = z.infer<typeof familyDeviceSchema>;
export const familyDevicesResponse = z.object({ devices: z.array(familyDeviceSchema) });
export type FamilyDevicesResponse = z.infer<typeof familyDevicesResponse>;
/** The answer of `PATCH /api/family/{id}/devices/{deviceId}`. */
export const familyDeviceResponse = z.object({ device: familyDeviceSchema });
export type FamilyDeviceResponse = z.infer<typeof familyDeviceResponse>;
