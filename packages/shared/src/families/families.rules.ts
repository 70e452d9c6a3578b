import { FAMILY_CODE_ALPHABET, FAMILY_CODE_GROUP_SIZE, FAMILY_CODE_LENGTH, type FamilyRole, type Role } from '../constants.ts';

/** The relationships offered when a reader joins a family (free text is allowed too). */
export const RELATIONSHIPS = ['Grandma', 'Grandpa', 'Nana', 'Papa', 'Aunt', 'Uncle', 'Caregiver', 'Friend'] as const;

/** Codes are typed and pasted by people: upper-case, spaces and dashes (of any kind) ignored. */
export const normalizeFamilyCode = (code: string) => code.replace(/[\s\-\u2010-\u2015\u2212]+/g, '').toUpperCase();

/** A stored (normalised) code as people see it: `KT7MQX4PR` → `KT7-MQX-4PR`; a partial code is grouped as far as it goes. */
export function formatFamilyCode(code: string): string {
  const groups: string[] = [];
  for (let i = 0; i < code.length; i += FAMILY_CODE_GROUP_SIZE) groups.push(code.slice(i, i + FAMILY_CODE_GROUP_SIZE));
  return groups.join('-');
}

/** Whether a normalised code has the shape of a family code (length and alphabet). */
export const isFamilyCodeShape = (code: string) => code.length === FAMILY_CODE_LENGTH && [...code].every((c) => FAMILY_CODE_ALPHABET.includes(c));

/**
 * A new family code; `randomInt(n)` answers a uniform whole number below n (the server passes
 * node:crypto's randomInt, so every character is unbiased and unpredictable).
 */
export function familyCodeFrom(randomInt: (n: number) => number): string {
  let code = '';
  for (let i = 0; i < FAMILY_CODE_LENGTH; i++) code += FAMILY_CODE_ALPHABET[randomInt(FAMILY_CODE_ALPHABET.length)];
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
