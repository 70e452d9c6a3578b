import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAMILY_CODE_ALPHABET, KID_AVATAR_COLORS, READER_AVATAR_COLORS } from '@fst/shared/constants';
import { FAMILY_MAIL_TEXTS, FAMILY_SERVER_MESSAGES, FAMILY_TEXTS, VALIDATION } from '@fst/shared/messages';
import { isFamilyCodeShape } from '@fst/shared/families/families.rules';
import { createTestContext, type TestContext } from '../../../test/context.ts';
import { families as familiesTable, kids as kidsTable } from './families.table.ts';
import { VERIFY_SUBJECT } from '../auth/account-mail.ts';

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
    // 9 characters without look-alikes, shown in groups of 3 (issue 27).
    expect(family.family_code).toMatch(new RegExp(`^[${FAMILY_CODE_ALPHABET}]{3}-[${FAMILY_CODE_ALPHABET}]{3}-[${FAMILY_CODE_ALPHABET}]{3}$`));
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
      expect.objectContaining({
        id: w.kid.id,
        first_name: 'Mia',
        name: 'Mia',
        age: 4,
        family_id: w.family.id,
        family_name: 'The Robinsons',
        familySubscriptionTier: 'free',
        stories: 0,
      }),
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
  const wrongCode = (i: number) => `${'WXYZ'[i % 4]}${'ABCDEFGHJK'[Math.floor(i / 4) % 10]}${'MNPQRSTUVW'[Math.floor(i / 40) % 10]}-222-222`;
  const joinFrom = (who: { cookie: string }, family_code: string, remoteAddress: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/family/join', headers: { cookie: who.cookie }, payload: { family_code }, remoteAddress });
  // The family's mails only: every new account is also sent its address's verification link.
  const mailsTo = (email: string) => ctx.mailer.sent.filter((m) => m.to === email && m.subject !== VERIFY_SUBJECT);

  it('joins a grandparent as reader at once, the code typed loosely; twice is harmless; the admin is e-mailed', async () => {
    const family = await ctx.newFamily(undefined, 'The Codemans');
    const adminEmail = (await call('GET', '/api/auth/me', family.admin)).json().user.email as string;
    const gran = await ctx.newUser({ role: 'grandparent', first_name: 'Nancy', last_name: 'Reed' });
    const typed = ` ${family.family_code.replaceAll('-', ' ').toLowerCase()} `;
    const res = await call('POST', '/api/auth/join-family', gran, { family_code: typed, relationship: 'Nana' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'joined', family: { id: family.id, my_role: 'reader', family_code: null } });
    const mails = mailsTo(adminEmail);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(FAMILY_MAIL_TEXTS.joinedByCodeSubject('The Codemans'));
    expect(mails[0]!.text).toContain(`Nancy Reed (${gran.email}) joined The Codemans as a reader`);
    const twice = await call('POST', '/api/family/join', gran, { family_code: family.family_code.replaceAll('-', '') });
    expect(twice.statusCode).toBe(200);
    expect(twice.json().family.member_count).toBe(2);
    expect(mailsTo(adminEmail)).toHaveLength(1);
    // The admin joining their own family by code stays admin.
    expect((await call('POST', '/api/family/join', family.admin, { family_code: family.family_code })).json().family.my_role).toBe('admin');
  });

  it('never makes a parent by code: a parent account gets a pending join request, and the admin is e-mailed', async () => {
    const family = await ctx.newFamily(undefined, 'The Guardeds');
    await ctx.newKid(family, 'Pip', 3);
    const adminEmail = (await call('GET', '/api/auth/me', family.admin)).json().user.email as string;
    const stranger = await ctx.newUser({ first_name: 'Sam', last_name: 'Stranger' });
    const res = await call('POST', '/api/family/join', stranger, { family_code: family.family_code });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({
      status: 'requested',
      message: FAMILY_SERVER_MESSAGES.codeJoinRequested('The Guardeds'),
      request_id: expect.any(String),
      family: { id: family.id, name: 'The Guardeds' },
    });
    // Nothing of the family until approved.
    expect((await call('GET', '/api/family/my-families', stranger)).json().families).toEqual([]);
    expect((await call('GET', `/api/family/${family.id}`, stranger)).statusCode).toBe(404);
    expect((await call('GET', `/api/family/${family.id}`, family.admin)).json().family.member_count).toBe(1);
    const again = await call('POST', '/api/family/join', stranger, { family_code: family.family_code });
    expect(again.statusCode).toBe(202);
    expect(again.json().request_id).toBe(res.json().request_id);
    const pending = (await call('GET', `/api/family/${family.id}/requests`, family.admin)).json().requests;
    expect(pending).toEqual([expect.objectContaining({ id: res.json().request_id, requester: expect.objectContaining({ first_name: 'Sam' }) })]);
    const mail = mailsTo(adminEmail)[0]!;
    expect(mail.subject).toBe(FAMILY_MAIL_TEXTS.requestedByCodeSubject('The Guardeds'));
    expect(mail.text).toContain(`Sam Stranger (${stranger.email}) used your family code to ask to join The Guardeds`);
    // Approved by the admin, they become a parent.
    expect((await call('PUT', `/api/family/${family.id}/requests/${res.json().request_id}`, family.admin, { action: 'approve' })).statusCode).toBe(200);
    expect((await call('GET', `/api/family/${family.id}`, stranger)).json().family.my_role).toBe('parent');
  });

  it('refuses unknown and malformed codes, and old 6-character codes', async () => {
    const someone = await ctx.newUser({ role: 'grandparent' });
    const unknown = await call('POST', '/api/family/join', someone, { family_code: 'ZZZ-ZZZ-ZZZ' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(FAMILY_SERVER_MESSAGES.codeUnknown);
    for (const family_code of ['ABC', 'ABCDEFG', 'ABC234', 'ABC-DEF-GH0', 123456, '', 'A'.repeat(5000)]) {
      const res = await call('POST', '/api/family/join', someone, { family_code });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.family_code).toEqual([VALIDATION.familyCodeInvalid]);
    }
    expect((await call('GET', '/api/family/my-families', someone)).json().families).toEqual([]);
  });

  it('gives existing families new codes in the migration: the old 6-character codes stop working', async () => {
    const [old] = await ctx.db.insert(familiesTable).values({ name: 'The Olds', code: 'ABC234' }).returning();
    const kept = await ctx.newFamily(undefined, 'The Keeps');
    const migration = await readFile(new URL('../../../drizzle/0010_family_codes.sql', import.meta.url), 'utf8');
    await ctx.database.sql(migration);
    const rows = await ctx.db.select().from(familiesTable);
    const renewed = rows.find((r) => r.id === old!.id)!;
    expect(renewed.code).not.toBe('ABC234');
    expect(isFamilyCodeShape(renewed.code)).toBe(true);
    expect(rows.every((r) => isFamilyCodeShape(r.code))).toBe(true);
    expect(new Set(rows.map((r) => r.code)).size).toBe(rows.length);
    expect(rows.find((r) => r.id === kept.id)!.code).not.toBe(kept.family_code.replaceAll('-', ''));
    const gran = await ctx.newUser({ role: 'grandparent' });
    expect((await call('POST', '/api/family/join', gran, { family_code: 'ABC234' })).statusCode).toBe(400);
    const joined = await call('POST', '/api/family/join', gran, { family_code: renewed.code });
    expect(joined.json()).toMatchObject({ status: 'joined', family: { id: old!.id } });
  });

  it('answers 429 after 10 wrong codes an hour from one account, even for the right code, until the hour is over', async () => {
    const family = await ctx.newFamily();
    const guesser = await ctx.newUser({ role: 'grandparent' });
    // Right codes are not failures: they never use up the allowance.
    for (let i = 0; i < 12; i++) expect((await joinFrom(family.admin, family.family_code, '10.0.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await joinFrom(guesser, wrongCode(i), '10.0.0.2')).statusCode).toBe(404);
    const blocked = await joinFrom(guesser, family.family_code, '10.0.0.3');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'rate_limited', error: FAMILY_SERVER_MESSAGES.tooManyCodes });
    expect((await call('GET', '/api/family/my-families', guesser)).json().families).toEqual([]);
    ctx.clock.advance(60 * 60_000 + 1000);
    expect((await joinFrom(guesser, family.family_code, '10.0.0.3')).statusCode).toBe(200);
  });

  it('counts each try before the lookup, so parallel guesses cannot get past the limit', async () => {
    const guesser = await ctx.newUser({ role: 'grandparent' });
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => joinFrom(guesser, wrongCode(i), '10.0.1.1')));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 404)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
  });

  it('limits one client to 30 wrong codes an hour across accounts', async () => {
    const family = await ctx.newFamily();
    let wrong = 0;
    for (let account = 0; account < 3; account++) {
      const guesser = await ctx.newUser({ role: 'grandparent' });
      for (let i = 0; i < 10; i++) expect((await joinFrom(guesser, wrongCode(wrong++), '10.0.2.1')).statusCode).toBe(404);
    }
    const fresh = await ctx.newUser({ role: 'grandparent' });
    expect((await joinFrom(fresh, family.family_code, '10.0.2.1')).statusCode).toBe(429);
    expect((await joinFrom(fresh, family.family_code, '10.0.2.2')).statusCode).toBe(200);
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
    expect(res.json().families).toEqual([{ id: family.id, name: 'The Zebediahs', member_count: 1, kids_count: 2, is_member: false, request_pending: false }]);
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
      expect.objectContaining({
        id: sent.json().request_id,
        requester: { first_name: 'Grandpa', last_name: 'Joe', email: gran2.email },
        relationship: 'Grandpa',
      }),
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

  it("lists the requester's own pending requests, and lets them withdraw theirs only (issue 22.12)", async () => {
    const w = await world();
    const gran = await ctx.newUser({ role: 'grandparent' });
    expect((await call('GET', '/api/me/join-requests', gran)).json()).toEqual({ requests: [] });
    // By search, and by code when the family wants to approve code joins.
    const byName = (await call('POST', `/api/family/${w.family.id}/request-join`, gran, { relationship: 'Grandma' })).json().request_id;
    expect((await call('PUT', `/api/family/${w.other.id}/settings`, w.outsider, { code_joins_need_approval: true })).statusCode).toBe(200);
    const code = (await call('GET', `/api/family/${w.other.id}`, w.outsider)).json().family.family_code;
    const byCode = await call('POST', '/api/family/join', gran, { family_code: code });
    expect(byCode.statusCode).toBe(202);
    const mine = (await call('GET', '/api/me/join-requests', gran)).json().requests;
    expect(mine).toEqual([
      { id: byName, family_id: w.family.id, family_name: 'The Robinsons', relationship: 'Grandma', created_at: expect.any(String) },
      { id: byCode.json().request_id, family_id: w.other.id, family_name: 'The Outsiders', relationship: null, created_at: expect.any(String) },
    ]);
    expect(Date.now() - Date.parse(mine[0].created_at)).toBeLessThan(60_000);
    // Nobody else sees them, nor withdraws them: not the family's admin, not another applicant.
    expect((await call('GET', '/api/me/join-requests', w.family.admin)).json()).toEqual({ requests: [] });
    for (const who of [w.family.admin, w.outsiderReader]) {
      const res = await call('DELETE', `/api/me/join-requests/${byName}`, who);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(FAMILY_SERVER_MESSAGES.requestNotFound);
    }
    expect((await call('DELETE', '/api/me/join-requests/not-an-id', gran)).statusCode).toBe(400);
    expect((await call('DELETE', `/api/me/join-requests/${byName}`, undefined)).statusCode).toBe(401);

    const withdrawn = await call('DELETE', `/api/me/join-requests/${byName}`, gran);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toEqual({ ok: true });
    expect((await call('GET', '/api/me/join-requests', gran)).json().requests.map((r: { id: string }) => r.id)).toEqual([byCode.json().request_id]);
    // The admin no longer sees it, cannot approve it, and the activity says who withdrew.
    expect((await call('GET', `/api/family/${w.family.id}/requests`, w.family.admin)).json().requests).toEqual([]);
    const late = await call('PUT', `/api/family/${w.family.id}/requests/${byName}`, w.family.admin, { action: 'approve' });
    expect(late.statusCode).toBe(409);
    expect((await call('GET', `/api/family/${w.family.id}`, gran)).statusCode).toBe(404);
    const events = (await call('GET', `/api/family/${w.family.id}/activity`, w.family.admin)).json().events;
    expect(events[0]).toMatchObject({ type: 'join_withdrawn' });
    // Withdrawing twice finds nothing; asking again makes a new pending request.
    expect((await call('DELETE', `/api/me/join-requests/${byName}`, gran)).statusCode).toBe(404);
    const again = (await call('POST', `/api/family/${w.family.id}/request-join`, gran, {})).json().request_id;
    expect(again).not.toBe(byName);
    // Once approved, a request leaves the requester's list.
    expect((await call('PUT', `/api/family/${w.family.id}/requests/${again}`, w.family.admin, { action: 'approve' })).statusCode).toBe(200);
    expect((await call('GET', '/api/me/join-requests', gran)).json().requests.map((r: { family_id: string }) => r.family_id)).toEqual([w.other.id]);
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
