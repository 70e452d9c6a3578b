import { describe, expect, it } from 'vitest';
import { FAMILY_CODE_ALPHABET, FAMILY_CODE_LENGTH } from '../constants.ts';
import { familyCodeFrom, formatFamilyCode, isFamilyCodeShape, normalizeFamilyCode } from './families.rules.ts';
import { joinFamilyBody } from './families.schema.ts';

// Any uniform source will do here; the server passes node:crypto's randomInt.
const randomInt = (n: number) => Math.floor(Math.random() * n);

// decisions.md "Families": at least 40 bits, no look-alikes, shown in groups, typed loosely (issue 27).
describe('family codes', () => {
  it('are 9 characters of the alphabet, at least 40 bits', () => {
    const code = familyCodeFrom(randomInt);
    expect(code).toHaveLength(FAMILY_CODE_LENGTH);
    expect([...code].every((c) => FAMILY_CODE_ALPHABET.includes(c))).toBe(true);
    expect(Math.log2(FAMILY_CODE_ALPHABET.length ** FAMILY_CODE_LENGTH)).toBeGreaterThanOrEqual(40);
    expect(isFamilyCodeShape(code)).toBe(true);
  });

  it('use every character of the alphabet, each from its own draw', () => {
    const draws: number[] = [];
    const code = familyCodeFrom((n) => {
      draws.push(n);
      return draws.length - 1;
    });
    expect(draws).toEqual(Array(FAMILY_CODE_LENGTH).fill(FAMILY_CODE_ALPHABET.length));
    expect(code).toBe(FAMILY_CODE_ALPHABET.slice(0, FAMILY_CODE_LENGTH));
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) for (const c of familyCodeFrom(randomInt)) seen.add(c);
    expect(seen.size).toBe(FAMILY_CODE_ALPHABET.length);
  });

  it('are shown in groups of three', () => {
    expect(formatFamilyCode('KT7MQX4PR')).toBe('KT7-MQX-4PR');
    expect(formatFamilyCode('KT7M')).toBe('KT7-M');
    expect(formatFamilyCode('')).toBe('');
  });

  it('are read upper-cased, with spaces and dashes ignored', () => {
    expect(normalizeFamilyCode(' kt7-mqx-4pr ')).toBe('KT7MQX4PR');
    expect(normalizeFamilyCode('KT7 MQX 4PR')).toBe('KT7MQX4PR');
    expect(normalizeFamilyCode('kt7–mqx—4pr')).toBe('KT7MQX4PR');
    expect(joinFamilyBody.parse({ family_code: 'kt7 - mqx - 4pr' }).family_code).toBe('KT7MQX4PR');
  });

  it('refuse the wrong length, look-alikes and old 6-character codes', () => {
    for (const family_code of ['ABC', 'KT7MQX4PRA', 'KT7MQX4P0', 'KT7MQX4PO', 'KT7MQX4P1', 'KT7MQX4PI', 'KT7MQX4PL', 'ABC234', '', 'KT7MQX4P!', 123456789]) {
      expect(joinFamilyBody.safeParse({ family_code }).success, String(family_code)).toBe(false);
    }
    expect(joinFamilyBody.safeParse({ family_code: 'K'.repeat(1000) }).success).toBe(false);
  });
});
