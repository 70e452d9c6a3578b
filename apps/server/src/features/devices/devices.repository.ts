import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { kids } from '../families/families.table.ts';
import { deviceCodes, kidDevices } from './devices.table.ts';

export type DeviceCodeRow = typeof deviceCodes.$inferSelect;

export function createDevicesRepository(db: Db) {
  // Every request of a kid device resolves it: built once, a prepared statement.
  const liveDevice = db
    .select({ device: kidDevices, kidFirstName: kids.firstName })
    .from(kidDevices)
    .innerJoin(kids, eq(kids.id, kidDevices.kidId))
    .where(and(eq(kidDevices.tokenHash, sql.placeholder('tokenHash')), gt(kidDevices.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('find_live_device');

  return {
    /** Stores a new code; false when the same code is still stored (the caller draws another). */
    async insertCode(values: typeof deviceCodes.$inferInsert): Promise<boolean> {
      const rows = await db.insert(deviceCodes).values(values).onConflictDoNothing().returning({ codeHash: deviceCodes.codeHash });
      return rows.length > 0;
    },
    /** Codes that ended long enough ago that nobody needs to be told they expired. */
    async deleteCodesBefore(before: Date): Promise<void> {
      await db.delete(deviceCodes).where(lt(deviceCodes.expiresAt, before));
    },
    async findCode(codeHash: string): Promise<DeviceCodeRow | undefined> {
      const [row] = await db.select().from(deviceCodes).where(eq(deviceCodes.codeHash, codeHash)).limit(1);
      return row;
    },
    /**
     * Uses the code and pairs the device in one statement: a code used twice at once pairs one device, and a
     * code whose kid was removed meanwhile pairs none.
     */
    async pair(codeHash: string, device: { deviceName: string; tokenHash: string; now: Date; expiresAt: Date }) {
      const now = device.now.toISOString();
      const result = (await db.execute(sql`
        WITH used AS (
          UPDATE ${deviceCodes} SET used_at = ${now}
           WHERE code_hash = ${codeHash} AND used_at IS NULL AND expires_at > ${now}
          RETURNING family_id, kid_id, created_by
        )
        INSERT INTO ${kidDevices} (family_id, kid_id, device_name, token_hash, paired_by, paired_at, last_used_at, expires_at)
        SELECT family_id, kid_id, ${device.deviceName}, ${device.tokenHash}, created_by, ${now}, ${now}, ${device.expiresAt.toISOString()} FROM used
        RETURNING id, kid_id, device_name`)) as unknown as { rows: { id: string; kid_id: string; device_name: string }[] };
      return result.rows[0];
    },
    async findLive(tokenHash: string, now: Date) {
      const [row] = await liveDevice.execute({ tokenHash, now: now.toISOString() });
      return row;
    },
    async touch(id: string, lastUsedAt: Date, expiresAt: Date): Promise<void> {
      await db.update(kidDevices).set({ lastUsedAt, expiresAt }).where(eq(kidDevices.id, id));
    },
    async listForFamily(familyId: string) {
      return db
        .select({ device: kidDevices, kidFirstName: kids.firstName })
        .from(kidDevices)
        .innerJoin(kids, eq(kids.id, kidDevices.kidId))
        .where(eq(kidDevices.familyId, familyId))
        .orderBy(asc(kids.firstName), asc(kidDevices.pairedAt), asc(kidDevices.id));
    },
    /** The device of this family with its kid's name, after changing its settings; undefined when not the family's. */
    async update(familyId: string, deviceId: string, values: Pick<typeof kidDevices.$inferInsert, 'offlineStories'>) {
      const [updated] = await db
        .update(kidDevices)
        .set(values)
        .where(and(eq(kidDevices.familyId, familyId), eq(kidDevices.id, deviceId)))
        .returning();
      if (!updated) return undefined;
      const [kid] = await db.select({ firstName: kids.firstName }).from(kids).where(eq(kids.id, updated.kidId)).limit(1);
      return { device: updated, kidFirstName: kid?.firstName ?? '' };
    },
    async delete(familyId: string, deviceId: string): Promise<boolean> {
      const rows = await db
        .delete(kidDevices)
        .where(and(eq(kidDevices.familyId, familyId), eq(kidDevices.id, deviceId)))
        .returning({ id: kidDevices.id });
      return rows.length > 0;
    },
    async deleteById(deviceId: string): Promise<void> {
      await db.delete(kidDevices).where(eq(kidDevices.id, deviceId));
    },
  };
}
export type DevicesRepository = ReturnType<typeof createDevicesRepository>;
