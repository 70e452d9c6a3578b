import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_MESSAGES } from '@fst/shared/http/idempotency';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { idempotentRequests } from './idempotency.table.ts';
import { createIdempotency, IDEMPOTENCY_KEEP_MS, IDEMPOTENCY_STALE_MS, requestFingerprint } from './idempotency.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Who = { cookie: string };
const addKid = (who: Who, familyId: string, key: string | undefined, body: object = { first_name: 'Pia', age: 2 }) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/family/${familyId}/kids`,
    headers: { cookie: who.cookie, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    payload: body,
  });
const kidsOf = async (who: Who, familyId: string) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/family/${familyId}`, headers: { cookie: who.cookie } })).json().family.kids as { id: string }[];

describe('Idempotency-Key', () => {
  it('answers a create sent again with its key with the first answer, making it once', async () => {
    const family = await ctx.newFamily();
    const first = await addKid(family.admin, family.id, 'kid-pia-0001');
    expect(first.statusCode).toBe(201);
    const again = await addKid(family.admin, family.id, 'kid-pia-0001');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await kidsOf(family.admin, family.id)).toHaveLength(1);
    // Without a key, or with a new one, each request is its own.
    expect((await addKid(family.admin, family.id, undefined)).statusCode).toBe(201);
    expect((await addKid(family.admin, family.id, 'kid-pia-0002')).statusCode).toBe(201);
    expect(await kidsOf(family.admin, family.id)).toHaveLength(3);
  });

  it('frees the key of a refused request, so it can be sent again corrected', async () => {
    const family = await ctx.newFamily();
    // Refused by the input rules (before any key is claimed), then by the kids' own rules (after).
    const refused = await addKid(family.admin, family.id, 'kid-fix-0001', { first_name: 'Pia', age: 40 });
    expect(refused.statusCode).toBe(400);
    const fixed = await addKid(family.admin, family.id, 'kid-fix-0001', { first_name: 'Pia', age: 4 });
    expect(fixed.statusCode).toBe(201);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
    expect(await kidsOf(family.admin, family.id)).toHaveLength(1);
    // A reader may not add kids: refused by the route, its key is freed, not kept with the refusal.
    const reader = await ctx.newUser({ role: 'grandparent' });
    await ctx.join(reader, family);
    expect((await addKid(reader, family.id, 'kid-reader-0001')).statusCode).toBe(403);
    expect(await ctx.db.select().from(idempotentRequests).where(eq(idempotentRequests.key, 'kid-reader-0001'))).toEqual([]);
  });

  it('refuses a malformed key, or one used for another request, changing nothing', async () => {
    const family = await ctx.newFamily();
    for (const key of ['short', 'has space in it', 'x'.repeat(101)]) {
      const res = await addKid(family.admin, family.id, key);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(IDEMPOTENCY_MESSAGES.invalidKey);
    }
    expect((await addKid(family.admin, family.id, 'kid-used-0001')).statusCode).toBe(201);
    const other = await ctx.newFamily(family.admin);
    for (const [familyId, body] of [
      [other.id, { first_name: 'Pia', age: 2 }],
      [family.id, { first_name: 'Pia', age: 3 }],
    ] as const) {
      const reused = await addKid(family.admin, familyId, 'kid-used-0001', body);
      expect(reused.statusCode).toBe(400);
      expect(reused.json().error).toBe(IDEMPOTENCY_MESSAGES.keyReused);
    }
    expect(await kidsOf(family.admin, other.id)).toHaveLength(0);
    expect(await kidsOf(family.admin, family.id)).toHaveLength(1);
  });

  it('keeps keys per account: another account sending the same key makes its own request, and never sees the first answer', async () => {
    const mine = await ctx.newFamily();
    const theirs = await ctx.newFamily();
    expect((await addKid(mine.admin, mine.id, 'kid-shared-0001')).statusCode).toBe(201);
    // Another family's parent with the same key at the same address is refused as anyone would be.
    const outsider = await addKid(theirs.admin, mine.id, 'kid-shared-0001');
    expect(outsider.statusCode).toBe(404);
    expect(outsider.headers['idempotent-replayed']).toBeUndefined();
    expect((await addKid(theirs.admin, theirs.id, 'kid-shared-0001')).statusCode).toBe(201);
    expect(await kidsOf(mine.admin, mine.id)).toHaveLength(1);
    expect(await kidsOf(theirs.admin, theirs.id)).toHaveLength(1);
  });

  it('is taken only by the routes marked idempotent: another ignores the header, a malformed one included', async () => {
    const family = await ctx.newFamily();
    const newCode = () =>
      ctx.app.inject({ method: 'POST', url: `/api/family/${family.id}/code`, headers: { cookie: family.admin.cookie, 'idempotency-key': 'bad key' } });
    expect((await newCode()).statusCode).toBe(200);
    expect((await newCode()).headers['idempotent-replayed']).toBeUndefined();
    expect(await ctx.db.select().from(idempotentRequests).where(eq(idempotentRequests.key, 'bad key'))).toEqual([]);
  });

  it('holds a key while its first request is answered, frees it once that process is taken to have died, and forgets answers after a day', async () => {
    const user = await ctx.newUser();
    const me = {
      kind: 'user' as const,
      id: (await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: user.cookie } })).json().user.id as string,
    };
    const keys = createIdempotency(ctx.db, ctx.clock);
    const request = requestFingerprint('POST', '/api/x', { a: 1 });
    expect(await keys.claim(me, 'slow-0001', request)).toEqual({ kind: 'first' });
    expect(await keys.claim(me, 'slow-0001', request)).toEqual({ kind: 'in-progress' });
    ctx.clock.advance(IDEMPOTENCY_STALE_MS + 1);
    expect(await keys.claim(me, 'slow-0001', request)).toEqual({ kind: 'first' });
    await keys.answered(me, 'slow-0001', 201, '{"ok":true}', 'application/json');
    expect(await keys.claim(me, 'slow-0001', request)).toEqual({ kind: 'answered', status: 201, body: '{"ok":true}', contentType: 'application/json' });
    ctx.clock.advance(IDEMPOTENCY_KEEP_MS + 1);
    await keys.sweep();
    expect(await keys.claim(me, 'slow-0001', request)).toEqual({ kind: 'first' });
  });
});
