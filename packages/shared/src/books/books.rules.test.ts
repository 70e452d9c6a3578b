import { describe, expect, it } from 'vitest';
import { BOOK_SERVER_MESSAGES, VALIDATION } from '../messages.ts';
import {
  BOOK_DESCRIPTION_MAX_LENGTH,
  BOOK_TITLE_MAX_LENGTH,
  checkBookUpload,
  descriptionPreview,
  hasExtension,
  pageButtons,
  pageOffset,
  paginate,
  parseFormFlag,
  parseTokenCost,
  type PageButton,
} from './books.rules.ts';

describe('paginate', () => {
  it('answers 0 pages for an empty list, with neither next nor previous', () => {
    expect(paginate(0, 1, 15)).toEqual({ page: 1, per_page: 15, total_pages: 0, total_books: 0, has_next: false, has_prev: false });
  });

  it.each([
    // total, page, perPage, total_pages, has_next, has_prev
    [1, 1, 15, 1, false, false],
    [15, 1, 15, 1, false, false],
    [16, 1, 15, 2, true, false],
    [16, 2, 15, 2, false, true],
    [30, 2, 15, 2, false, true],
    [31, 2, 15, 3, true, true],
    [100, 1, 100, 1, false, false],
    [101, 1, 100, 2, true, false],
    [50, 3, 25, 2, false, true],
    [7, 7, 1, 7, false, true],
    [7, 4, 1, 7, true, true],
  ])('total %i, page %i of %i per page: %i pages, next %s, prev %s', (total, page, perPage, pages, next, prev) => {
    expect(paginate(total, page, perPage)).toEqual({
      page,
      per_page: perPage,
      total_pages: pages,
      total_books: total,
      has_next: next,
      has_prev: prev,
    });
  });

  it('answers a page past the end as asked, with a way back and none forward', () => {
    expect(paginate(10, 5, 15)).toMatchObject({ page: 5, total_pages: 1, has_next: false, has_prev: true });
    expect(paginate(0, 2, 15)).toMatchObject({ total_pages: 0, has_next: false, has_prev: true });
  });

  it.each([
    [0, 1, 0],
    [0, 0, 15],
    [0, 1.5, 15],
    [-1, 1, 15],
    [1.5, 1, 15],
    [0, 1, Number.NaN],
  ])('refuses total %s, page %s, per page %s', (total, page, perPage) => {
    expect(() => paginate(total, page, perPage)).toThrow(RangeError);
  });

  it('gives the offset of a page', () => {
    expect(pageOffset(1, 15)).toBe(0);
    expect(pageOffset(2, 15)).toBe(15);
    expect(pageOffset(4, 25)).toBe(75);
  });
});

describe('pageButtons', () => {
  const E = 'ellipsis' as const;
  it.each<[number, number, PageButton[]]>([
    [1, 0, []],
    [1, -3, []],
    [1, 1, [1]],
    [1, 2, [1, 2]],
    [2, 2, [1, 2]],
    [1, 3, [1, 2, 3]],
    [2, 3, [1, 2, 3]],
    [3, 3, [1, 2, 3]],
    [1, 4, [1, 2, E, 4]],
    [2, 4, [1, 2, 3, 4]],
    [3, 4, [1, 2, 3, 4]],
    [4, 4, [1, E, 3, 4]],
    [1, 5, [1, 2, E, 5]],
    [3, 5, [1, 2, 3, 4, 5]],
    [5, 5, [1, E, 4, 5]],
    [1, 10, [1, 2, E, 10]],
    [2, 10, [1, 2, 3, E, 10]],
    [3, 10, [1, 2, 3, 4, E, 10]],
    [4, 10, [1, E, 3, 4, 5, E, 10]],
    [5, 10, [1, E, 4, 5, 6, E, 10]],
    [7, 10, [1, E, 6, 7, 8, E, 10]],
    [8, 10, [1, E, 7, 8, 9, 10]],
    [9, 10, [1, E, 8, 9, 10]],
    [10, 10, [1, E, 9, 10]],
    [50, 100, [1, E, 49, 50, 51, E, 100]],
  ])('page %i of %i shows %j', (current, total, expected) => {
    expect(pageButtons(current, total)).toEqual(expected);
  });

  it('clamps a current page outside the range', () => {
    expect(pageButtons(0, 10)).toEqual(pageButtons(1, 10));
    expect(pageButtons(-4, 10)).toEqual(pageButtons(1, 10));
    expect(pageButtons(99, 10)).toEqual(pageButtons(10, 10));
    expect(pageButtons(Number.NaN, 10)).toEqual(pageButtons(1, 10));
  });

  it('never shows two ellipses in a row, a page twice, or pages out of order', () => {
    for (let total = 1; total <= 30; total++) {
      for (let current = 1; current <= total; current++) {
        const buttons = pageButtons(current, total);
        const pages = buttons.filter((b): b is number => b !== 'ellipsis');
        expect(pages).toEqual([...new Set(pages)].sort((a, b) => a - b));
        expect(pages[0]).toBe(1);
        expect(pages.at(-1)).toBe(total);
        expect(pages).toContain(current);
        buttons.forEach((b, i) => {
          if (b === 'ellipsis') {
            expect(buttons[i + 1]).not.toBe('ellipsis');
            // An ellipsis stands for at least one page left out.
            expect((buttons[i + 1] as number) - (buttons[i - 1] as number)).toBeGreaterThan(1);
          }
        });
        expect(buttons.length).toBeLessThanOrEqual(7);
      }
    }
  });
});

describe('descriptionPreview', () => {
  it('keeps descriptions of up to 80 characters whole', () => {
    expect(descriptionPreview('A short tale.')).toBe('A short tale.');
    expect(descriptionPreview('x'.repeat(80))).toBe('x'.repeat(80));
  });

  it('cuts longer ones to 80 characters and adds an ellipsis', () => {
    expect(descriptionPreview('y'.repeat(81))).toBe(`${'y'.repeat(80)}…`);
    const cut = descriptionPreview(`${'word '.repeat(30)}end`);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(81);
  });

  it('folds whitespace and honours another limit', () => {
    expect(descriptionPreview('  one\n\n two  ')).toBe('one two');
    expect(descriptionPreview('abcdef', 3)).toBe('abc…');
  });
});

describe('hasExtension', () => {
  it.each([
    ['story.pdf', '.pdf', true],
    ['STORY.PDF', '.pdf', true],
    [' story.pdf ', '.pdf', true],
    ['story.pdf.txt', '.pdf', false],
    ['story.txt', '.pdf', false],
    ['.pdf', '.pdf', false],
    ['pdf', '.pdf', false],
    ['notes.txt', '.txt', true],
  ])('%j ends with %s: %s', (name, ext, expected) => {
    expect(hasExtension(name, ext)).toBe(expected);
  });
});

describe('form values', () => {
  it.each([
    ['true', true],
    ['TRUE', true],
    ['1', true],
    ['on', true],
    ['yes', true],
    [true, true],
    ['false', false],
    ['0', false],
    ['off', false],
    ['', false],
    [null, false],
    [undefined, false],
    [false, false],
    ['maybe', null],
  ] as const)('flag %j is %s', (value, expected) => {
    expect(parseFormFlag(value)).toBe(expected);
  });

  it.each([
    ['1', 1],
    [' 3 ', 3],
    ['100', 100],
    [2, 2],
    ['0', null],
    ['101', null],
    ['2.5', null],
    ['-1', null],
    ['abc', null],
    ['', null],
    [null, null],
    [undefined, null],
    [2.5, null],
    ['1e2', null],
  ] as const)('token cost %j is %s', (value, expected) => {
    expect(parseTokenCost(value)).toBe(expected);
  });
});

describe('checkBookUpload', () => {
  const valid = { title: ' Tale ', author: ' Aesop ', description: ' Short ', pdfFileName: 'tale.pdf', attributionFileName: 'tale.txt' };

  it('accepts a complete regular book, trimmed, with no token cost', () => {
    expect(checkBookUpload({ ...valid, tokenCost: '7' })).toEqual({
      ok: true,
      value: { title: 'Tale', author: 'Aesop', description: 'Short', isPremium: false, tokenCost: 0, narrationText: null },
    });
  });

  it('takes the book text for narration, trimmed, and refuses control characters in any field (issue 27)', () => {
    expect(checkBookUpload({ ...valid, narrationText: '  Once.\n---\nTwice. ' })).toMatchObject({ ok: true, value: { narrationText: 'Once.\n---\nTwice.' } });
    expect(checkBookUpload({ ...valid, description: 'One\r\n\tTwo' }).ok).toBe(true);
    for (const field of ['title', 'author', 'description', 'narrationText'] as const) {
      const check = checkBookUpload({ ...valid, [field]: 'Ta\u0000le' });
      expect(check).toMatchObject({ ok: false, errors: { [field === 'narrationText' ? 'narration_text' : field]: [VALIDATION.controlCharacters] } });
    }
  });

  it('accepts a premium book with a token cost', () => {
    expect(checkBookUpload({ ...valid, isPremium: 'true', tokenCost: '3' })).toMatchObject({ ok: true, value: { isPremium: true, tokenCost: 3 } });
  });

  it.each([
    ['title', { title: '  ' }, 'title'],
    ['author', { author: undefined }, 'author'],
    ['PDF', { pdfFileName: null }, 'pdf_file'],
    ['attribution', { attributionFileName: '' }, 'attribution_file'],
  ])('needs the %s', (_what, change, field) => {
    const res = checkBookUpload({ ...valid, ...change });
    expect(res).toEqual({ ok: false, error: VALIDATION.fillRequiredFields, errors: { [field]: [VALIDATION.fillRequiredFields] } });
  });

  it('wants a .pdf and a .txt', () => {
    expect(checkBookUpload({ ...valid, pdfFileName: 'tale.txt' })).toEqual({
      ok: false,
      error: VALIDATION.selectPdf,
      errors: { pdf_file: [VALIDATION.selectPdf] },
    });
    expect(checkBookUpload({ ...valid, attributionFileName: 'tale.pdf' })).toEqual({
      ok: false,
      error: VALIDATION.selectTxt,
      errors: { attribution_file: [VALIDATION.selectTxt] },
    });
  });

  it('summarises in the spec order: required fields, then PDF, then TXT', () => {
    const res = checkBookUpload({ pdfFileName: 'a.doc', attributionFileName: 'b.doc', title: 'T' });
    expect(res.ok).toBe(false);
    if (res.ok) return;
    expect(res.error).toBe(VALIDATION.fillRequiredFields);
    expect(res.errors).toEqual({
      author: [VALIDATION.fillRequiredFields],
      pdf_file: [VALIDATION.selectPdf],
      attribution_file: [VALIDATION.selectTxt],
    });
    const pdfAndTxt = checkBookUpload({ ...valid, pdfFileName: 'a.doc', attributionFileName: 'b.doc' });
    expect(pdfAndTxt).toMatchObject({ ok: false, error: VALIDATION.selectPdf });
  });

  it.each([undefined, '', '0', '101', '1.5', 'ten'])('refuses a premium book with token cost %j', (tokenCost) => {
    const res = checkBookUpload({ ...valid, isPremium: 'on', tokenCost });
    expect(res).toEqual({
      ok: false,
      error: BOOK_SERVER_MESSAGES.tokenCostRange(1, 100),
      errors: { token_cost: [BOOK_SERVER_MESSAGES.tokenCostRange(1, 100)] },
    });
  });

  it('refuses an unreadable premium flag and over-long texts', () => {
    expect(checkBookUpload({ ...valid, isPremium: 'sometimes' })).toMatchObject({
      ok: false,
      errors: { is_premium: [BOOK_SERVER_MESSAGES.premiumFlagInvalid] },
    });
    expect(checkBookUpload({ ...valid, title: 'x'.repeat(BOOK_TITLE_MAX_LENGTH + 1) })).toMatchObject({
      ok: false,
      errors: { title: [VALIDATION.tooLong(BOOK_TITLE_MAX_LENGTH)] },
    });
    expect(checkBookUpload({ ...valid, title: 'x'.repeat(BOOK_TITLE_MAX_LENGTH) }).ok).toBe(true);
    expect(checkBookUpload({ ...valid, description: 'x'.repeat(BOOK_DESCRIPTION_MAX_LENGTH + 1) })).toMatchObject({
      ok: false,
      errors: { description: [VALIDATION.tooLong(BOOK_DESCRIPTION_MAX_LENGTH)] },
    });
  });
});
