// The routes of the OpenAPI document with who may call them, and a world to call them in: shared by the
// authorization matrix and the fuzz test.
import { sql } from 'drizzle-orm';
import { multipartBody, type TestContext } from '../context.ts';
import { makeMedia } from '../media.ts';
import { narrationHelpers } from '../narration-fixtures.ts';

export type Who = { cookie: string };
export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export const call = (ctx: TestContext, method: Method, url: string, who?: Who, payload?: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method,
    url,
    headers: { ...(who ? { cookie: who.cookie } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as string }),
  });

/**
 * Family A: its admin parent, a second parent, a reader (grandparent), a kid, a ready recording by the
 * reader for the kid, a pending story request, a pending join request and a premium book. Family B: an
 * outsider parent and an outsider reader. Each user has a local checkout and a token purchase in progress.
 */
export async function world(ctx: TestContext) {
  const parent = await ctx.newUser({ first_name: 'Ada' });
  // Verified, so that fuzzing resend-verification as Ada is refused ("already verified") and changes nothing.
  await ctx.verifyEmail(parent.email);
  const family = await ctx.newFamily(parent, 'Family A');
  const kid = await ctx.newKid(family, 'Ann', 5);
  const coParent = await ctx.newUser({ first_name: 'Co' });
  await ctx.join(coParent, family);
  const reader = await ctx.newUser({ role: 'grandparent', first_name: 'Gran' });
  await ctx.join(reader, family, 'Grandma');
  const outsiderParent = await ctx.newUser({ first_name: 'Otto' });
  const other = await ctx.newFamily(outsiderParent, 'Family B');
  const outsiderKid = await ctx.newKid(other, 'Bob', 6);
  const outsiderReader = await ctx.newUser({ role: 'grandparent', first_name: 'Stranger' });
  await ctx.join(outsiderReader, other);
  const admin = await ctx.newAdmin();
  const book = await ctx.newBook({ title: 'Matrix Book' }, admin);
  const premiumBook = await ctx.newBook({ title: 'Premium Matrix Book', is_premium: 'true', token_cost: '3' }, admin);

  const form = multipartBody({ book_id: book.id, recording_type: 'audio_only', duration_seconds: '2', kid_ids: JSON.stringify([kid.id]) }, [
    { name: 'recording', filename: 'reading.webm', content: makeMedia('webm-audio'), type: 'audio/webm' },
  ]);
  const uploaded = await call(ctx, 'POST', '/api/recording/upload', reader, form.payload, form.headers);
  if (uploaded.statusCode !== 201) throw new Error(`upload failed: ${uploaded.statusCode} ${uploaded.body}`);
  const recordingId = uploaded.json().recording.id as string;
  await ctx.waitForRecording(recordingId);

  const secondBook = await ctx.newBook({ title: 'Requested Book' }, admin);
  const requested = await call(ctx, 'POST', '/api/queue/request-story', parent, {
    book_id: secondBook.id,
    kid_id: kid.id,
    reader_id: reader.id,
    type: 'requested',
    is_premium: false,
  });
  if (requested.statusCode !== 201) throw new Error(`request failed: ${requested.body}`);

  const applicant = await ctx.newUser({ role: 'grandparent', first_name: 'Applicant' });
  await call(ctx, 'POST', `/api/family/${family.id}/request-join`, applicant, {});
  const joinRequests = (await call(ctx, 'GET', `/api/family/${family.id}/requests`, parent)).json();
  const joinRequestId = (joinRequests.requests ?? joinRequests)[0]?.id as string;
  if (!joinRequestId) throw new Error(`no join request: ${JSON.stringify(joinRequests)}`);

  // An AI story for the kid, in the reader's voice (family A on Premium, the reader consenting).
  const narration = narrationHelpers(ctx);
  await narration.subscribe(parent, 'premium');
  await narration.consent(reader, true);
  const clone = await narration.createClone(parent, { readerId: reader.id, recording_ids: [recordingId] });
  if (clone.statusCode !== 201) throw new Error(`clone failed: ${clone.statusCode} ${clone.body}`);
  const aiBook = await ctx.newBook({ title: 'Narrated Book', pages: ['The moon rose.', 'Goodnight.'] }, admin);
  const generated = await narration.generate(parent, { book_id: aiBook.id, reader_id: reader.id, kid_id: kid.id });
  if (generated.statusCode !== 202) throw new Error(`generate failed: ${generated.statusCode} ${generated.body}`);
  const aiRecordingId = generated.json().recording_id as string;
  await narration.waitForStory(parent, aiRecordingId);

  // Kid devices (decision 018): one of the kid, one of the outsiders' kid, and a spare a parent may remove.
  const device = await ctx.newDevice(parent, kid, 'Ann’s tablet');
  const outsiderDevice = await ctx.newDevice(outsiderParent, outsiderKid, 'Bob’s tablet');
  const spareDevice = await ctx.newDevice(parent, kid, 'Spare tablet');

  const checkout = (await call(ctx, 'POST', '/api/stripe/create-checkout-session', parent, { plan_type: 'premium' })).json();
  const purchase = (await call(ctx, 'POST', '/api/stripe/purchase-story-tokens', parent, { package_id: 'story_10' })).json();

  return {
    family,
    parent,
    coParent,
    reader,
    kid,
    other,
    outsiderParent,
    outsiderKid,
    outsiderReader,
    admin,
    book,
    premiumBook,
    recordingId,
    aiRecordingId,
    device,
    outsiderDevice,
    spareDeviceId: spareDevice.id,
    requestId: requested.json().request.id as string,
    joinRequestId,
    checkoutSessionId:
      String(checkout.url ?? '')
        .split('/')
        .pop() ?? 'missing',
    clientSecret: (purchase.client_secret as string | undefined) ?? 'missing',
  };
}
export type World = Awaited<ReturnType<typeof world>>;

/**
 * Who may call a route:
 * - `public`: anyone, signed in or not (only anonymous-callable routes are listed as such);
 * - `self`: any signed-in user, acting on their own account (an outsider's answer must not show family A);
 * - `member`: members of the family (parents and readers) only;
 * - `parent`: parents of the family only (its readers are refused too);
 * - `family-admin`: the family's admin only (its other parent and its readers are refused too);
 * - `admin`: site admins only.
 */
export type Access = 'public' | 'self' | 'member' | 'parent' | 'family-admin' | 'admin';
/** `device`: the kid's own device may call it too (decision 018); every other route refuses a device with 403. */
export type Row = { access: Access; url: (w: World) => string; body?: (w: World) => unknown; device?: true };

const recording =
  (path = '') =>
  (x: World) =>
    `/api/recording/${x.recordingId}${path}`;
const familyUrl =
  (path = '') =>
  (x: World) =>
    `/api/family/${x.family.id}${path}`;
const kidUrl =
  (prefix: string, path = '') =>
  (x: World) =>
    `${prefix}/${x.kid.id}${path}`;

export const MATRIX: Record<string, Row> = {
  'GET /api/health': { access: 'public', url: () => '/api/health' },
  'GET /api/health/live': { access: 'public', url: () => '/api/health/live' },
  // Accounts
  'POST /api/auth/signup': { access: 'public', url: () => '/api/auth/signup' },
  'POST /api/auth/login': { access: 'public', url: () => '/api/auth/login', device: true },
  'POST /api/auth/logout': { access: 'public', url: () => '/api/auth/logout' },
  'GET /api/auth/me': { access: 'self', url: () => '/api/auth/me', device: true },
  'GET /api/auth/check-session': { access: 'public', url: () => '/api/auth/check-session', device: true },
  'POST /api/auth/forgot-password': { access: 'public', url: () => '/api/auth/forgot-password' },
  'POST /api/auth/reset-password/{token}': { access: 'public', url: () => '/api/auth/reset-password/not-a-token' },
  'POST /api/auth/change-password': { access: 'self', url: () => '/api/auth/change-password' },
  'POST /api/me/change-password': { access: 'self', url: () => '/api/me/change-password' },
  'GET /api/me': { access: 'self', url: () => '/api/me' },
  'PUT /api/me': { access: 'self', url: () => '/api/me' },
  'PUT /api/auth/update-profile': { access: 'self', url: () => '/api/auth/update-profile' },
  // E-mailed links (docs/decisions/013): a made-up token changes nothing for anyone.
  'POST /api/auth/verify-email': { access: 'public', url: () => '/api/auth/verify-email', body: () => ({ token: 'not-a-token' }) },
  'POST /api/auth/undo-email-change': { access: 'public', url: () => '/api/auth/undo-email-change', body: () => ({ token: 'not-a-token' }) },
  'POST /api/auth/resend-verification': { access: 'self', url: () => '/api/auth/resend-verification' },
  'GET /api/me/notifications': { access: 'self', url: () => '/api/me/notifications' },
  'PUT /api/me/notifications': { access: 'self', url: () => '/api/me/notifications' },
  // Issue reports
  'POST /api/issue-reports': { access: 'public', url: () => '/api/issue-reports' },
  'GET /api/admin/issue-reports': { access: 'admin', url: () => '/api/admin/issue-reports' },
  // Families
  'POST /api/family/create': { access: 'self', url: () => '/api/family/create' },
  'GET /api/family/my-families': { access: 'self', url: () => '/api/family/my-families' },
  'POST /api/family/join': { access: 'self', url: () => '/api/family/join' },
  'POST /api/auth/join-family': { access: 'self', url: () => '/api/auth/join-family' },
  'GET /api/auth/search-families': { access: 'self', url: () => '/api/auth/search-families?q=Family' },
  'GET /api/family/{id}': { access: 'member', url: familyUrl() },
  // Asking to join is what outsiders do; they see no more than the answer to their own request.
  'POST /api/family/{id}/request-join': { access: 'self', url: familyUrl('/request-join') },
  // Answers and withdraws the caller's own requests only: anyone else's is not found (families.test.ts).
  'GET /api/me/join-requests': { access: 'self', url: () => '/api/me/join-requests' },
  'DELETE /api/me/join-requests/{requestId}': { access: 'self', url: (x) => `/api/me/join-requests/${x.joinRequestId}` },
  'GET /api/family/{id}/requests': { access: 'family-admin', url: familyUrl('/requests') },
  'PUT /api/family/{id}/requests/{requestId}': {
    access: 'family-admin',
    url: (x) => `/api/family/${x.family.id}/requests/${x.joinRequestId}`,
    body: () => ({ action: 'approve' }),
  },
  'POST /api/family/{id}/kids': { access: 'family-admin', url: familyUrl('/kids'), body: () => ({ first_name: 'Intruder', age: 4 }) },
  'PUT /api/family/{id}/kids/{kidId}': {
    access: 'family-admin',
    url: (x) => `/api/family/${x.family.id}/kids/${x.kid.id}`,
    body: () => ({ first_name: 'Renamed', age: 4 }),
  },
  'DELETE /api/family/{id}/kids/{kidId}': { access: 'family-admin', url: (x) => `/api/family/${x.family.id}/kids/${x.kid.id}` },
  'GET /api/family/{id}/readers': { access: 'member', url: familyUrl('/readers') },
  'GET /api/family/{familyId}/reader/{readerId}/stats': { access: 'member', url: (x) => `/api/family/${x.family.id}/reader/${x.reader.id}/stats` },
  'GET /api/family/{id}/all-recordings': { access: 'member', url: familyUrl('/all-recordings') },
  'GET /api/family/{id}/recent-recordings': { access: 'member', url: familyUrl('/recent-recordings') },
  'GET /api/family/{id}/all-ai-recordings': { access: 'member', url: familyUrl('/all-ai-recordings') },
  'GET /api/family/{id}/recent-ai-recordings': { access: 'member', url: familyUrl('/recent-ai-recordings') },
  // Plans, tokens and payments
  'GET /api/stripe/subscription-status': { access: 'self', url: () => '/api/stripe/subscription-status' },
  'GET /api/user/premium-status': { access: 'self', url: () => '/api/user/premium-status' },
  'GET /api/voice/subscription/status': { access: 'self', url: () => '/api/voice/subscription/status' },
  'GET /api/stripe/user/{userId}/status': { access: 'member', url: (x) => `/api/stripe/user/${x.parent.id}/status` },
  'GET /api/stripe/config': { access: 'public', url: () => '/api/stripe/config' },
  'POST /api/stripe/create-checkout-session': { access: 'self', url: () => '/api/stripe/create-checkout-session' },
  'POST /api/stripe/create-portal-session': { access: 'self', url: () => '/api/stripe/create-portal-session' },
  'POST /api/stripe/purchase-share-tokens': { access: 'self', url: () => '/api/stripe/purchase-share-tokens' },
  'POST /api/stripe/purchase-story-tokens': { access: 'self', url: () => '/api/stripe/purchase-story-tokens' },
  'POST /api/premium-books/{id}/unlock': { access: 'self', url: (x) => `/api/premium-books/${x.premiumBook.id}/unlock` },
  'POST /api/stripe/gift-story-tokens': { access: 'member', url: () => '/api/stripe/gift-story-tokens', body: (x) => ({ family_id: x.family.id, amount: 1 }) },
  'GET /api/voice/subscription/family/{id}': { access: 'member', url: (x) => `/api/voice/subscription/family/${x.family.id}` },
  'POST /api/voice/subscription/create-trial': {
    access: 'parent',
    url: () => '/api/voice/subscription/create-trial',
    body: (x) => ({ family_id: x.family.id }),
  },
  // The local provider's checkout and payment belong to the user who started them.
  'GET /api/billing/local/checkout/{sessionId}': { access: 'member', url: (x) => `/api/billing/local/checkout/${x.checkoutSessionId}` },
  'POST /api/billing/local/checkout/{sessionId}/complete': { access: 'member', url: (x) => `/api/billing/local/checkout/${x.checkoutSessionId}/complete` },
  'POST /api/billing/local/payments/{clientSecret}/confirm': {
    access: 'member',
    url: (x) => `/api/billing/local/payments/${encodeURIComponent(x.clientSecret)}/confirm`,
    body: () => ({ card_number: '4242424242424242', exp: '12/40', cvc: '123' }),
  },
  'POST /api/billing/local/portal': { access: 'self', url: () => '/api/billing/local/portal' },
  // Books
  'GET /api/books': { access: 'self', url: () => '/api/books' },
  'GET /api/books/{id}': { access: 'self', url: (x) => `/api/books/${x.book.id}` },
  'GET /api/premium-books': { access: 'self', url: () => '/api/premium-books' },
  'GET /api/admin/books': { access: 'admin', url: () => '/api/admin/books' },
  'POST /api/admin/books': { access: 'admin', url: () => '/api/admin/books' },
  'DELETE /api/admin/books/{id}': { access: 'admin', url: (x) => `/api/admin/books/${x.book.id}` },
  'PUT /api/admin/books/{id}/narration-text': {
    access: 'admin',
    url: (x) => `/api/admin/books/${x.book.id}/narration-text`,
    body: () => ({ narration_text: 'The moon rose.' }),
  },
  // Recordings
  'POST /api/recording/upload': { access: 'self', url: () => '/api/recording/upload' },
  'GET /api/recording/my-recordings': { access: 'self', url: () => '/api/recording/my-recordings' },
  'GET /api/recording/kid_fromGparent/{kidId}': { access: 'member', url: kidUrl('/api/recording/kid_fromGparent') },
  'GET /api/recording/kid/{kidId}': { access: 'member', url: kidUrl('/api/recording/kid'), device: true },
  'GET /api/recording/{id}': { access: 'member', url: recording() },
  'DELETE /api/recording/{id}': { access: 'member', url: recording() },
  'GET /api/recording/{id}/view-url': { access: 'member', url: recording('/view-url'), device: true },
  'POST /api/recording/{id}/assign': { access: 'member', url: recording('/assign'), body: (x) => ({ kid_ids: [x.kid.id] }) },
  'POST /api/recording/{id}/reactions': {
    access: 'parent',
    url: recording('/reactions'),
    body: (x) => ({ kid_id: x.kid.id, reaction: 'heart' }),
    device: true,
  },
  'GET /api/reader/{id}/recordings': { access: 'member', url: (x) => `/api/reader/${x.reader.id}/recordings` },
  'GET /api/reader/{id}/unrecorded-books': { access: 'member', url: (x) => `/api/reader/${x.reader.id}/unrecorded-books` },
  'GET /api/reader/{id}/premium-unrecorded-books': { access: 'member', url: (x) => `/api/reader/${x.reader.id}/premium-unrecorded-books` },
  // Story queue
  'GET /api/queue/for-reader': { access: 'self', url: () => '/api/queue/for-reader' },
  'GET /api/queue/kid/{kidId}': { access: 'member', url: kidUrl('/api/queue/kid') },
  'POST /api/queue/request-story': {
    access: 'member',
    url: () => '/api/queue/request-story',
    body: (x) => ({ book_id: x.book.id, kid_id: x.kid.id, reader_id: x.reader.id, type: 'requested', is_premium: false }),
  },
  'DELETE /api/queue/{id}': { access: 'member', url: (x) => `/api/queue/${x.requestId}` },
  // Playback
  'POST /api/playback/events': {
    access: 'member',
    url: () => '/api/playback/events',
    body: (x) => ({ recording_id: x.recordingId, kid_id: x.kid.id, event: 'start', position_seconds: 0 }),
    device: true,
  },
  'GET /api/playback/family/{familyId}/stats': { access: 'member', url: (x) => `/api/playback/family/${x.family.id}/stats` },
  'GET /api/playback/kid/{kidId}/playlist': { access: 'member', url: kidUrl('/api/playback/kid', '/playlist'), device: true },
  'PUT /api/playback/kid/{kidId}/playlist': { access: 'member', url: kidUrl('/api/playback/kid', '/playlist'), body: (x) => ({ order: [x.recordingId] }) },
  'DELETE /api/playback/kid/{kidId}/playlist': { access: 'member', url: kidUrl('/api/playback/kid', '/playlist') },
  'GET /api/playback/kid/{kidId}/bedtime': { access: 'parent', url: kidUrl('/api/playback/kid', '/bedtime'), device: true },
  'PUT /api/playback/kid/{kidId}/bedtime': {
    access: 'parent',
    url: kidUrl('/api/playback/kid', '/bedtime'),
    body: () => ({ stories_limit: 2, sleep_timer_minutes: 10 }),
  },
  // AI narration
  'GET /api/voice/consent': { access: 'self', url: () => '/api/voice/consent' },
  'PUT /api/voice/consent': { access: 'self', url: () => '/api/voice/consent' },
  'POST /api/voice/clone/create': {
    access: 'member',
    url: () => '/api/voice/clone/create',
    body: (x) => ({ readerId: x.reader.id, recording_ids: [x.recordingId] }),
  },
  'GET /api/voice/clone/my-voice': { access: 'self', url: () => '/api/voice/clone/my-voice' },
  'DELETE /api/voice/clone/my-voice': { access: 'self', url: () => '/api/voice/clone/my-voice' },
  'GET /api/voice/check-voice-clone/{readerId}': { access: 'member', url: (x) => `/api/voice/check-voice-clone/${x.reader.id}` },
  'POST /api/voice/check-availability': {
    access: 'parent',
    url: () => '/api/voice/check-availability',
    body: (x) => ({ book_id: x.book.id, reader_id: x.reader.id, kid_id: x.kid.id }),
  },
  'POST /api/voice/generate-story': {
    access: 'parent',
    url: () => '/api/voice/generate-story',
    body: (x) => ({ book_id: x.premiumBook.id, reader_id: x.reader.id, kid_id: x.kid.id }),
  },
  'GET /api/voice/ai-recordings/{id}': { access: 'member', url: (x) => `/api/voice/ai-recordings/${x.aiRecordingId}` },
  'DELETE /api/voice/ai-recordings/{id}': { access: 'parent', url: (x) => `/api/voice/ai-recordings/${x.aiRecordingId}` },
  'GET /api/voice/ai-recordings/{id}/presigned-url': {
    access: 'member',
    url: (x) => `/api/voice/ai-recordings/${x.aiRecordingId}/presigned-url`,
    device: true,
  },
  'POST /api/voice/{id}/assign-to-kid': { access: 'parent', url: (x) => `/api/voice/${x.aiRecordingId}/assign-to-kid`, body: (x) => ({ kid_id: x.kid.id }) },
  'GET /api/voice/kid/{kidId}/ai-recordings': { access: 'member', url: kidUrl('/api/voice/kid', '/ai-recordings') },
  'GET /api/voice/kid/{kidId}/all-recordings': { access: 'member', url: kidUrl('/api/voice/kid', '/all-recordings') },
  'GET /api/reactions/for-reader': { access: 'self', url: () => '/api/reactions/for-reader' },
  'GET /api/playback/reader/stats': { access: 'self', url: () => '/api/playback/reader/stats' },
  // Exports (issue 25, docs/decisions/017): zips of the family's stories and of the caller's own data.
  'GET /api/family/{id}/export': { access: 'family-admin', url: familyUrl('/export') },
  'GET /api/me/export': { access: 'self', url: () => '/api/me/export' },
  // Family controls (issue 25, decision 012), last: the fuzz test's entitled caller may really remove the reader.
  'DELETE /api/family/{id}/members/{userId}': {
    access: 'family-admin',
    url: (x) => `/api/family/${x.family.id}/members/${x.reader.id}?remove_stories=true`,
  },
  'PUT /api/family/{id}/members/{userId}': {
    access: 'family-admin',
    url: (x) => `/api/family/${x.family.id}/members/${x.coParent.id}`,
    body: () => ({ family_role: 'admin' }),
  },
  'POST /api/family/{id}/leave': { access: 'member', url: familyUrl('/leave') },
  'POST /api/family/{id}/code': { access: 'family-admin', url: familyUrl('/code') },
  'PUT /api/family/{id}/settings': { access: 'family-admin', url: familyUrl('/settings'), body: () => ({ code_joins_need_approval: true }) },
  'GET /api/family/{id}/activity': { access: 'family-admin', url: familyUrl('/activity') },
  // Deletion (issue 25, decision 016): the bodies are wrong on purpose (a name that is not the family's, a
  // password that is not the account's), so that the fuzz test's entitled caller deletes nothing.
  'DELETE /api/family/{id}': { access: 'family-admin', url: familyUrl(), body: () => ({ confirm_name: 'Not Family A' }) },
  'DELETE /api/me': { access: 'self', url: () => '/api/me', body: () => ({ password: 'not-the-password' }) },
  // Kid devices (issue 26, decision 018). Pairing with a made-up code pairs nothing.
  'POST /api/family/{id}/kids/{kidId}/device-code': { access: 'parent', url: (x) => `/api/family/${x.family.id}/kids/${x.kid.id}/device-code` },
  'POST /api/devices/pair': { access: 'public', url: () => '/api/devices/pair', body: () => ({ code: 'ZZZZZZ', device_name: 'Fuzz tablet' }) },
  'GET /api/family/{id}/devices': { access: 'parent', url: familyUrl('/devices') },
  'PATCH /api/family/{id}/devices/{deviceId}': {
    access: 'parent',
    url: (x) => `/api/family/${x.family.id}/devices/${x.device.id}`,
    body: () => ({ offline_stories: 3 }),
  },
  'DELETE /api/family/{id}/devices/{deviceId}': { access: 'parent', url: (x) => `/api/family/${x.family.id}/devices/${x.spareDeviceId}` },
};

/**
 * Waits until the work the app does after answering is done: an AI story a fuzzed call got made is
 * generated, a recording processed. Its changes belong to the call that asked for it, not to the next.
 */
async function settled(ctx: TestContext, timeoutMs = 30_000) {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) {
    const [busy] = await rows(
      ctx,
      sql`SELECT (SELECT count(*) FROM ai_recordings WHERE status IN ('pending', 'processing'))
               + (SELECT count(*) FROM recordings WHERE status = 'processing') AS n`,
    );
    if (Number(busy?.n) === 0) return;
  }
  throw new Error(`the app's background work did not finish within ${timeoutMs} ms`);
}

/**
 * A fingerprint of every table of the app (sessions and rate-limit counters move on every call), once the
 * work started by earlier calls is done.
 */
const UNTRACKED = new Set(['sessions', 'rate_limits', '__drizzle_migrations']);
export async function fingerprint(ctx: TestContext): Promise<Record<string, string>> {
  await settled(ctx);
  const tables = (
    await rows(ctx, sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`)
  )
    .map((r) => String(r.table_name))
    .filter((name) => !UNTRACKED.has(name));
  // One statement for all tables: a count and a hash of every row's text per table.
  const union = tables
    .map((name) => `SELECT '${name}' AS name, count(*)::int AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM "${name}" t`)
    .join(' UNION ALL ');
  const result: Record<string, string> = {};
  for (const row of await rows(ctx, sql.raw(union))) result[String(row.name)] = `${row.n}:${row.h}`;
  return result;
}
async function rows(ctx: TestContext, query: Parameters<TestContext['db']['execute']>[0]): Promise<Json[]> {
  const res = (await ctx.db.execute(query)) as unknown as { rows: Json[] };
  return res.rows;
}

export const openApiRoutes = (ctx: TestContext) => {
  const doc = (ctx.app as unknown as { swagger(): { paths: Record<string, Record<string, unknown>> } }).swagger();
  return Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
};
