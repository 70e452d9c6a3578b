import { FAMILY_CODE_ALPHABET, FAMILY_CODE_LENGTH, type FamilyRole, type Role } from '../constants.ts';

/** The relationships offered when a reader joins a family (free text is allowed too). */
export const RELATIONSHIPS = ['Grandma', 'Grandpa', 'Nana', 'Papa', 'Aunt', 'Uncle', 'Caregiver', 'Friend'] as const;

/** Codes are typed by people: upper-case, no spaces. */
export const normalizeFamilyCode = (code: string) => code.replace(/\s+/g, '').toUpperCase();

/** A new family code from random bytes (one byte per character; the caller supplies the randomness). */
export function familyCodeFrom(randomBytes: Uint8Array): string {
  if (randomBytes.length < FAMILY_CODE_LENGTH) throw new Error(`need ${FAMILY_CODE_LENGTH} random bytes`);
  let code = '';
  for (let i = 0; i < FAMILY_CODE_LENGTH; i++) code += FAMILY_CODE_ALPHABET[randomBytes[i]! % FAMILY_CODE_ALPHABET.length];
  return code;
}

/** A stable colour per person: the same id always gets the same colour of the palette. */
export function avatarColor(id: string, palette: readonly string[]): string {
  let hash = 0;
  for (let i = 0; i < id.length; i++) hash = (hash * 31 + id.charCodeAt(i)) >>> 0;
  return palette[hash % palette.length]!;
}

export const initials = (first: string, last = '') => `${first.trim().charAt(0)}${last.trim().charAt(0)}`.toUpperCase() || '?';

/** The family role a person gets on joining: readers are grandparents, other accounts are parents. */
export const joiningRole = (accountRole: Role): FamilyRole => (accountRole === 'grandparent' ? 'reader' : 'parent');

/** `member` comes from older data and means `parent` (decisions.md "Families"). */
export const isParentRole = (role: FamilyRole) => role === 'admin' || role === 'parent' || role === 'member';
export const isFamilyAdmin = (role: FamilyRole) => role === 'admin';
