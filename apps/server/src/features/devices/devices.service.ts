import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import { DEVICE_CODE_TTL_MS, DEVICE_SESSION_MS } from '@fst/shared/constants';
import { deviceCodeFrom } from '@fst/shared/devices/devices.rules';
import type {
  DeviceCodeResponse,
  DeviceMe,
  FamilyDevice,
  FamilyDeviceResponse,
  FamilyDevicesResponse,
  pairDeviceBody,
  PairedDeviceResponse,
  updateDeviceBody,
} from '@fst/shared/devices/devices.schema';
import { isParentRole } from '@fst/shared/families/families.rules';
import { DEVICE_SERVER_MESSAGES, RECORDING_TEXTS } from '@fst/shared/messages';
import type { Clock } from '../../platform/clock.ts';
import { AppError, fieldError, forbidden, notFound } from '../../platform/errors.ts';
import type { KidDevice, SessionUser } from '../../platform/http.ts';
import type { RateLimiter } from '../../platform/rate-limit/rate-limiter.ts';
import { hashToken, newDeviceToken } from '../../platform/tokens.ts';
import type { FamilyAccess } from '../families/families.access.ts';
import type { DevicesRepository } from './devices.repository.ts';
import type { kidDevices } from './devices.table.ts';

/** Wrong pairing codes one client may type in a window: 10 in 15 minutes against 31^6 codes alive 10 minutes. */
export const PAIRING_GUESSES_PER_CLIENT = { max: 10, windowMs: 15 * 60_000 };
// Last-used is written at most this often, as sessions' last-seen is (decision 002).
const TOUCH_EVERY_MS = 60_000;
// Expired and used codes are kept this long, so that a late try hears "expired" rather than "wrong".
const CODE_KEPT_MS = 24 * 60 * 60_000;

type Deps = {
  devices: DevicesRepository;
  access: Pick<FamilyAccess, 'requireParent' | 'requireKidMember' | 'requireMember'>;
  limiter: RateLimiter;
  clock: Clock;
  guessLimit?: { max: number; windowMs: number };
};

/** A device as its family's parents see it. */
const familyDevice = (d: typeof kidDevices.$inferSelect, kidFirstName: string): FamilyDevice => ({
  id: d.id,
  device_name: d.deviceName,
  kid: { id: d.kidId, first_name: kidFirstName },
  paired_at: d.pairedAt.toISOString(),
  last_used_at: d.lastUsedAt.toISOString(),
  offline_stories: d.offlineStories,
});

/** A resolved device and, when its year was just renewed, the cookie's new expiry. */
export type ResolvedDevice = { device: KidDevice; renewedUntil: Date | null };

export function createDevicesService(deps: Deps) {
  const { devices, access, limiter, clock } = deps;

  /** The kid, of this family, for one of its parents; others 404 or 403. */
  async function parentsKid(session: SessionUser, familyId: string, kidId: string) {
    await access.requireParent(familyId, session.user.id);
    const { kid } = await access.requireKidMember(kidId, session.user.id);
    if (kid.familyId !== familyId) throw fieldError('kid_id', RECORDING_TEXTS.kidNotFound, 'not_found');
    return kid;
  }

  return {
    /** `POST /api/family/{id}/kids/{kidId}/device-code`: a new single-use code, valid 10 minutes. */
    async createCode(session: SessionUser, familyId: string, kidId: string): Promise<DeviceCodeResponse> {
      await parentsKid(session, familyId, kidId);
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + DEVICE_CODE_TTL_MS);
      await devices.deleteCodesBefore(new Date(now.getTime() - CODE_KEPT_MS));
      // A code still kept (live or recently ended) is never given out again: another is drawn.
      for (;;) {
        const code = deviceCodeFrom(randomInt);
        if (await devices.insertCode({ codeHash: hashToken(code), familyId, kidId, createdBy: session.user.id, createdAt: now, expiresAt })) {
          return { code, expires_at: expiresAt.toISOString() };
        }
      }
    },

    /**
     * `POST /api/devices/pair`: uses a code and makes this browser that kid's device. Each try is counted
     * per client before the code is looked at (decision 002); a pairing that works gives its count back.
     */
    async pair(body: z.output<typeof pairDeviceBody>, client: string): Promise<{ answer: PairedDeviceResponse; token: string; expiresAt: Date }> {
      const attempt = await limiter.hit(`device-pair:client:${client}`, deps.guessLimit ?? PAIRING_GUESSES_PER_CLIENT, DEVICE_SERVER_MESSAGES.pairingLocked);
      const now = clock.now();
      const token = newDeviceToken();
      const expiresAt = new Date(now.getTime() + DEVICE_SESSION_MS);
      const codeHash = hashToken(body.code);
      const paired = await devices.pair(codeHash, { deviceName: body.device_name, tokenHash: hashToken(token), now, expiresAt });
      if (!paired) {
        const found = await devices.findCode(codeHash);
        const [message, reason] = !found
          ? [DEVICE_SERVER_MESSAGES.codeWrong, 'wrong']
          : found.usedAt
            ? [DEVICE_SERVER_MESSAGES.codeUsed, 'used']
            : [DEVICE_SERVER_MESSAGES.codeExpired, 'expired'];
        throw new AppError('invalid_input', message, { code: [message] }, { reason });
      }
      await limiter.release(attempt);
      return { answer: { device: { id: paired.id, kid_id: paired.kid_id, device_name: paired.device_name } }, token, expiresAt };
    },

    /** The live device of a cookie token, or null; renews its year at most once a minute while it is used. */
    async resolve(token: string): Promise<ResolvedDevice | null> {
      if (token.length > 120) return null;
      const now = clock.now();
      const idHash = hashToken(token);
      const row = await devices.findLive(idHash, now);
      if (!row) return null;
      const { device: d } = row;
      const device: KidDevice = {
        kind: 'device',
        id: d.id,
        idHash,
        kidId: d.kidId,
        kidFirstName: row.kidFirstName,
        familyId: d.familyId,
        deviceName: d.deviceName,
        offlineStories: d.offlineStories,
      };
      if (now.getTime() - d.lastUsedAt.getTime() <= TOUCH_EVERY_MS) return { device, renewedUntil: null };
      const renewedUntil = new Date(now.getTime() + DEVICE_SESSION_MS);
      await devices.touch(d.id, now, renewedUntil);
      return { device, renewedUntil };
    },

    /** `GET /api/auth/me` on a kid device. */
    me(device: KidDevice): DeviceMe {
      return {
        device: {
          id: device.id,
          kid_id: device.kidId,
          kid_first_name: device.kidFirstName,
          family_id: device.familyId,
          device_name: device.deviceName,
          offline_stories: device.offlineStories,
        },
      };
    },

    /** `GET /api/family/{id}/devices`: the family's kid devices, for its parents. */
    async list(session: SessionUser, familyId: string): Promise<FamilyDevicesResponse> {
      await access.requireParent(familyId, session.user.id);
      const rows = await devices.listForFamily(familyId);
      return { devices: rows.map(({ device, kidFirstName }) => familyDevice(device, kidFirstName)) };
    },

    /** `PATCH /api/family/{id}/devices/{deviceId}`: a parent sets how many stories the device keeps offline. */
    async update(session: SessionUser, familyId: string, deviceId: string, body: z.output<typeof updateDeviceBody>): Promise<FamilyDeviceResponse> {
      await access.requireParent(familyId, session.user.id);
      const updated = await devices.update(familyId, deviceId, { offlineStories: body.offline_stories });
      if (!updated) throw notFound(DEVICE_SERVER_MESSAGES.deviceNotFound);
      return { device: familyDevice(updated.device, updated.kidFirstName) };
    },

    /** `DELETE /api/family/{id}/devices/{deviceId}`: the device's next request is refused (401). */
    async remove(session: SessionUser, familyId: string, deviceId: string) {
      await access.requireParent(familyId, session.user.id);
      if (!(await devices.delete(familyId, deviceId))) throw notFound(DEVICE_SERVER_MESSAGES.deviceNotFound);
      return { ok: true as const };
    },

    /**
     * A user signed in on a kid device (leaving kid mode): only a parent of the device's family may; the
     * device's pairing ends, as the browser is the parent's now.
     */
    async leave(device: KidDevice, userId: string) {
      const member = await access.requireMember(device.familyId, userId).catch(() => null);
      if (!member || !isParentRole(member.role)) throw forbidden(DEVICE_SERVER_MESSAGES.onlyParentLeaves);
      await devices.deleteById(device.id);
    },
  };
}
export type DevicesService = ReturnType<typeof createDevicesService>;
