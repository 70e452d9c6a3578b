import { DEVICE_CODE_LENGTH, FAMILY_CODE_ALPHABET } from '../constants.ts';

/** Pairing codes are typed by people: upper-case, spaces and dashes ignored. */
export const normalizeDeviceCode = (code: string) => code.replace(/[\s\-\u2010-\u2015\u2212]+/g, '').toUpperCase();

/** Whether a normalised code has the shape of a pairing code (length and alphabet). */
export const isDeviceCodeShape = (code: string) => code.length === DEVICE_CODE_LENGTH && [...code].every((c) => FAMILY_CODE_ALPHABET.includes(c));

/** A new pairing code; `randomInt(n)` answers a uniform whole number below n (node:crypto's on the server). */
export function deviceCodeFrom(randomInt: (n: number) => number): string {
  let code = '';
  for (let i = 0; i < DEVICE_CODE_LENGTH; i++) code += FAMILY_CODE_ALPHABET[randomInt(FAMILY_CODE_ALPHABET.length)];
  return code;
}

/** The `/pair` link a QR code holds: opening it on the device fills the code in. */
export const pairLink = (origin: string, code: string) => `${origin}/pair?code=${encodeURIComponent(code)}`;
