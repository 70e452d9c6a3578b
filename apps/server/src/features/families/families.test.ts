import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAMILY_CODE_ALPHABET, KID_AVATAR_COLORS, READER_AVATAR_COLORS } from '@fst/shared/constants';
import { FAMILY_SERVER_MESSAGES, FAMILY_TEXTS, VALIDATION } from '@fst/shared/messages';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { families as familiesTable, kids as kidsTable } from './families.table.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Who = { cookie: string } | undefined;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Who, payload?: object) =>
  ctx.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });

/** A family with an admin, a second parent, a reader and a kid, plus outsiders of another family. */
async function world() {
  const family = await ctx.newFamily(undefined, 'The Robinsons');
  const kid = await ctx.newKid(family, 'Mia', 4);
  const parent = await ctx.newUser();
  await ctx.join(parent, family);
  const reader = await ctx.newUser({ role: 'grandparent', first_name: 'Gran' });
  await ctx.join(reader, family, 'Grandma');
  const other = await ctx.newFamily(undefined, 'The Outsiders');
  const outsiderReader = await ctx.newUser({ role: 'grandparent' });
  await ctx.join(outsiderReader, other);
  return { family, kid, parent, reader, other, outsider: other.admin, outsiderReader };
}

describe('creating and reading a family', () => {
  it('makes the creating parent admin with a unique, look-alike-free code', async () => {
    const admin = await ctx.newUser();
    const res = await call('POST', '/api/family/create', admin, { family_name: '  The Smiths ' });
    expect(res.statusCode).toBe(201);
    const family = res.json().family;
    expect(family).toMatchObject({ name: 'The Smiths', family_name: 'The Smiths', my_role: 'admin', member_count: 1, kids_count: 0, kids: [] });
    expect(family.family_code).toMatch(new RegExp(`^[${FAMILY_CODE_ALPHABET}]{6}$`));
    const mine = (await call('GET', '/api/family/my-families', admin)).json().families;
    expect(mine).toEqual([{ id: family.id, name: 'The Smiths', family_name: 'The Smiths', my_role: 'admin', member_count: 1, kids_count: 0 }]);
    // Login and me carry the families too.
    expect((await call('GET', '/api/auth/me', admin)).json().families).toEqual(mine);
  });

  it('refuses a blank family name and grandparents creating families', async () => {
    const before = (await ctx.db.select().from(familiesTable)).length;
    const admin = await ctx.newUser();
    const blank = await call('POST', '/api/family/create', admin, { family_name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.family_name).toEqual([VALIDATION.familyNameRequired]);
    const gran = await ctx.newUser({ role: 'grandparent' });
    const refused = await call('POST', '/api/family/create', gran, { family_name: 'Nope' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(FAMILY_SERVER_MESSAGES.onlyParentsCreate);
    expect((await call('POST', '/api/family/create', undefined, { family_name: 'Anon' })).statusCode).toBe(401);
    expect((await ctx.db.select().from(familiesTable)).length).toBe(before);
  });

  it('shows members, readers and kids to members; the code only to the admin; nothing to outsiders', async () => {
    const w = await world();
    const asAdmin = (await call('GET', `/api/family/${w.family.id}`, w.family.admin)).json().family;
    expect(asAdmin.family_code).toBe(w.family.family_code);
    expect(asAdmin.members.map((m: { family_role: string }) => m.family_role)).toEqual(['admin', 'parent', 'reader']);
    const gran = asAdmin.members.find((m: { family_role: string }) => m.family_role === 'reader');
    expect(gran).toMatchObject({ first_name: 'Gran', relationship: 'Grandma' });
    expect(READER_AVATAR_COLORS).toContain(gran.avatarColor);
    expect(asAdmin.kids).toEqual([
      expect.objectContaining({ id: w.kid.id, first_name: 'Mia', name: 'Mia', age: 4, family_id: w.family.id, family_name: 'The Robinsons', familySubscriptionTier: 'free', stories: 0 }),
    ]);
    expect(KID_AVATAR_COLORS).toContain(asAdmin.kids[0].avatarColor);
    // Stable colour per person.
    const again = (await call('GET', `/api/family/${w.family.id}`, w.parent)).json().family;
    expect(again.kids[0].avatarColor).toBe(asAdmin.kids[0].avatarColor);
    expect(again.family_code).toBeNull();
    expect(again.my_role).toBe('parent');
    const asReader = (await call('GET', `/api/family/${w.family.id}`, w.reader)).json().family;
    expect(asReader.family_code).toBeNull();
    expect(asReader.my_role).toBe('reader');
    for (const outsider of [w.outsider, w.outsiderReader]) {
      const res = await call('GET', `/api/family/${w.family.id}`, outsider);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(w.family.family_code);
    }
    expect((await call('GET', `/api/family/${w.family.id}`, undefined)).statusCode).toBe(401);
    expect((await call('GET', '/api/family/not-a-uuid', w.family.admin)).statusCode).toBe(400);
  });
});

describe('joining by code', () => {
  it('joins a grandparent as reader and a parent as parent, upper-casing the code; twice is harmless', async () => {
    const family = await ctx.newFamily();
    const gran = await ctx.newUser({ role: 'grandparent' });
    const res = await call('POST', '/api/auth/join-family', gran, { family_code: ` ${family.family_code.toLowerCase()} `, relationship: 'Nana' });
    expect(res.statusCode).toBe(200);
    expect(res.json().family).toMatchObject({ id: family.id, my_role: 'reader', family_code: null });
    const twice = await call('POST', '/api/family/join', gran, { family_code: family.family_code });
    expect(twice.statusCode).toBe(200);
    expect(twice.json().family.member_count).toBe(2);
    const dad = await ctx.newUser();
    expect((await call('POST', '/api/family/join', dad, { family_code: family.family_code })).json().family.my_role).toBe('parent');
    // The admin joining their own family by code stays admin.
    expect((await call('POST', '/api/family/join', family.admin, { family_code: family.family_code })).json().family.my_role).toBe('admin');
  });

  it('refuses unknown and malformed codes', async () => {
    const someone = await ctx.newUser({ role: 'grandparent' });
    const unknown = await call('POST', '/api/family/join', someone, { family_code: 'ZZZZZZ' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(FAMILY_SERVER_MESSAGES.codeUnknown);
    for (const family_code of ['ABC', 'ABCDEFG', 123456, '']) {
      const res = await call('POST', '/api/family/join', someone, { family_code });
      expect(res.statusCode).toBe(400);
    }
    expect((await call('GET', '/api/family/my-families', someone)).json().families).toEqual([]);
  });
});

describe('search and join requests', () => {
  it('finds families by name without their code and needs 2 characters', async () => {
    const family = await ctx.newFamily(undefined, 'The Zebediahs');
    await ctx.newKid(family, 'Zed', 3);
    await ctx.newKid(family, 'Zoe', 6);
    const gran = await ctx.newUser({ role: 'grandparent' });
    const res = await call('GET', '/api/auth/search-families?q=zebed', gran);
    expect(res.statusCode).toBe(200);
    expect(res.json().families).toEqual([
      { id: family.id, name: 'The Zebediahs', member_count: 1, kids_count: 2, is_member: false, request_pending: false },
    ]);
    expect((await call('GET', '/api/family/my-families', family.admin)).json().families[0]).toMatchObject({ member_count: 1, kids_count: 2 });
    expect(res.body).not.toContain(family.family_code);
    const short = await call('GET', '/api/auth/search-families?q=z', gran);
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe(VALIDATION.familySearchTooShort);
    expect((await call('GET', '/api/auth/search-families?q=%25%25', gran)).json().families).toEqual([]);
    expect((await call('GET', '/api/auth/search-families?q=zebed', undefined)).statusCode).toBe(401);
  });

  it('sends a request the admin approves, adding the requester with their role and relationship', async () => {
    const w = await world();
    const gran2 = await ctx.newUser({ role: 'grandparent', first_name: 'Grandpa', last_name: 'Joe' });
    const sent = await call('POST', `/api/family/${w.family.id}/request-join`, gran2, { relationship: 'Grandpa' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().message).toBe(FAMILY_TEXTS.requestSent);
    // Asking again is harmless: still one pending request.
    const again = await call('POST', `/api/family/${w.family.id}/request-join`, gran2, {});
    expect(again.json().request_id).toBe(sent.json().request_id);
    const search = await call('GET', '/api/auth/search-families?q=Robinsons', gran2);
    expect(search.json().families.find((f: { id: string }) => f.id === w.family.id).request_pending).toBe(true);

    // Only the admin sees and reviews requests.
    for (const who of [w.parent, w.reader]) {
      expect((await call('GET', `/api/family/${w.family.id}/requests`, who)).statusCode).toBe(403);
    }
    expect((await call('GET', `/api/family/${w.family.id}/requests`, w.outsider)).statusCode).toBe(404);
    const list = (await call('GET', `/api/family/${w.family.id}/requests`, w.family.admin)).json().requests;
    expect(list).toEqual([
      expect.objectContaining({ id: sent.json().request_id, requester: { first_name: 'Grandpa', last_name: 'Joe', email: gran2.email }, relationship: 'Grandpa' }),
    ]);
    const url = `/api/family/${w.family.id}/requests/${list[0].id}`;
    expect((await call('PUT', url, w.parent, { action: 'approve' })).statusCode).toBe(403);
    expect((await call('PUT', url, w.outsider, { action: 'approve' })).statusCode).toBe(404);
    expect((await call('PUT', url, w.family.admin, { action: 'maybe' })).statusCode).toBe(400);
    expect((await call('GET', `/api/family/${w.family.id}`, gran2)).statusCode).toBe(404);

    const approved = await call('PUT', url, w.family.admin, { action: 'approve' });
    expect(approved.json()).toEqual({ id: list[0].id, status: 'approved' });
    const fam = (await call('GET', `/api/family/${w.family.id}`, gran2)).json().family;
    expect(fam.my_role).toBe('reader');
    expect((await call('GET', `/api/family/${w.family.id}/requests`, w.family.admin)).json().requests).toEqual([]);
    const twice = await call('PUT', url, w.family.admin, { action: 'reject' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(FAMILY_SERVER_MESSAGES.requestAlreadyReviewed);
    const member = await call('POST', `/api/family/${w.family.id}/request-join`, gran2, {});
    expect(member.statusCode).toBe(409);
    expect(member.json().error).toBe(FAMILY_SERVER_MESSAGES.alreadyMember);
  });

  it('rejects a request without adding the requester', async () => {
    const family = await ctx.newFamily();
    const gran = await ctx.newUser({ role: 'grandparent' });
    const sentRes = await call('POST', `/api/family/${family.id}/request-join`, gran);
    expect(sentRes.statusCode, sentRes.body).toBe(201);
    const { request_id } = sentRes.json();
    const res = await call('PUT', `/api/family/${family.id}/requests/${request_id}`, family.admin, { action: 'reject' });
    expect(res.json().status).toBe('rejected');
    expect((await call('GET', '/api/family/my-families', gran)).json().families).toEqual([]);
    // A request of another family cannot be reviewed through this one.
    const other = await ctx.newFamily();
    const r2 = (await call('POST', `/api/family/${other.id}/request-join`, gran)).json().request_id;
    expect((await call('PUT', `/api/family/${family.id}/requests/${r2}`, family.admin, { action: 'approve' })).statusCode).toBe(404);
    expect((await call('POST', `/api/family/00000000-0000-4000-8000-000000000000/request-join`, gran)).statusCode).toBe(404);
  });
});

describe('kids', () => {
  it('lets only the admin add, edit and delete kids, with every validation text', async () => {
    const w = await world();
    const url = `/api/family/${w.family.id}/kids`;
    const added = await call('POST', url, w.family.admin, { first_name: ' Leo ', age: '7' });
    expect(added.statusCode).toBe(201);
    const kid = added.json().kid;
    expect(kid).toMatchObject({ first_name: 'Leo', age: 7, family_id: w.family.id });

    const cases: [object, string, string][] = [
      [{ age: 3 }, 'first_name', VALIDATION.kidFirstNameRequired],
      [{ first_name: '  ', age: 3 }, 'first_name', VALIDATION.kidFirstNameRequired],
      [{ first_name: 'A' }, 'age', VALIDATION.kidAgeRequired],
      [{ first_name: 'A', age: 22 }, 'age', VALIDATION.kidAgeRange],
      [{ first_name: 'A', age: -1 }, 'age', VALIDATION.kidAgeRange],
      [{ first_name: 'A', age: 2.5 }, 'age', VALIDATION.kidAgeRange],
      [{ first_name: 'A', age: 'three' }, 'age', VALIDATION.kidAgeRange],
      [{ first_name: 'x'.repeat(51), age: 3 }, 'first_name', VALIDATION.tooLong(50)],
    ];
    for (const [payload, field, message] of cases) {
      const res = await call('POST', url, w.family.admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors[field]).toContain(message);
    }
    for (const edge of [0, 21]) expect((await call('POST', url, w.family.admin, { first_name: 'Edge', age: edge })).statusCode).toBe(201);

    for (const who of [w.parent, w.reader]) {
      expect((await call('POST', url, who, { first_name: 'No', age: 3 })).statusCode).toBe(403);
      expect((await call('PUT', `${url}/${kid.id}`, who, { first_name: 'No', age: 3 })).statusCode).toBe(403);
      expect((await call('DELETE', `${url}/${kid.id}`, who)).statusCode).toBe(403);
    }
    expect((await call('POST', url, w.outsider, { first_name: 'No', age: 3 })).statusCode).toBe(404);
    // The other family's admin cannot reach this kid through their own family either.
    expect((await call('PUT', `/api/family/${w.other.id}/kids/${kid.id}`, w.outsider, { first_name: 'No', age: 3 })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/family/${w.other.id}/kids/${kid.id}`, w.outsider)).statusCode).toBe(404);

    const edited = await call('PUT', `${url}/${kid.id}`, w.family.admin, { first_name: 'Leon', age: 8 });
    expect(edited.json().kid).toMatchObject({ id: kid.id, first_name: 'Leon', age: 8 });
    expect((await call('PUT', `${url}/${kid.id}`, w.family.admin, { first_name: 'Leon', age: 30 })).statusCode).toBe(400);

    expect((await call('DELETE', `${url}/${kid.id}`, w.family.admin)).json()).toEqual({ ok: true });
    expect((await call('DELETE', `${url}/${kid.id}`, w.family.admin)).statusCode).toBe(404);
    const left = (await ctx.db.select().from(kidsTable)).filter((k) => k.familyId === w.family.id).map((k) => k.firstName);
    expect(left.sort()).toEqual(['Edge', 'Edge', 'Mia']);
  });
});

describe('readers, stats and recording lists', () => {
  it('lists readers with their relationship to members only', async () => {
    const w = await world();
    const res = await call('GET', `/api/family/${w.family.id}/readers`, w.parent);
    expect(res.json().readers).toEqual([
      expect.objectContaining({ first_name: 'Gran', relationship: 'Grandma', has_voice_clone: false, storiesRecorded: 0, lastRecorded: null, readsTo: [] }),
    ]);
    expect((await call('GET', `/api/family/${w.family.id}/readers`, w.outsider)).statusCode).toBe(404);
    const readerId = res.json().readers[0].id;
    const stats = await call('GET', `/api/family/${w.family.id}/reader/${readerId}/stats`, w.family.admin);
    expect(stats.json()).toEqual({ stories_recorded: 0, times_watched: 0, last_recorded: null, reads_to: [] });
    expect((await call('GET', `/api/family/${w.family.id}/reader/${readerId}/stats`, w.outsider)).statusCode).toBe(404);
    // A parent is not a reader.
    const adminId = (await call('GET', '/api/auth/me', w.family.admin)).json().user.id;
    expect((await call('GET', `/api/family/${w.family.id}/reader/${adminId}/stats`, w.family.admin)).statusCode).toBe(404);
    for (const list of ['all-recordings', 'all-ai-recordings', 'recent-recordings', 'recent-ai-recordings']) {
      expect((await call('GET', `/api/family/${w.family.id}/${list}`, w.reader)).json()).toEqual({ recordings: [] });
      expect((await call('GET', `/api/family/${w.family.id}/${list}`, w.outsiderReader)).statusCode).toBe(404);
    }
  });
});
