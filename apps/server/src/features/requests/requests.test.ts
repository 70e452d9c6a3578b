import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES, FAMILY_SERVER_MESSAGES, RECORDING_TEXTS, REQUEST_SERVER_MESSAGES, VALIDATION } from '@fst/shared/messages';
import { queueItemSchema } from '@fst/shared/requests/requests.schema';
import { createTestContext, multipartBody, type TestContext } from '../../../test/context.ts';
import { makeMedia } from '../../../test/media.ts';
import { storyRequests } from './requests.table.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

type Who = { cookie: string };
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who: Who, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

async function subscribe(who: Who, plan: 'premium' | 'gold') {
  const { url } = (await call('POST', '/api/stripe/create-checkout-session', who, { plan_type: plan })).json();
  expect((await call('POST', `/api/billing/local/checkout/${url.split('/').pop()}/complete`, who)).statusCode).toBe(200);
}

const upload = (who: Who, bookId: string, kidIds: string[]) => {
  const body = multipartBody({ book_id: bookId, recording_type: 'webcam_only', duration_seconds: '2', kid_ids: JSON.stringify(kidIds) }, [
    { name: 'recording', filename: 'reading.webm', content: makeMedia('webm'), type: 'video/webm' },
  ]);
  return ctx.app.inject({ method: 'POST', url: '/api/recording/upload', payload: body.payload, headers: { ...body.headers, cookie: who.cookie } });
};

/** A family (admin parent, a second parent, a reader, two kids), an outsider family with its own kid, a book. */
async function world(bookOverrides: Parameters<TestContext['newBook']>[0] = {}) {
  const family = await ctx.newFamily(undefined, 'The Robinsons');
  const mia = await ctx.newKid(family, 'Mia', 4);
  const leo = await ctx.newKid(family, 'Leo', 6);
  const dad = await ctx.newUser({ first_name: 'Dad', last_name: 'Robinson' });
  await ctx.join(dad, family);
  const gran = await ctx.newUser({ role: 'grandparent', first_name: 'Gran', last_name: 'Robinson' });
  await ctx.join(gran, family, 'Grandma');
  const other = await ctx.newFamily(undefined, 'The Outsiders');
  const zed = await ctx.newKid(other, 'Zed', 5);
  const otherReader = await ctx.newUser({ role: 'grandparent' });
  await ctx.join(otherReader, other);
  const book = await ctx.newBook({ title: 'Goodnight Moon', ...bookOverrides });
  return { family, admin: family.admin, dad, gran, mia, leo, other, outsider: other.admin, zed, otherReader, book };
}
type World = Awaited<ReturnType<typeof world>>;

const ask = (w: World, who: Who, extra: Record<string, unknown> = {}) =>
  call('POST', '/api/queue/request-story', who, { book_id: w.book.id, kid_id: w.mia.id, reader_id: w.gran.id, type: 'requested', is_premium: false, ...extra });
const readerQueue = async (who: Who) => (await call('GET', '/api/queue/for-reader', who)).json().requests as Json[];
const kidQueue = async (who: Who, kidId: string) => (await call('GET', `/api/queue/kid/${kidId}`, who)).json().requests as Json[];

describe('requesting a story', () => {
  it('a parent asks a reader; the request shows in the reader’s queue and the kid’s, until the reader records it', async () => {
    const w = await world();
    const res = await ask(w, w.dad);
    expect(res.statusCode, res.body).toBe(201);
    const request = res.json().request;
    expect(queueItemSchema.safeParse(request).success).toBe(true);
    expect(request).toMatchObject({
      book_id: w.book.id,
      kid_id: w.mia.id,
      reader_id: w.gran.id,
      type: 'requested',
      is_premium: false,
      status: 'pending',
      book: { id: w.book.id, title: 'Goodnight Moon', author: 'Test Author', is_premium: false, token_cost: 0 },
      kid: { id: w.mia.id, name: 'Mia', family_id: w.family.id, family_name: 'The Robinsons' },
      requested_by: { name: 'Dad Robinson' },
      reader: { id: w.gran.id, name: 'Gran Robinson', first_name: 'Gran', last_name: 'Robinson' },
      can_cancel: true,
    });

    // Asking twice answers the pending request.
    const again = await ask(w, w.admin, { type: 'queue' });
    expect(again.statusCode).toBe(200);
    expect(again.json().request.id).toBe(request.id);

    expect((await readerQueue(w.gran)).map((r) => r.id)).toEqual([request.id]);
    expect(await readerQueue(w.otherReader)).toEqual([]);
    for (const member of [w.admin, w.dad, w.gran]) expect((await kidQueue(member, w.mia.id)).map((r) => r.id)).toEqual([request.id]);
    // Only the requester and the admin may cancel.
    expect((await kidQueue(w.admin, w.mia.id))[0]!.can_cancel).toBe(true);
    expect((await kidQueue(w.gran, w.mia.id))[0]!.can_cancel).toBe(false);
    expect(await kidQueue(w.admin, w.leo.id)).toEqual([]);

    // The reader records the book for Leo only: Mia's request stays.
    expect((await upload(w.gran, w.book.id, [w.leo.id])).statusCode).toBe(201);
    expect(await readerQueue(w.gran)).toHaveLength(1);
    // Recording it for Mia fulfils it: it leaves both queues and remembers the recording.
    const made = await upload(w.gran, w.book.id, [w.mia.id]);
    expect(made.statusCode, made.body).toBe(201);
    expect(await readerQueue(w.gran)).toEqual([]);
    expect(await kidQueue(w.dad, w.mia.id)).toEqual([]);
    const [row] = await ctx.db.select().from(storyRequests).where(eq(storyRequests.id, request.id));
    expect(row).toMatchObject({ status: 'fulfilled', fulfilledRecordingId: made.json().recording.id });
    await ctx.waitForRecording(made.json().recording.id);

    // Now recorded for Mia: asking again is a conflict.
    const done = await ask(w, w.dad);
    expect(done.statusCode).toBe(409);
    expect(done.json().error).toBe(REQUEST_SERVER_MESSAGES.alreadyRecorded);
  });

  it('a reader’s recording assigned to the kid later also fulfils the request', async () => {
    const w = await world();
    const made = await upload(w.gran, w.book.id, [w.leo.id]);
    await ctx.waitForRecording(made.json().recording.id);
    const request = (await ask(w, w.admin)).json().request;
    expect((await call('POST', `/api/recording/${made.json().recording.id}/assign`, w.admin, { kid_ids: [w.mia.id] })).statusCode).toBe(200);
    expect(await kidQueue(w.admin, w.mia.id)).toEqual([]);
    const [row] = await ctx.db.select().from(storyRequests).where(eq(storyRequests.id, request.id));
    expect(row!.status).toBe('fulfilled');
  });

  it('refuses outsiders (404), readers (403) and bad input (400/404) with clear messages', async () => {
    const w = await world();
    // A reader of the family may not request.
    const byReader = await ask(w, w.gran);
    expect(byReader.statusCode).toBe(403);
    expect(byReader.json().error).toBe(FAMILY_SERVER_MESSAGES.onlyParents);
    // Another family's parent learns nothing of this kid, and cannot see its queue.
    expect((await ask(w, w.outsider)).statusCode).toBe(404);
    expect((await call('GET', `/api/queue/kid/${w.mia.id}`, w.outsider)).statusCode).toBe(404);
    expect((await call('GET', `/api/queue/kid/${w.zed.id}`, w.admin)).statusCode).toBe(404);
    // A reader of another family, an unknown book.
    const stranger = await ask(w, w.admin, { reader_id: w.otherReader.id });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error).toBe(REQUEST_SERVER_MESSAGES.readerNotFound);
    const parentAsReader = await ask(w, w.admin, { reader_id: w.dad.id });
    expect(parentAsReader.statusCode).toBe(404);
    const noBook = await ask(w, w.admin, { book_id: '00000000-0000-4000-8000-000000000000' });
    expect(noBook.statusCode).toBe(404);
    expect(noBook.json().error).toBe(RECORDING_TEXTS.bookNotFound);
    // The spec's texts.
    const noKid = await call('POST', '/api/queue/request-story', w.admin, { book_id: w.book.id, reader_id: w.gran.id });
    expect(noKid.statusCode).toBe(400);
    expect(noKid.json().error).toBe(VALIDATION.selectChildFirst);
    const noReader = await call('POST', '/api/queue/request-story', w.admin, { book_id: w.book.id, kid_id: w.mia.id });
    expect(noReader.statusCode).toBe(400);
    expect(noReader.json().error).toBe(VALIDATION.selectBookAndReader);
    const badType = await ask(w, w.admin, { type: 'later' });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().error).toBe(REQUEST_SERVER_MESSAGES.typeInvalid);
    expect((await call('GET', '/api/queue/kid/not-a-uuid', w.admin)).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/queue/for-reader' })).statusCode).toBe(401);
  });
});

describe('cancelling a request', () => {
  it('the requester or the family admin cancels; other members are refused (403), outsiders learn nothing (404)', async () => {
    const w = await world();
    const mine = (await ask(w, w.dad)).json().request;
    for (const [who, status] of [
      [w.gran, 403],
      [w.outsider, 404],
      [w.otherReader, 404],
    ] as const) {
      const res = await call('DELETE', `/api/queue/${mine.id}`, who);
      expect(res.statusCode, res.body).toBe(status);
    }
    expect((await call('DELETE', `/api/queue/${mine.id}`, w.gran)).json().error).toBe(REQUEST_SERVER_MESSAGES.onlyRequesterCancels);
    expect((await call('DELETE', `/api/queue/${mine.id}`, w.dad)).json()).toEqual({ ok: true });
    expect(await readerQueue(w.gran)).toEqual([]);
    const twice = await call('DELETE', `/api/queue/${mine.id}`, w.dad);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(REQUEST_SERVER_MESSAGES.notPending);

    // The admin may cancel what another parent asked for; that parent may not cancel the admin's.
    const byDad = (await ask(w, w.dad, { kid_id: w.leo.id })).json().request;
    const byAdmin = (await ask(w, w.admin)).json().request;
    expect((await call('DELETE', `/api/queue/${byAdmin.id}`, w.dad)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/queue/${byDad.id}`, w.admin)).statusCode).toBe(200);
    expect((await call('DELETE', '/api/queue/00000000-0000-4000-8000-000000000000', w.admin)).statusCode).toBe(404);
  });
});

describe('premium requests', () => {
  it('need the book unlocked by the parent, or gold; a free reader may then record it for that family at no cost', async () => {
    const w = await world({ title: 'Premium Dreams', is_premium: 'true', token_cost: '2' });
    // Free parent, book locked.
    const locked = await ask(w, w.dad, { is_premium: true });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error).toBe(REQUEST_SERVER_MESSAGES.premiumNeedsUnlock);
    // A premium parent unlocks it with story tokens, then may request it (the request costs nothing).
    await subscribe(w.dad, 'premium');
    expect((await call('POST', `/api/premium-books/${w.book.id}/unlock`, w.dad)).json().story_tokens_remaining).toBe(3);
    // The flag does not decide: a request of a premium book is premium.
    const res = await ask(w, w.dad, { is_premium: false });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().request).toMatchObject({ is_premium: true, book: { is_premium: true, token_cost: 2 } });
    expect((await call('GET', '/api/user/premium-status', w.dad)).json().story_tokens_remaining).toBe(3);
    // A gold parent needs no unlock.
    await subscribe(w.admin, 'gold');
    expect((await ask(w, w.admin, { kid_id: w.leo.id })).statusCode).toBe(201);

    // The free reader may not record it for another family's kid alongside (that family did not ask).
    await ctx.join(w.gran, w.other);
    const mixed = await upload(w.gran, w.book.id, [w.mia.id, w.zed.id]);
    expect(mixed.statusCode).toBe(403);
    expect(mixed.json().error).toBe(VALIDATION.premiumAssignFree);
    const otherOnly = await upload(w.gran, w.book.id, [w.zed.id]);
    expect(otherOnly.statusCode).toBe(403);
    expect(otherOnly.json().error).toBe(BILLING_MESSAGES.premiumRecordingNeedsPlan);
    // For the requesting family's kids it is free, and fulfils both requests.
    const made = await upload(w.gran, w.book.id, [w.mia.id, w.leo.id]);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().recording.is_premium).toBe(true);
    expect((await call('GET', '/api/user/premium-status', w.gran)).json().share_tokens_remaining).toBe(0);
    expect(await readerQueue(w.gran)).toEqual([]);
    await ctx.waitForRecording(made.json().recording.id);

    // Once fulfilled the request no longer opens the door for a new premium recording.
    const afterwards = await upload(w.gran, w.book.id, [w.mia.id]);
    expect(afterwards.statusCode).toBe(403);
  });

  it('show the book’s pages to the reader asked, for that request only, and to the family in the player (issue 22)', async () => {
    const w = await world({ title: 'Premium Pages', is_premium: 'true', token_cost: '2' });
    await subscribe(w.dad, 'premium');
    await call('POST', `/api/premium-books/${w.book.id}/unlock`, w.dad);
    const requestId = (await ask(w, w.dad)).json().request.id as string;
    const book = (who: Who, query = '') => call('GET', `/api/books/${w.book.id}${query}`, who);

    // Without naming the request the book stays locked to the free reader, in the library too.
    expect((await book(w.gran)).json().book).toMatchObject({ pdf_url: null, is_unlocked: false });
    const forRequest = (await book(w.gran, `?request=${requestId}`)).json().book;
    expect(forRequest).toMatchObject({ is_unlocked: false, pdf_url: expect.any(String) });
    const pdf = await ctx.app.inject({ method: 'GET', url: forRequest.pdf_url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const premiumList = (await call('GET', '/api/premium-books?per_page=100', w.gran)).json().books as Json[];
    expect(premiumList.find((b) => b.id === w.book.id)).toMatchObject({ pdf_url: null });
    // The request opens it to no one else: another reader, a parent who did not unlock it, an unknown id.
    expect((await book(w.otherReader, `?request=${requestId}`)).json().book.pdf_url).toBeNull();
    expect((await book(w.admin, `?request=${requestId}`)).json().book.pdf_url).toBeNull();
    expect((await book(w.gran, `?request=${crypto.randomUUID()}`)).json().book.pdf_url).toBeNull();
    expect((await book(w.gran, '?request=nope')).statusCode).toBe(400);

    // The recording made for it shows the pages to the family watching it.
    const made = await upload(w.gran, w.book.id, [w.mia.id]);
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().recording.id as string;
    await ctx.waitForRecording(id);
    for (const who of [w.admin, w.dad, w.gran]) {
      const seen = (await call('GET', `/api/recording/${id}`, who)).json();
      expect(seen.recording?.pdf_url ?? seen.pdf_url, JSON.stringify(seen).slice(0, 200)).toEqual(expect.any(String));
    }
    // Fulfilled, the request no longer opens the book.
    expect((await book(w.gran, `?request=${requestId}`)).json().book.pdf_url).toBeNull();
  });
});
