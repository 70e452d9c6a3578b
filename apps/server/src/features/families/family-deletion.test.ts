import { access, readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETION_TEXTS } from '@fst/shared/messages';
import { createTestContext, multipartBody, type TestContext } from '../../../test/context.ts';
import { makeMedia } from '../../../test/media.ts';
import { fingerprint } from '../../../test/security/route-matrix.ts';
import { recordings } from '../recordings/recordings.table.ts';

// Deleting a family (issue 25, docs/decisions/016).
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Who = { cookie: string } | undefined;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Who, payload?: object) =>
  ctx.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });

async function upload(reader: { cookie: string }, kidIds: string[]) {
  const book = await ctx.newBook();
  const form = multipartBody({ book_id: book.id, recording_type: 'audio_only', duration_seconds: '2', kid_ids: JSON.stringify(kidIds) }, [
    { name: 'recording', filename: 'reading.webm', content: makeMedia('webm-audio'), type: 'audio/webm' },
  ]);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/recording/upload',
    payload: form.payload,
    headers: { ...form.headers, cookie: reader.cookie },
  });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.body}`);
  const id = res.json().recording.id as string;
  return ctx.waitForRecording(id);
}

const count = async (query: ReturnType<typeof sql>) => ((await ctx.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n;

/** A family with a second parent, a reader, a kid, a story only for it and one shared with another family. */
async function world(name = 'The Deletables') {
  const family = await ctx.newFamily(undefined, name);
  const kid = await ctx.newKid(family, 'Mia', 4);
  const parent = await ctx.newUser({ first_name: 'Pat' });
  await ctx.join(parent, family);
  const reader = await ctx.newUser({ role: 'grandparent', first_name: 'Rose' });
  await ctx.join(reader, family, 'Grandma');
  const other = await ctx.newFamily(undefined, `${name} Cousins`);
  const cousin = await ctx.newKid(other, 'Leo', 6);
  await ctx.join(reader, other);
  const onlyHere = await upload(reader, [kid.id]);
  const shared = await upload(reader, [kid.id, cousin.id]);
  const wanted = await ctx.newBook();
  await call('POST', '/api/queue/request-story', family.admin, {
    book_id: wanted.id,
    kid_id: kid.id,
    reader_id: reader.id,
    type: 'requested',
    is_premium: false,
  });
  await call('PUT', `/api/playback/kid/${kid.id}/playlist`, family.admin, { order: [onlyHere.id, shared.id] });
  const outsider = await ctx.newUser();
  return { family, kid, parent, reader, other, cousin, onlyHere, shared, outsider };
}

const exists = (key: string) =>
  access(path.join(ctx.dataDir, 'media', key)).then(
    () => true,
    () => false,
  );

describe('DELETE /api/family/{id}', () => {
  it('refuses outsiders (404), non-admins (403), anonymous (401), a wrong or missing name (400), changing nothing', async () => {
    const w = await world('The Refusers');
    const right = { confirm_name: 'The Refusers' };
    const before = await fingerprint(ctx);
    // The stories' files (book covers are drawn meanwhile by a job of their own).
    const storyFiles = async () => (await readdir(path.join(ctx.dataDir, 'media'), { recursive: true })).filter((f) => f.startsWith('recordings')).sort();
    const files = await storyFiles();
    expect((await call('DELETE', `/api/family/${w.family.id}`, w.outsider, right)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/family/${w.family.id}`, w.parent, right)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/family/${w.family.id}`, w.reader, right)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/family/${w.family.id}`, undefined, right)).statusCode).toBe(401);
    const wrong = await call('DELETE', `/api/family/${w.family.id}`, w.family.admin, { confirm_name: 'the refusers' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: DELETION_TEXTS.confirmNameWrong, errors: { confirm_name: [DELETION_TEXTS.confirmNameWrong] } });
    const missing = await call('DELETE', `/api/family/${w.family.id}`, w.family.admin, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(DELETION_TEXTS.confirmNameRequired);
    expect((await call('DELETE', `/api/family/not-a-uuid`, w.family.admin, right)).statusCode).toBe(400);
    expect(await fingerprint(ctx)).toEqual(before);
    expect(await storyFiles()).toEqual(files);
  });

  it('deletes the kids, requests, assignments, playlists, activity and the stories only for this family, and tells the members', async () => {
    const w = await world();
    const mails = ctx.mailer.sent.length;
    const res = await call('DELETE', `/api/family/${w.family.id}`, w.family.admin, { confirm_name: 'The Deletables' });
    expect(res.statusCode, res.body).toBe(200);
    for (const who of [w.family.admin, w.parent, w.reader]) {
      expect((await call('GET', `/api/family/${w.family.id}`, who)).statusCode).toBe(404);
    }
    expect((await call('GET', '/api/family/my-families', w.family.admin)).json().families).toEqual([]);
    for (const [table, column] of [
      ['kids', 'family_id'],
      ['family_members', 'family_id'],
      ['story_requests', 'family_id'],
      ['family_activity', 'family_id'],
      ['join_requests', 'family_id'],
    ]) {
      expect(await count(sql`SELECT count(*)::int AS n FROM ${sql.raw(table!)} WHERE ${sql.raw(column!)} = ${w.family.id}`), table).toBe(0);
    }
    expect(await count(sql`SELECT count(*)::int AS n FROM recording_kids WHERE kid_id = ${w.kid.id}`)).toBe(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM kid_playlists WHERE kid_id = ${w.kid.id}`)).toBe(0);
    // The story only for this family is gone with its file; the shared one stays for the cousins.
    expect(await ctx.db.select().from(recordings).where(eq(recordings.id, w.onlyHere.id))).toEqual([]);
    expect(await exists(w.onlyHere.mediaKey)).toBe(false);
    expect(await exists(w.shared.mediaKey)).toBe(true);
    const cousins = (await call('GET', `/api/recording/kid/${w.cousin.id}`, w.other.admin)).json();
    expect(cousins.recordings.map((r: { id: string }) => r.id)).toEqual([w.shared.id]);
    // Every member but the admin who did it is told.
    const told = ctx.mailer.sent.slice(mails).filter((m) => m.subject === DELETION_TEXTS.familyDeletedSubject('The Deletables'));
    expect(told.map((m) => m.to).sort()).toEqual([w.parent.email, w.reader.email].sort());
    // The link to the deleted story no longer serves anything.
    expect((await call('GET', `/api/recording/${w.onlyHere.id}/view-url`, w.reader)).statusCode).toBe(404);
  });
});
