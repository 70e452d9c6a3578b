import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAMILY_MAIL_TEXTS, FAMILY_SERVER_MESSAGES } from '@fst/shared/messages';
import { createTestContext, multipartBody, type TestContext } from '../../../test/context.ts';
import { makeMedia } from '../../../test/media.ts';
import { storyRequests } from '../requests/requests.table.ts';
import { recordings } from '../recordings/recordings.table.ts';
import { familyActivity, familyMembers, families as familiesTable } from './families.table.ts';

// Issue 25's family controls (decision 012): remove, leave, make admin, new code, approval, activity.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Who = { cookie: string } | undefined;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Who, payload?: object) =>
  ctx.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });

/** A family with its admin, a second parent, a reader with a ready story for the kid and a pending story request. */
async function world() {
  const family = await ctx.newFamily(undefined, 'The Controls');
  const kid = await ctx.newKid(family, 'Mia', 4);
  const parent = await ctx.newUser({ first_name: 'Pat', last_name: 'Parent' });
  await ctx.join(parent, family);
  const reader = await ctx.newUser({ role: 'grandparent', first_name: 'Rose', last_name: 'Reader' });
  await ctx.join(reader, family, 'Grandma');
  const book = await ctx.newBook({ title: 'The Sleepy Owl' });
  const form = multipartBody({ book_id: book.id, recording_type: 'audio_only', duration_seconds: '2', kid_ids: JSON.stringify([kid.id]) }, [
    { name: 'recording', filename: 'reading.webm', content: makeMedia('webm-audio'), type: 'audio/webm' },
  ]);
  const uploaded = await ctx.app.inject({
    method: 'POST',
    url: '/api/recording/upload',
    payload: form.payload,
    headers: { ...form.headers, cookie: reader.cookie },
  });
  if (uploaded.statusCode !== 201) throw new Error(`upload failed: ${uploaded.body}`);
  const recordingId = uploaded.json().recording.id as string;
  await ctx.waitForRecording(recordingId);
  const wanted = await ctx.newBook({ title: 'Wanted Book' });
  const requested = await call('POST', '/api/queue/request-story', family.admin, {
    book_id: wanted.id,
    kid_id: kid.id,
    reader_id: reader.id,
    type: 'requested',
    is_premium: false,
  });
  if (requested.statusCode !== 201) throw new Error(`request failed: ${requested.body}`);
  const outsider = await ctx.newUser();
  return { family, kid, parent, reader, recordingId, outsider };
}

const familyRows = async (familyId: string) => ({
  members: await ctx.db.select().from(familyMembers).where(eq(familyMembers.familyId, familyId)),
  family: (await ctx.db.select().from(familiesTable).where(eq(familiesTable.id, familyId)))[0],
  activity: await ctx.db.select().from(familyActivity).where(eq(familyActivity.familyId, familyId)),
});

describe('removing a member', () => {
  it('ends the access at once, cancels their pending requests, keeps their stories, and e-mails them without details', async () => {
    const w = await world();
    expect((await call('GET', `/api/family/${w.family.id}`, w.reader)).statusCode).toBe(200);
    const res = await call('DELETE', `/api/family/${w.family.id}/members/${w.reader.id}`, w.family.admin);
    expect(res.statusCode).toBe(200);
    expect((await call('GET', `/api/family/${w.family.id}`, w.reader)).statusCode).toBe(404);
    expect((await call('GET', `/api/family/my-families`, w.reader)).json().families).toEqual([]);
    expect((await call('GET', `/api/family/${w.family.id}/all-recordings`, w.reader)).statusCode).toBe(404);
    const requests = await ctx.db.select().from(storyRequests).where(eq(storyRequests.readerId, w.reader.id));
    expect(requests.map((r) => r.status)).toEqual(['cancelled']);
    // The family keeps its memories.
    expect((await ctx.db.select().from(recordings).where(eq(recordings.id, w.recordingId))).length).toBe(1);
    const mail = ctx.mailer.sent.find((m) => m.to === w.reader.email && m.subject === FAMILY_MAIL_TEXTS.removedSubject)!;
    expect(mail.subject).toBe(FAMILY_MAIL_TEXTS.removedSubject);
    expect(mail.text).not.toContain('The Controls');
    expect(mail.text).not.toContain('Mia');
    const again = await call('DELETE', `/api/family/${w.family.id}/members/${w.reader.id}`, w.family.admin);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe(FAMILY_SERVER_MESSAGES.memberNotFound);
  });

  it('removes their stories and media too with remove_stories=true', async () => {
    const w = await world();
    const before = (await ctx.db.select().from(recordings).where(eq(recordings.id, w.recordingId)))[0]!;
    const res = await call('DELETE', `/api/family/${w.family.id}/members/${w.reader.id}?remove_stories=true`, w.family.admin);
    expect(res.statusCode).toBe(200);
    expect(await ctx.db.select().from(recordings).where(eq(recordings.id, w.recordingId))).toEqual([]);
    const stories = (await call('GET', `/api/family/${w.family.id}/all-recordings`, w.family.admin)).json().recordings;
    expect(stories).toEqual([]);
    const { access } = await import('node:fs/promises');
    await expect(access(`${ctx.dataDir}/media/${before.mediaKey}`)).rejects.toThrow();
    const types = (await familyRows(w.family.id)).activity.map((a) => a.type);
    expect(types).toEqual(expect.arrayContaining(['member_removed', 'story_deleted']));
  });

  it('refuses the last admin removing themselves (409), non-admins (403), outsiders (404), bad input (400), changing nothing', async () => {
    const w = await world();
    const before = await familyRows(w.family.id);
    const self = await call('DELETE', `/api/family/${w.family.id}/members/${before.family!.createdBy}`, w.family.admin);
    expect(self.statusCode).toBe(409);
    expect(self.json().error).toBe(FAMILY_SERVER_MESSAGES.lastAdminRemove);
    expect((await call('DELETE', `/api/family/${w.family.id}/members/${w.reader.id}`, w.parent)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/family/${w.family.id}/members/${w.parent.id}`, w.reader)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/family/${w.family.id}/members/${w.reader.id}`, w.outsider)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/family/${w.family.id}/members/${w.reader.id}`, undefined)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/family/${w.family.id}/members/not-a-uuid`, w.family.admin)).statusCode).toBe(400);
    const badFlag = await call('DELETE', `/api/family/${w.family.id}/members/${w.reader.id}?remove_stories=maybe`, w.family.admin);
    expect(badFlag.statusCode).toBe(400);
    expect(await familyRows(w.family.id)).toEqual(before);
  });
});

describe('leaving, and making another parent admin', () => {
  it('lets a reader leave; the last admin gets 409 until another parent is admin', async () => {
    const w = await world();
    expect((await call('POST', `/api/family/${w.family.id}/leave`, w.reader)).statusCode).toBe(200);
    expect((await call('GET', `/api/family/${w.family.id}`, w.reader)).statusCode).toBe(404);
    const stuck = await call('POST', `/api/family/${w.family.id}/leave`, w.family.admin);
    expect(stuck.statusCode).toBe(409);
    expect(stuck.json().error).toBe(FAMILY_SERVER_MESSAGES.lastAdminLeave);
    expect((await call('POST', `/api/family/${w.family.id}/leave`, w.outsider)).statusCode).toBe(404);

    // A reader cannot be made admin; a parent can, and only by an admin.
    const reader2 = await ctx.newUser({ role: 'grandparent' });
    await ctx.join(reader2, w.family);
    const notParent = await call('PUT', `/api/family/${w.family.id}/members/${reader2.id}`, w.family.admin, { family_role: 'admin' });
    expect(notParent.statusCode).toBe(409);
    expect(notParent.json().error).toBe(FAMILY_SERVER_MESSAGES.onlyParentsAdmin);
    expect((await call('PUT', `/api/family/${w.family.id}/members/${w.parent.id}`, w.parent, { family_role: 'admin' })).statusCode).toBe(403);
    expect((await call('PUT', `/api/family/${w.family.id}/members/${w.parent.id}`, w.family.admin, { family_role: 'reader' })).statusCode).toBe(400);
    const granted = await call('PUT', `/api/family/${w.family.id}/members/${w.parent.id}`, w.family.admin, { family_role: 'admin' });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().family.members.find((m: { id: string }) => m.id === w.parent.id).family_role).toBe('admin');
    // Now the first admin may leave, and the family goes on with its new admin.
    expect((await call('POST', `/api/family/${w.family.id}/leave`, w.family.admin)).statusCode).toBe(200);
    expect((await call('GET', `/api/family/${w.family.id}`, w.parent)).json().family.my_role).toBe('admin');
  });
});

describe('the family code and approval', () => {
  it('makes a new code: the old one stops working at once', async () => {
    const w = await world();
    const gran = await ctx.newUser({ role: 'grandparent' });
    expect((await call('POST', `/api/family/${w.family.id}/code`, w.parent)).statusCode).toBe(403);
    const res = await call('POST', `/api/family/${w.family.id}/code`, w.family.admin);
    expect(res.statusCode).toBe(200);
    const fresh = res.json().family_code as string;
    expect(fresh).not.toBe(w.family.family_code);
    expect(fresh).toMatch(/^[A-Z2-9]{3}-[A-Z2-9]{3}-[A-Z2-9]{3}$/);
    expect((await call('POST', '/api/family/join', gran, { family_code: w.family.family_code })).statusCode).toBe(404);
    expect((await call('POST', '/api/family/join', gran, { family_code: fresh })).statusCode).toBe(200);
    expect((await call('GET', `/api/family/${w.family.id}`, w.family.admin)).json().family.family_code).toBe(fresh);
  });

  it('with approval on, a code join is a join request the admin approves', async () => {
    const w = await world();
    expect((await call('PUT', `/api/family/${w.family.id}/settings`, w.parent, { code_joins_need_approval: true })).statusCode).toBe(403);
    expect((await call('PUT', `/api/family/${w.family.id}/settings`, w.family.admin, { code_joins_need_approval: 'yes' })).statusCode).toBe(400);
    const on = await call('PUT', `/api/family/${w.family.id}/settings`, w.family.admin, { code_joins_need_approval: true });
    expect(on.json()).toEqual({ code_joins_need_approval: true });
    expect((await call('GET', `/api/family/${w.family.id}`, w.family.admin)).json().family.code_joins_need_approval).toBe(true);
    const gran = await ctx.newUser({ role: 'grandparent', first_name: 'Gwen' });
    const asked = await call('POST', '/api/family/join', gran, { family_code: w.family.family_code });
    expect(asked.statusCode).toBe(202);
    expect(asked.json().message).toBe(FAMILY_SERVER_MESSAGES.codeJoinRequested('The Controls'));
    expect((await call('GET', `/api/family/${w.family.id}`, gran)).statusCode).toBe(404);
    await call('PUT', `/api/family/${w.family.id}/requests/${asked.json().request_id}`, w.family.admin, { action: 'approve' });
    expect((await call('GET', `/api/family/${w.family.id}`, gran)).json().family.my_role).toBe('reader');
  });
});

describe('family activity', () => {
  it('lists what happened, newest first and paged, to admins only', async () => {
    const w = await world();
    await call('PUT', `/api/family/${w.family.id}/settings`, w.family.admin, { code_joins_need_approval: true });
    await call('POST', `/api/family/${w.family.id}/code`, w.family.admin);
    const extra = await ctx.newKid(w.family, 'Leo', 6);
    await call('DELETE', `/api/family/${w.family.id}/kids/${extra.id}`, w.family.admin);
    await call('PUT', `/api/family/${w.family.id}/members/${w.parent.id}`, w.family.admin, { family_role: 'admin' });
    await call('DELETE', `/api/family/${w.family.id}/members/${w.reader.id}`, w.family.admin);
    const all = (await call('GET', `/api/family/${w.family.id}/activity?per_page=50`, w.family.admin)).json();
    const types = all.events.map((e: { type: string }) => e.type);
    expect(types.slice(0, 7)).toEqual(['member_removed', 'admin_granted', 'kid_removed', 'kid_added', 'code_changed', 'settings_changed', 'story_recorded']);
    expect(types).toEqual(expect.arrayContaining(['kid_added', 'join_requested', 'join_approved', 'member_joined']));
    const removed = all.events[0];
    expect(removed.subject).toBe('Rose Reader');
    expect(removed.actor).toMatch(/^Test User\d+$/);
    expect(all.events.find((e: { type: string }) => e.type === 'story_recorded')).toMatchObject({ actor: 'Rose Reader', subject: 'The Sleepy Owl' });
    expect(all.events.find((e: { type: string }) => e.type === 'kid_removed').subject).toBe('Leo');
    const page1 = (await call('GET', `/api/family/${w.family.id}/activity?per_page=2`, w.family.admin)).json();
    const page2 = (await call('GET', `/api/family/${w.family.id}/activity?per_page=2&page=2`, w.family.admin)).json();
    expect(page1).toMatchObject({ page: 1, per_page: 2, has_more: true });
    expect([...page1.events, ...page2.events].map((e: { id: string }) => e.id)).toEqual(all.events.slice(0, 4).map((e: { id: string }) => e.id));
    expect((await call('GET', `/api/family/${w.family.id}/activity`, w.reader)).statusCode).toBe(404);
    expect((await call('GET', `/api/family/${w.family.id}/activity`, w.outsider)).statusCode).toBe(404);
    expect((await call('GET', `/api/family/${w.family.id}/activity?per_page=500`, w.family.admin)).statusCode).toBe(400);
    expect((await call('GET', `/api/family/${w.family.id}/activity?page=0`, w.family.admin)).statusCode).toBe(400);
  });
});
