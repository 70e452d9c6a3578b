import { describe, expect, it } from 'vitest';
import { BOOK_PAGE_SIZE_DEFAULT } from '../constants.ts';
import { BOOK_SERVER_MESSAGES } from '../messages.ts';
import { bookListQuery, bookParams } from './books.schema.ts';

describe('bookListQuery', () => {
  it('defaults to page 1 of 15', () => {
    expect(bookListQuery.parse({})).toEqual({ page: 1, per_page: BOOK_PAGE_SIZE_DEFAULT });
    expect(bookListQuery.parse({ page: '', per_page: '' })).toEqual({ page: 1, per_page: BOOK_PAGE_SIZE_DEFAULT });
  });

  it('reads numbers from query text', () => {
    expect(bookListQuery.parse({ page: '3', per_page: '25' })).toEqual({ page: 3, per_page: 25 });
    expect(bookListQuery.parse({ page: ' 2 ', per_page: '100' })).toEqual({ page: 2, per_page: 100 });
    expect(bookListQuery.parse({ page: 2, per_page: 1 })).toEqual({ page: 2, per_page: 1 });
  });

  it.each([
    ['per_page', '101', BOOK_SERVER_MESSAGES.perPageRange(100)],
    ['per_page', '0', BOOK_SERVER_MESSAGES.perPageRange(100)],
    ['per_page', '1.5', BOOK_SERVER_MESSAGES.perPageRange(100)],
    ['per_page', 'many', BOOK_SERVER_MESSAGES.perPageRange(100)],
    ['page', '0', BOOK_SERVER_MESSAGES.pageInvalid],
    ['page', '-1', BOOK_SERVER_MESSAGES.pageInvalid],
    ['page', 'x', BOOK_SERVER_MESSAGES.pageInvalid],
    ['page', '1e3', BOOK_SERVER_MESSAGES.pageInvalid],
    ['page', '99999999999', BOOK_SERVER_MESSAGES.pageInvalid],
  ])('refuses %s=%j', (field, value, message) => {
    const res = bookListQuery.safeParse({ [field]: value });
    expect(res.success).toBe(false);
    expect(res.error?.issues[0]?.message).toBe(message);
    expect(res.error?.issues[0]?.path).toEqual([field]);
  });

  it('trims the search and bounds its length', () => {
    expect(bookListQuery.parse({ q: '  hen ' }).q).toBe('hen');
    expect(bookListQuery.safeParse({ q: 'x'.repeat(101) }).success).toBe(false);
  });
});

describe('bookParams', () => {
  it('wants a uuid', () => {
    expect(bookParams.safeParse({ id: 'nope' }).success).toBe(false);
    expect(bookParams.parse({ id: '00000000-0000-4000-8000-000000000000' }).id).toBe('00000000-0000-4000-8000-000000000000');
  });
});
