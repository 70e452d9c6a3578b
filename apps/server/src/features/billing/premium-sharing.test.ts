import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES, RECORDING_TEXTS, VALIDATION } from '@fst/shared/messages';
import { createTestContext, multipartBody, type TestContext } from '../../../test/context.ts';
import { makeMedia } from '../../../test/media.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

type Who = { cookie: string };
const call = (method: 'GET' | 'POST', url: string, who: Who, payload?: object) =>
  ctx.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
const shareBalance = async (who: Who) => (await call('GET', '/api/user/premium-status', who)).json().share_tokens_remaining;

async function subscribe(who: Who, plan: 'premium' | 'gold') {
  const { url } = (await call('POST', '/api/stripe/create-checkout-session', who, { plan_type: plan })).json();
  expect((await call('POST', `/api/billing/local/checkout/${url.split('/').pop()}/complete`, who)).statusCode).toBe(200);
}

/** A family on the given tier with one kid, read for by `reader`. */
async function familyOn(tier: 'free' | 'premium' | 'gold', reader: Who & { email: string }) {
  const family = await ctx.newFamily();
  if (tier !== 'free') await subscribe(family.admin, tier);
  const kid = await ctx.newKid(family, `Kid-${tier}`);
  await ctx.join(reader, family);
  return { family, kid };
}

const upload = (who: Who, bookId: string, kidIds: string[]) => {
  const body = multipartBody({ book_id: bookId, recording_type: 'webcam_only', duration_seconds: '2', kid_ids: JSON.stringify(kidIds) }, [
    { name: 'recording', filename: 'reading.webm', content: makeMedia('webm'), type: 'video/webm' },
  ]);
  return ctx.app.inject({ method: 'POST', url: '/api/recording/upload', payload: body.payload, headers: { ...body.headers, cookie: who.cookie } });
};

describe('premium sharing across free, premium and gold families', () => {
  it('charges share tokens per kid with the exact costs and refusals', async () => {
    const book = await ctx.newBook({ title: 'Premium Bedtime', is_premium: 'true', token_cost: '2' });
    const gran = await ctx.newUser({ role: 'grandparent' });
    const a = await familyOn('premium', gran);
    const b = await familyOn('gold', gran);
    const c = await familyOn('free', gran);

    // Free readers cannot record premium books unless a family requested them.
    const refused = await upload(gran, book.id, [a.kid.id]);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(BILLING_MESSAGES.premiumRecordingNeedsPlan);

    await subscribe(gran, 'premium');
    expect(await shareBalance(gran)).toBe(10);
    const first = await upload(gran, book.id, [a.kid.id]);
    expect(first.statusCode, first.body).toBe(201);
    const id = first.json().recording.id;
    expect(first.json().recording.is_premium).toBe(true);
    // One premium-tier family outside any requesting family: 1 token.
    expect(await shareBalance(gran)).toBe(9);
    await ctx.waitForRecording(id);

    // Family A now has it: sharing to a gold family costs 1, to a free family is refused on premium.
    const toGold = await call('POST', `/api/recording/${id}/assign`, gran, { kid_ids: [b.kid.id] });
    expect(toGold.statusCode, toGold.body).toBe(200);
    expect(toGold.json()).toMatchObject({ share_tokens_used: 1, share_tokens_remaining: 8 });
    const toFree = await call('POST', `/api/recording/${id}/assign`, gran, { kid_ids: [c.kid.id] });
    expect(toFree.statusCode).toBe(403);
    expect(toFree.json().error).toBe(VALIDATION.premiumAssignToFreeFamily);
    expect(await shareBalance(gran)).toBe(8);

    // A second kid in a family that already has the recording costs nothing.
    const sibling = await ctx.newKid(a.family, 'Sibling');
    const free = await call('POST', `/api/recording/${id}/assign`, gran, { kid_ids: [sibling.id] });
    expect(free.json()).toMatchObject({ share_tokens_used: 0, share_tokens_remaining: 8 });

    // Gold shares everywhere; a free-tier family outside the requesting ones costs 2 (unlimited balance).
    await subscribe(gran, 'gold');
    const goldToFree = await call('POST', `/api/recording/${id}/assign`, gran, { kid_ids: [c.kid.id] });
    expect(goldToFree.statusCode, goldToFree.body).toBe(200);
    expect(goldToFree.json().share_tokens_remaining).toBe(999999);
  });

  it('answers insufficient_tokens with what is needed and available, and charges nothing', async () => {
    const book = await ctx.newBook({ title: 'Costly Premium', is_premium: 'true', token_cost: '9' });
    const gran = await ctx.newUser({ role: 'grandparent' });
    const a = await familyOn('premium', gran);
    const b = await familyOn('premium', gran);
    await subscribe(gran, 'premium');
    // Readers unlock premium books with share tokens: 10 - 9 leaves 1.
    expect((await call('POST', `/api/premium-books/${book.id}/unlock`, gran)).json().share_tokens_remaining).toBe(1);
    const res = await upload(gran, book.id, [a.kid.id, b.kid.id]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'insufficient_tokens', tokens_needed: 2, tokens_available: 1, error: RECORDING_TEXTS.insufficientBody(2, 1) });
    expect(await shareBalance(gran)).toBe(1);
    expect((await call('GET', '/api/recording/my-recordings', gran)).json()).toEqual([]);
  });
});

describe('a charge whose recording or assignment is not stored', () => {
  // A database trigger stands in for any failure between the charge and the row (a lost connection, a crash of the insert).
  const failInserts = async (table: string, on: boolean) => {
    if (!on) return ctx.db.execute(sql.raw(`DROP TRIGGER IF EXISTS fst_test_refuse ON ${table}`));
    await ctx.db.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION fst_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by test'; END $$`),
    );
    return ctx.db.execute(sql.raw(`CREATE TRIGGER fst_test_refuse BEFORE INSERT ON ${table} FOR EACH ROW EXECUTE FUNCTION fst_test_refuse()`));
  };

  it('gives the share tokens back, once, when the premium recording could not be stored', async () => {
    const book = await ctx.newBook({ title: 'Premium Refund', is_premium: 'true', token_cost: '2' });
    const gran = await ctx.newUser({ role: 'grandparent' });
    const a = await familyOn('premium', gran);
    await subscribe(gran, 'premium');
    expect(await shareBalance(gran)).toBe(10);
    await failInserts('recordings', true);
    try {
      const res = await upload(gran, book.id, [a.kid.id]);
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await failInserts('recordings', false);
    }
    expect(await shareBalance(gran)).toBe(10);
    // And a later upload is charged as usual.
    expect((await upload(gran, book.id, [a.kid.id])).statusCode).toBe(201);
    expect(await shareBalance(gran)).toBe(9);
  });

  it('gives the share tokens back when sharing with more kids could not be stored', async () => {
    const book = await ctx.newBook({ title: 'Premium Share Refund', is_premium: 'true', token_cost: '2' });
    const gran = await ctx.newUser({ role: 'grandparent' });
    const a = await familyOn('premium', gran);
    const b = await familyOn('premium', gran);
    await subscribe(gran, 'premium');
    const first = await upload(gran, book.id, [a.kid.id]);
    const id = first.json().recording.id;
    await ctx.waitForRecording(id);
    expect(await shareBalance(gran)).toBe(9);
    await failInserts('recording_kids', true);
    try {
      const res = await call('POST', `/api/recording/${id}/assign`, gran, { kid_ids: [b.kid.id] });
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await failInserts('recording_kids', false);
    }
    expect(await shareBalance(gran)).toBe(9);
    const again = await call('POST', `/api/recording/${id}/assign`, gran, { kid_ids: [b.kid.id] });
    expect(again.json()).toMatchObject({ share_tokens_used: 1, share_tokens_remaining: 8 });
  });
});
