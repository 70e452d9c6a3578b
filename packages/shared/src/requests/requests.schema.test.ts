import { describe, expect, it } from 'vitest';
import { VALIDATION } from '../messages.ts';
import { requestStoryBody } from './requests.schema.ts';

const id = '7f2c1a4e-8d3b-4c5a-9e6f-0a1b2c3d4e5f';
const firstError = (body: unknown) => {
  const r = requestStoryBody.safeParse(body);
  return r.success ? null : r.error.issues[0]!.message;
};

describe('requestStoryBody', () => {
  it('defaults to a regular request of type requested', () => {
    expect(requestStoryBody.parse({ kid_id: id, book_id: id, reader_id: id })).toEqual({
      kid_id: id,
      book_id: id,
      reader_id: id,
      type: 'requested',
      is_premium: false,
    });
  });
  it('speaks the spec’s texts: a child first, then a book and a reader', () => {
    expect(firstError({ book_id: id, reader_id: id })).toBe(VALIDATION.selectChildFirst);
    expect(firstError({ kid_id: id, reader_id: id })).toBe(VALIDATION.selectBookAndReader);
    expect(firstError({ kid_id: id, book_id: id, reader_id: '' })).toBe(VALIDATION.selectBookAndReader);
  });
  it('refuses unknown types', () => {
    expect(requestStoryBody.safeParse({ kid_id: id, book_id: id, reader_id: id, type: 'later' }).success).toBe(false);
  });
});
