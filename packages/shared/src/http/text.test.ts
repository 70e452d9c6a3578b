import { describe, expect, it } from 'vitest';
import { VALIDATION } from '../messages.ts';
import { hasControlCharacters } from './control-characters.ts';
import { text } from './text.ts';

describe('text fields refuse control characters', () => {
  it.each(['\u0000', '\u0001', '\u0007', '\u0008', '\u000b', '\u001b', '\u001f', '\u007f', '\t', '\n', '\r'])('refuses U+%s in one-line text', (c) => {
    const r = text().safeParse(`Gra${c}ndma`);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(VALIDATION.controlCharacters);
  });
  it('leaves whitespace around a value to trimming', () => {
    expect(text().trim().parse('\tLovelace \n')).toBe('Lovelace');
  });
  it('takes tabs and line breaks where a field has several lines, but nothing else', () => {
    expect(text({ multiline: true }).safeParse('One\r\n\tTwo').success).toBe(true);
    expect(text({ multiline: true }).safeParse('One\u0000Two').success).toBe(false);
  });
  it('takes every printable text, accents, emoji and right-to-left included', () => {
    for (const value of ['Grandma Rose', 'Él comió pan', '👵🏻 Nana', 'سلام', '']) expect(text().safeParse(value).success).toBe(true);
    expect(hasControlCharacters('Zoë\u0085')).toBe(false);
  });
  it('keeps the message given for a missing value', () => {
    expect(text({ error: 'Name required' }).safeParse(undefined).error?.issues[0]?.message).toBe('Name required');
  });
});
