import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_TEXTS } from '@fst/shared/messages';
import { createTestContext, multipartBody, type TestContext } from '../../../test/context.ts';
import { makeMedia } from '../../../test/media.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';
import { joinNames, storyRequestedMail } from './story-notices.ts';

// E-mail notices (issue 6 "Closing the loop"): read from the test outbox (the context's mailer).

let ctx: TestContext;
beforeAll(async () => {
  // Without ffmpeg an upload turns ready at once; the notice still waits for the processing job.
  ctx = await createTestContext({ media: null });
});
afterAll(() => ctx?.close());

type Who = { cookie: string; email: string };
const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: Who, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

const to = (m: MailMessage) => (Array.isArray(m.to) ? m.to : [m.to]).map((a) => a.toLowerCase());
/** The mails sent since `from` (an index into the outbox), to `who` when given. */
const mailsSince = (from: number, who?: Who) => ctx.mailer.sent.slice(from).filter((m) => !who || to(m).includes(who.email.toLowerCase()));
/** Waits until `count` mails have been sent since `from` (the new-story notice is sent by the processing job). */
async function waitForMails(from: number, count: number, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (ctx.mailer.sent.length - from < count) {
    if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${ctx.mailer.sent.length - from}`);
    await new Promise((r) => setTimeout(r, 25));
  }
  // Anything else on its way would arrive now; the tests check nothing more came.
  await new Promise((r) => setTimeout(r, 300));
  return mailsSince(from);
}

async function record(who: Who, kidIds: string[], bookId?: string) {
  const book = bookId ?? (await ctx.newBook()).id;
  const body = multipartBody({ book_id: book, recording_type: 'audio_only', duration_seconds: '60', kid_ids: JSON.stringify(kidIds) }, [
    { name: 'recording', filename: 'reading.webm', content: makeMedia('webm-audio'), type: 'audio/webm' },
  ]);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/recording/upload', payload: body.payload, headers: { ...body.headers, cookie: who.cookie } });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  const id = res.json().recording.id as string;
  await ctx.waitForRecording(id);
  return id;
}

const setNotices = async (who: Who, body: { story_requested?: boolean; new_story?: boolean }) => {
  const res = await call('PUT', '/api/me/notifications', who, body);
  expect(res.statusCode, res.body).toBe(200);
};

/**
 * The Robinsons: Mum (admin), Dad (parent), Mia and Leo, read to by Gran. The Outsiders: Olly and Zed,
 * for whom Gran reads too.
 */
async function world() {
  const mum = await ctx.newUser({ first_name: 'Mum', last_name: 'Robinson' });
  const family = await ctx.newFamily(mum, 'The Robinsons');
  const dad = await ctx.newUser({ first_name: 'Dad' });
  await ctx.join(dad, family);
  const mia = await ctx.newKid(family, 'Mia', 4);
  const leo = await ctx.newKid(family, 'Leo', 6);
  const gran = await ctx.newUser({ role: 'grandparent', first_name: 'Gran', last_name: 'Robinson' });
  await ctx.join(gran, family);
  const olly = await ctx.newUser({ first_name: 'Olly' });
  const other = await ctx.newFamily(olly, 'The Outsiders');
  const zed = await ctx.newKid(other, 'Zed', 5);
  await ctx.join(gran, other);
  return { mum, dad, family, mia, leo, gran, olly, other, zed };
}
let w: Awaited<ReturnType<typeof world>>;
beforeAll(async () => {
  w = await world();
});

describe('a story is requested', () => {
  it('tells the reader once, with the request and a link to record it', async () => {
    const book = await ctx.newBook({ title: 'Owl Moon' });
    const from = ctx.mailer.sent.length;
    const ask = () => call('POST', '/api/queue/request-story', w.mum, { book_id: book.id, kid_id: w.mia.id, reader_id: w.gran.id });
    expect((await ask()).statusCode).toBe(201);
    const [mail, ...more] = mailsSince(from);
    expect(more).toEqual([]);
    expect(to(mail!)).toEqual([w.gran.email.toLowerCase()]);
    expect(mail!.subject).toBe('A story was requested: “Owl Moon” for Mia');
    expect(mail!.text).toContain('Hello Gran,');
    expect(mail!.text).toContain('Mum Robinson (The Robinsons) asked you to read “Owl Moon” for Mia.');
    expect(mail!.text).toContain(`${ctx.config.publicUrl}/record?bookId=${book.id}&childId=${w.mia.id}\n`);
    expect(mail!.text).toContain(`${ctx.config.publicUrl}/profile`);
    expect(mail!.text).toContain(NOTIFICATION_TEXTS.storyRequestedLabel);
    // Sent with List-Unsubscribe: the notification settings on the profile.
    expect(mail!.unsubscribeUrl).toBe(`${ctx.config.publicUrl}/profile`);

    // Asking again answers the pending request: no second e-mail.
    expect((await ask()).statusCode).toBe(200);
    expect(mailsSince(from)).toHaveLength(1);
  });

  it('shows the book’s cover in the e-mail, by a link that still works days later', async () => {
    const book = await ctx.newBook({ title: 'Cover Moon' });
    // The cover job runs just after the upload.
    for (let i = 0; !(await ctx.app.inject({ method: 'GET', url: `/api/books/${book.id}`, headers: { cookie: w.mum.cookie } })).json().book.cover_url; i++) {
      if (i > 300) throw new Error('no cover');
      await new Promise((r) => setTimeout(r, 100));
    }
    const from = ctx.mailer.sent.length;
    expect((await call('POST', '/api/queue/request-story', w.mum, { book_id: book.id, kid_id: w.mia.id, reader_id: w.gran.id })).statusCode).toBe(201);
    const [mail] = mailsSince(from);
    expect(mail!.image).toEqual({
      src: expect.stringMatching(new RegExp(`^${ctx.config.publicUrl}/api/media/books/${book.id}/cover\\.webp\\?`)),
      alt: 'The cover of “Cover Moon”',
    });
    const exp = Number(new URL(mail!.image!.src).searchParams.get('exp'));
    expect(exp * 1000).toBeGreaterThan(ctx.clock.now().getTime() + 6 * 24 * 60 * 60 * 1000);
    const image = await ctx.app.inject({ method: 'GET', url: mail!.image!.src.slice(ctx.config.publicUrl.length) });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
  });

  it('tells nobody of a premium request that is refused', async () => {
    const premium = await ctx.newBook({ title: 'Gold Book', is_premium: 'true', token_cost: '1' });
    // Mum unlocks nothing and is on the free plan: the request is refused, and nobody is told.
    const from = ctx.mailer.sent.length;
    const refused = await call('POST', '/api/queue/request-story', w.mum, { book_id: premium.id, kid_id: w.mia.id, reader_id: w.gran.id });
    expect(refused.statusCode).toBe(403);
    expect(mailsSince(from)).toEqual([]);
  });

  it('is not sent when the reader turned it off, and refusals send nothing', async () => {
    await setNotices(w.gran, { story_requested: false });
    const from = ctx.mailer.sent.length;
    const book = await ctx.newBook();
    expect((await call('POST', '/api/queue/request-story', w.mum, { book_id: book.id, kid_id: w.leo.id, reader_id: w.gran.id })).statusCode).toBe(201);
    // An outsider asking for a kid of another family is refused (404) and tells nobody.
    expect((await call('POST', '/api/queue/request-story', w.olly, { book_id: book.id, kid_id: w.mia.id, reader_id: w.gran.id })).statusCode).toBe(404);
    expect(mailsSince(from)).toEqual([]);
    await setNotices(w.gran, { story_requested: true });
    const again = await ctx.newBook();
    expect((await call('POST', '/api/queue/request-story', w.dad, { book_id: again.id, kid_id: w.leo.id, reader_id: w.gran.id })).statusCode).toBe(201);
    expect(mailsSince(from, w.gran)).toHaveLength(1);
  });

  it('keeps the request when the mail server fails', async () => {
    const send = ctx.mailer.send;
    ctx.mailer.send = async () => {
      throw new Error('smtp down');
    };
    try {
      const book = await ctx.newBook();
      const res = await call('POST', '/api/queue/request-story', w.mum, { book_id: book.id, kid_id: w.mia.id, reader_id: w.gran.id });
      expect(res.statusCode, res.body).toBe(201);
      const queue = (await call('GET', '/api/queue/for-reader', w.gran)).json().requests as { book_id: string }[];
      expect(queue.map((r) => r.book_id)).toContain(book.id);
    } finally {
      ctx.mailer.send = send;
    }
  });
});

describe('a new story arrives', () => {
  let r1: string;

  it('tells each parent of the kid’s family once it is ready, with a link to watch it; not the reader nor other families', async () => {
    const book = await ctx.newBook({ title: 'The Snowy Day' });
    const from = ctx.mailer.sent.length;
    r1 = await record(w.gran, [w.mia.id], book.id);
    const mails = await waitForMails(from, 2);
    expect(mails.map((m) => to(m)[0]).sort()).toEqual([w.mum.email, w.dad.email].map((e) => e.toLowerCase()).sort());
    for (const mail of mails) {
      expect(mail.subject).toBe('A new story arrived for Mia');
      expect(mail.text).toContain('Gran Robinson recorded “The Snowy Day” for Mia. It is ready to watch.');
      expect(mail.text).toContain(`Watch it: ${ctx.config.publicUrl}/story/${r1}\n`);
      expect(mail.text).toContain(`Mia’s stories: ${ctx.config.publicUrl}/child/${w.mia.id}\n`);
      expect(mail.text).toContain(NOTIFICATION_TEXTS.newStoryLabel);
      expect(mail.unsubscribeUrl).toBe(`${ctx.config.publicUrl}/profile`);
    }
    expect(mails.find((m) => to(m)[0] === w.mum.email.toLowerCase())!.text).toContain('Hello Mum,');
  });

  it('tells the other parents when a parent assigns it to another kid, not the parent who did', async () => {
    const from = ctx.mailer.sent.length;
    const res = await call('POST', `/api/recording/${r1}/assign`, w.mum, { kid_ids: [w.leo.id] });
    expect(res.statusCode, res.body).toBe(200);
    const mails = await waitForMails(from, 1);
    expect(mails).toHaveLength(1);
    expect(to(mails[0]!)).toEqual([w.dad.email.toLowerCase()]);
    expect(mails[0]!.subject).toBe('A new story arrived for Leo');
    expect(mails[0]!.text).toContain(`${ctx.config.publicUrl}/child/${w.leo.id}`);
    expect(mails[0]!.text).not.toContain(`/child/${w.mia.id}`);
  });

  it('tells another family’s parents when the reader shares it with their kid', async () => {
    const from = ctx.mailer.sent.length;
    const res = await call('POST', `/api/recording/${r1}/assign`, w.gran, { kid_ids: [w.zed.id] });
    expect(res.statusCode, res.body).toBe(200);
    const mails = await waitForMails(from, 1);
    expect(mails.map((m) => to(m))).toEqual([[w.olly.email.toLowerCase()]]);
    expect(mails[0]!.subject).toBe('A new story arrived for Zed');
  });

  it('names all of a family’s kids in one e-mail, and skips parents who turned it off', async () => {
    await setNotices(w.dad, { new_story: false });
    const from = ctx.mailer.sent.length;
    await record(w.gran, [w.mia.id, w.leo.id, w.zed.id]);
    const mails = await waitForMails(from, 2);
    const byTo = new Map(mails.map((m) => [to(m)[0], m]));
    expect([...byTo.keys()].sort()).toEqual([w.mum.email, w.olly.email].map((e) => e.toLowerCase()).sort());
    expect(byTo.get(w.mum.email.toLowerCase())!.subject).toBe('A new story arrived for Mia and Leo');
    // Each family hears only of its own kids.
    expect(byTo.get(w.olly.email.toLowerCase())!.subject).toBe('A new story arrived for Zed');
    expect(byTo.get(w.olly.email.toLowerCase())!.text).not.toContain('Mia');
    // Turning "story requested" off leaves new-story notices on, and the other way round.
    expect((await call('GET', '/api/me/notifications', w.dad)).json()).toEqual({ story_requested: true, new_story: false });
  });

  it('sends nothing when nothing new arrived: assigning to a kid who has it is refused', async () => {
    const stranger = await ctx.newUser();
    const from = ctx.mailer.sent.length;
    const res = await call('POST', `/api/recording/${r1}/assign`, w.mum, { kid_ids: [w.mia.id] });
    expect(res.statusCode).toBe(409);
    // A stranger cannot see the recording (404) and tells nobody.
    expect((await call('POST', `/api/recording/${r1}/assign`, stranger, { kid_ids: [w.zed.id] })).statusCode).toBe(404);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsSince(from)).toEqual([]);
  });
});

describe('the e-mails', () => {
  it('join kid names as a sentence does', () => {
    expect(joinNames([])).toBe('');
    expect(joinNames(['Mia'])).toBe('Mia');
    expect(joinNames(['Mia', 'Leo'])).toBe('Mia and Leo');
    expect(joinNames(['Mia', 'Leo', 'Ava'])).toBe('Mia, Leo and Ava');
  });

  it('link a premium request to the premium recorder, and name the family when the requester has gone', () => {
    const mail = storyRequestedMail({
      publicUrl: 'https://stories.example',
      to: 'gran@example.com',
      readerFirstName: 'Gran',
      requesterName: '',
      kidId: 'k1',
      kidName: 'Mia',
      familyName: 'The Robinsons',
      bookId: 'b1',
      bookTitle: 'Gold Book',
      isPremium: true,
    });
    expect(mail.text).toContain('https://stories.example/record?bookId=b1&childId=k1&premium=true\n');
    expect(mail.text).toContain('A parent of The Robinsons asked you to read “Gold Book” for Mia. It is a premium book.');
  });
});
