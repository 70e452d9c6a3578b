import { describe, expect, it } from 'vitest';
import {
  API_PORT,
  BOOK_PAGE_SIZES,
  BOOK_PAGE_SIZE_DEFAULT,
  BOOK_PICKER_PAGE_SIZE,
  ADD_STORY_BOOKS_LIMIT,
  EMAIL_MAX_LENGTH,
  FAMILY_CODE_ALPHABET,
  FAMILY_CODE_LENGTH,
  FAMILY_SEARCH_MIN_LENGTH,
  KID_AGE_MAX,
  KID_AGE_MIN,
  KID_AVATAR_COLORS,
  MONTHLY_ALLOWANCES,
  NAME_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PICKER_DESCRIPTION_PREVIEW,
  PLAN_PRICES_USD,
  PLAN_TYPES,
  READER_AVATAR_COLORS,
  SHARE_COST,
  TOKEN_PACKAGES,
  UNLIMITED_SHARE_TOKENS,
} from './constants.ts';

// Each expectation restates spec section 9, "Business constants and limits".
describe('constants (spec section 9)', () => {
  it('has the validation limits', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(5);
    // decisions.md "Families": at least 40 bits (issue 27), not the spec's 6 characters.
    expect(FAMILY_CODE_LENGTH).toBe(9);
    expect(FAMILY_CODE_LENGTH * Math.log2(FAMILY_CODE_ALPHABET.length)).toBeGreaterThanOrEqual(40);
    expect([KID_AGE_MIN, KID_AGE_MAX]).toEqual([0, 21]);
    expect(FAMILY_SEARCH_MIN_LENGTH).toBe(2);
    expect(NAME_MAX_LENGTH).toBe(50);
    expect(EMAIL_MAX_LENGTH).toBe(120);
    expect(API_PORT).toBe(8443);
  });

  it('prices the plans at 0, 15 and 30 dollars a month', () => {
    expect([...PLAN_TYPES]).toEqual(['free', 'premium', 'gold']);
    expect(PLAN_PRICES_USD).toEqual({ free: 0, premium: 15, gold: 30 });
  });

  it('sells 5 story tokens for $15 and 12 for $30 (Save $6)', () => {
    expect(TOKEN_PACKAGES['5_tokens']).toEqual({ kind: 'story', tokens: 5, priceCents: 1500, label: null });
    expect(TOKEN_PACKAGES['12_tokens']).toEqual({ kind: 'story', tokens: 12, priceCents: 3000, label: 'Save $6' });
  });

  it('sells 4 share tokens for $15 and 10 for $30 (Best Deal)', () => {
    expect(TOKEN_PACKAGES['4_tokens']).toEqual({ kind: 'share', tokens: 4, priceCents: 1500, label: null });
    expect(TOKEN_PACKAGES['10_tokens']).toEqual({ kind: 'share', tokens: 10, priceCents: 3000, label: 'Best Deal' });
  });

  it('has exactly those four token packages, and the package id names its token count', () => {
    expect(Object.keys(TOKEN_PACKAGES).sort()).toEqual(['10_tokens', '12_tokens', '4_tokens', '5_tokens']);
    for (const [id, pkg] of Object.entries(TOKEN_PACKAGES)) expect(id).toBe(`${pkg.tokens}_tokens`);
  });

  it('charges 1 share token per share, 2 to a free-tier family, nothing in the own family', () => {
    expect(SHARE_COST).toEqual({ ownFamily: 0, freeTierFamily: 2, otherFamily: 1 });
  });

  it('uses 999999 as the unlimited share tokens sentinel', () => {
    expect(UNLIMITED_SHARE_TOKENS).toBe(999_999);
  });

  it('grants the monthly allowances per role and plan', () => {
    expect(MONTHLY_ALLOWANCES).toEqual({
      parent: {
        free: { aiStories: 0, storyTokens: 0, shareTokens: 0 },
        premium: { aiStories: 5, storyTokens: 5, shareTokens: 0 },
        gold: { aiStories: 20, storyTokens: 15, shareTokens: 0 },
      },
      grandparent: {
        free: { aiStories: 0, storyTokens: 0, shareTokens: 0 },
        premium: { aiStories: 0, storyTokens: 0, shareTokens: 10 },
        gold: { aiStories: 0, storyTokens: 5, shareTokens: 999_999 },
      },
    });
  });

  it('draws family codes from 31 unique characters without look-alikes', () => {
    expect(FAMILY_CODE_ALPHABET).toHaveLength(31);
    expect(new Set(FAMILY_CODE_ALPHABET).size).toBe(31);
    for (const lookAlike of ['0', 'O', '1', 'I', 'L']) expect(FAMILY_CODE_ALPHABET).not.toContain(lookAlike);
    expect(FAMILY_CODE_ALPHABET).toMatch(/^[A-Z2-9]+$/);
    // Every other upper-case letter and digit 2-9 is present.
    const expected = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'].filter((c) => !'0O1IL'.includes(c));
    expect([...FAMILY_CODE_ALPHABET].sort()).toEqual(expected.sort());
  });

  it('has 6 kid avatar colours and 5 reader avatar colours, all distinct hex colours', () => {
    expect(KID_AVATAR_COLORS).toHaveLength(6);
    expect(READER_AVATAR_COLORS).toHaveLength(5);
    for (const palette of [KID_AVATAR_COLORS, READER_AVATAR_COLORS]) {
      expect(new Set(palette).size).toBe(palette.length);
      for (const colour of palette) expect(colour).toMatch(/^#[0-9A-F]{6}$/i);
    }
  });

  it('offers book page sizes 15, 25, 50 with 15 by default and 12 in the picker', () => {
    expect([...BOOK_PAGE_SIZES]).toEqual([15, 25, 50]);
    expect(BOOK_PAGE_SIZE_DEFAULT).toBe(15);
    expect(BOOK_PAGE_SIZES).toContain(BOOK_PAGE_SIZE_DEFAULT);
    expect(BOOK_PICKER_PAGE_SIZE).toBe(12);
    expect(ADD_STORY_BOOKS_LIMIT).toBe(100);
    expect(PICKER_DESCRIPTION_PREVIEW).toBe(80);
  });
});
