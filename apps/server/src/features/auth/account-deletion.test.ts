import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETION_TEXTS } from '@fst/shared/messages';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { FAKE_ELEVENLABS_KEY, startFakeElevenLabs, type FakeElevenLabs } from '../../../test/fake-elevenlabs.ts';
import { narrationHelpers, STORY_PAGES } from '../../../test/narration-fixtures.ts';
import { fingerprint } from '../../../test/security/route-matrix.ts';
import { payments, tokenLedger } from '../billing/billing.table.ts';
import { storyRequests } from '../requests/requests.table.ts';

// Deleting an account (issue 25, docs/decisions/016), with the voice provider's stand-in (ElevenLabs) and the
// local payment provider.
let fake: FakeElevenLabs;
let ctx: TestContext;
let h: ReturnType<typeof narrationHelpers>;
beforeAll(async () => {
  fake = await startFakeElevenLabs();
  ctx = await createTestContext({ env: { VOICE_PROVIDER: 'elevenlabs', ELEVENLABS_API_KEY: FAKE_ELEVENLABS_KEY, ELEVENLABS_API_BASE: fake.url } });
  h = narrationHelpers(ctx);
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

type Who = { cookie: string; email: string; password: string };
const remove = (who: Who | undefined, payload?: object) =>
  ctx.app.inject({ method: 'DELETE', url: '/api/me', headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });

/** Every file in the storage, as keys. */
async function storedKeys(): Promise<string[]> {
  const root = path.join(ctx.dataDir, 'media');
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

/** The tables (any schema but the system's) with a row whose text holds `needle`, and how many. */
async function rowsNaming(needle: string): Promise<Record<string, number>> {
  const tables = (
    (await ctx.db.execute(
      sql`SELECT table_schema, table_name FROM information_schema.tables WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
    )) as unknown as { rows: { table_schema: string; table_name: string }[] }
  ).rows;
  const found: Record<string, number> = {};
  for (const t of tables) {
    const name = `"${t.table_schema}"."${t.table_name}"`;
    const res = (await ctx.db.execute(
      sql`SELECT count(*)::int AS n FROM ${sql.raw(name)} t WHERE position(${needle.toLowerCase()} in lower(t::text)) > 0`,
    )) as unknown as {
      rows: { n: number }[];
    };
    if (res.rows[0]!.n > 0) found[`${t.table_schema}.${t.table_name}`] = res.rows[0]!.n;
  }
  return found;
}

async function until(check: () => boolean, timeoutMs = 30_000) {
  for (const deadline = Date.now() + timeoutMs; !check(); await new Promise((r) => setTimeout(r, 50))) {
    if (Date.now() > deadline) throw new Error('timed out');
  }
}

describe('DELETE /api/me', () => {
  it('refuses a wrong or missing password with 400 and a message, and anonymous callers with 401, changing nothing', async () => {
    const user = await ctx.newUser();
    const before = await fingerprint(ctx);
    const wrong = await remove(user, { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: DELETION_TEXTS.wrongPassword, errors: { password: [DELETION_TEXTS.wrongPassword] } });
    const missing = await remove(user, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(DELETION_TEXTS.passwordRequired);
    expect((await remove(undefined, { password: user.password })).statusCode).toBe(401);
    expect(await fingerprint(ctx)).toEqual(before);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: user.cookie } })).statusCode).toBe(200);
  });

  it('refuses the only admin of a family with other members (409 naming the family), changing nothing', async () => {
    const admin = await ctx.newUser();
    const family = await ctx.newFamily(admin, 'The Lighthouse Keepers');
    const reader = await ctx.newUser({ role: 'grandparent' });
    await ctx.join(reader, family);
    const before = await fingerprint(ctx);
    const res = await remove(admin, { password: admin.password });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(DELETION_TEXTS.lastAdminOf('The Lighthouse Keepers'));
    expect(res.json().error).toContain('The Lighthouse Keepers');
    expect(await fingerprint(ctx)).toEqual(before);
    // Another admin unblocks it.
    const coParent = await ctx.newUser();
    await ctx.join(coParent, family);
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/family/${family.id}/members/${coParent.id}`,
      headers: { cookie: admin.cookie },
      payload: { family_role: 'admin' },
    });
    expect((await remove(admin, { password: admin.password })).statusCode).toBe(200);
    const left = await ctx.app.inject({ method: 'GET', url: `/api/family/${family.id}`, headers: { cookie: coParent.cookie } });
    expect(left.json().family.members.map((m: { id: string }) => m.id)).not.toContain(admin.id);
  });

  it('leaves no row naming a reader and no file of theirs; their voice goes at the provider too', async () => {
    const parent = await ctx.newUser({ first_name: 'Olive', last_name: 'Parentson' });
    const family = await ctx.newFamily(parent, 'The Owls');
    await h.subscribe(parent, 'premium');
    const kid = await ctx.newKid(family, 'Mia', 4);
    const reader = (await ctx.newUser({ role: 'grandparent', first_name: 'Zelda', last_name: 'Quixotic', email: 'zelda.quixotic@example.com' })) as Who & {
      id: string;
    };
    await ctx.join(reader, family, 'Grandma');
    const book = await ctx.newBook({ pages: STORY_PAGES });
    const reading = await h.record(reader, book, [kid]);
    await h.consent(reader, true);
    expect((await h.createClone(parent, { readerId: reader.id, recording_ids: [reading] })).statusCode).toBe(201);
    const voiceId = [...fake.voices.keys()].at(-1)!;
    const aiBook = await ctx.newBook({ title: 'Narrated Book', pages: STORY_PAGES });
    const generated = await h.generate(parent, { book_id: aiBook.id, reader_id: reader.id, kid_id: kid.id });
    expect(generated.statusCode, generated.body).toBe(202);
    const aiId = generated.json().recording_id as string;
    expect((await h.waitForStory(parent, aiId)).status).toBe('ready');
    // A story requested of them, an issue report, a failed login, a play and a reaction to their reading.
    const wanted = await ctx.newBook({ title: 'Wanted Book' });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/queue/request-story',
      headers: { cookie: parent.cookie },
      payload: { book_id: wanted.id, kid_id: kid.id, reader_id: reader.id, type: 'requested', is_premium: false },
    });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/issue-reports',
      headers: { cookie: reader.cookie },
      payload: { type: 'bug', description: 'Zelda here', page: '/record', email: reader.email },
    });
    await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: reader.email, password: 'wrong-one' } });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/recording/' + reading + '/reactions',
      headers: { cookie: parent.cookie },
      payload: { kid_id: kid.id, reaction: 'heart' },
    });
    const filesBefore = await storedKeys();
    // The AI story's id is answered as `ai_<uuid>`.
    const aiUuid = aiId.replace(/^ai_/, '');
    const theirs = filesBefore.filter((k) => k.includes(reading) || k.includes(aiUuid));
    expect(theirs.length, JSON.stringify(filesBefore)).toBe(2);
    expect(Object.keys(await rowsNaming('Quixotic')).length).toBeGreaterThan(0);

    const mails = ctx.mailer.sent.length;
    const res = await remove(reader, { password: reader.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['set-cookie']).toMatch(/fst_session=;/);

    for (const needle of ['Zelda', 'Quixotic', 'zelda.quixotic@example.com']) expect(await rowsNaming(needle), needle).toEqual({});
    const filesAfter = await storedKeys();
    expect(filesAfter.filter((k) => k.includes(reading) || k.includes(aiUuid))).toEqual([]);
    // Nobody else's files went: the books' stay.
    expect(filesBefore.filter((k) => !theirs.includes(k) && !filesAfter.includes(k))).toEqual([]);
    // Signed out everywhere, and cannot sign in again.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: reader.cookie } })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: reader.email, password: reader.password } })).statusCode).toBe(
      401,
    );
    // The voice at the provider, through the retried job.
    await until(() => !fake.voices.has(voiceId));
    expect(fake.requests.some((r) => r.method === 'DELETE' && r.path === `/v1/voices/${voiceId}`)).toBe(true);
    const mail = await ctx.mailer.waitFor((m) => m.to === reader.email && m.subject === DELETION_TEXTS.accountDeletedSubject, mails);
    expect(mail.text).toContain('Zelda');
    // The family keeps going without them: their stories and the request to them are gone.
    const stories = (await ctx.app.inject({ method: 'GET', url: `/api/family/${family.id}/all-recordings`, headers: { cookie: parent.cookie } })).json();
    expect(stories.recordings).toEqual([]);
    expect(await ctx.db.select().from(storyRequests).where(eq(storyRequests.kidId, kid.id))).toEqual([]);
  }, 120_000);

  it('cancels the paid plan, keeps the payments ledger without the person, deletes the family they were alone in', async () => {
    const parent = (await ctx.newUser({ first_name: 'Yannick', last_name: 'Xylophone', email: 'yannick.xylo@example.com' })) as Who & { id: string };
    const family = await ctx.newFamily(parent, 'Solo Family');
    const kid = await ctx.newKid(family, 'Kit', 3);
    await h.subscribe(parent, 'gold');
    const purchase = (
      await ctx.app.inject({ method: 'POST', url: '/api/stripe/purchase-story-tokens', headers: { cookie: parent.cookie }, payload: { package: '5_tokens' } })
    ).json();
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `/api/billing/local/payments/${encodeURIComponent(purchase.client_secret)}/confirm`,
      headers: { cookie: parent.cookie },
      payload: { card_number: '4242 4242 4242 4242' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const ledgerBefore = await ctx.db.select().from(tokenLedger).where(eq(tokenLedger.userId, parent.id));
    const paymentsBefore = await ctx.db.select().from(payments).where(eq(payments.userId, parent.id));
    expect(paymentsBefore.length).toBe(2);
    // A story asked of a reader of another family is theirs to ask: a pending request by them is cancelled.
    const res = await remove(parent, { password: parent.password });
    expect(res.statusCode, res.body).toBe(200);
    // The ledger stays, naming no one.
    const ids = new Set(paymentsBefore.map((p) => p.id));
    const kept = (await ctx.db.select().from(payments)).filter((p) => ids.has(p.id));
    expect(kept).toHaveLength(2);
    expect(kept.every((p) => p.userId === null && p.clientSecret === null)).toBe(true);
    const ledgerIds = new Set(ledgerBefore.map((e) => e.id));
    expect((await ctx.db.select().from(tokenLedger)).filter((e) => ledgerIds.has(e.id)).every((e) => e.userId === null)).toBe(true);
    expect(ledgerIds.size).toBeGreaterThan(0);
    // The plan was cancelled (the event applied before the row went), and the family they were alone in is gone.
    const cancelled = (await ctx.db.execute(
      sql`SELECT count(*)::int AS n FROM processed_events WHERE event_id LIKE ${`local_cancel:${parent.id}:%`}`,
    )) as unknown as { rows: { n: number }[] };
    expect(cancelled.rows[0]!.n).toBe(1);
    const kids = (await ctx.db.execute(sql`SELECT count(*)::int AS n FROM kids WHERE id = ${kid.id}`)) as unknown as { rows: { n: number }[] };
    expect(kids.rows[0]!.n).toBe(0);
    for (const needle of ['Yannick', 'Xylophone', 'yannick.xylo@example.com']) expect(await rowsNaming(needle), needle).toEqual({});
  }, 60_000);
});
