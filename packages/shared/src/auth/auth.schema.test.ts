import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { VALIDATION } from '../messages.ts';
import { changePasswordBody, loginBody, profileBody, resetPasswordBody, signupBody } from './auth.schema.ts';

/** The messages a failed parse reports for one field, in order. */
function messagesFor(result: z.ZodSafeParseResult<unknown>, field: string): string[] {
  expect(result.success).toBe(false);
  return (result.error?.issues ?? []).filter((i) => i.path[0] === field).map((i) => i.message);
}

const validSignup = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  password: 'secret',
};

describe('signupBody', () => {
  it('trims names and email and defaults the role to parent', () => {
    const parsed = signupBody.parse({
      first_name: '  Ada ',
      last_name: '\tLovelace  ',
      email: '  ada@example.com ',
      password: ' secret ',
    });
    expect(parsed).toEqual({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      // Passwords are taken as typed: spaces are part of them.
      password: ' secret ',
      role: 'parent',
    });
  });

  it('keeps an explicit grandparent role', () => {
    expect(signupBody.parse({ ...validSignup, role: 'grandparent' }).role).toBe('grandparent');
  });

  it('strips unknown keys such as confirm_password', () => {
    const parsed = signupBody.parse({ ...validSignup, confirm_password: 'secret', is_admin: true });
    expect(parsed).not.toHaveProperty('confirm_password');
    expect(parsed).not.toHaveProperty('is_admin');
    expect(Object.keys(parsed).sort()).toEqual(['email', 'first_name', 'last_name', 'password', 'role']);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['only spaces', '   '],
  ])('requires a first name (%s)', (_label, value) => {
    const result = signupBody.safeParse({ ...validSignup, first_name: value });
    expect(messagesFor(result, 'first_name')).toEqual([VALIDATION.firstNameRequired]);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['only spaces', '  '],
  ])('requires a last name (%s)', (_label, value) => {
    const result = signupBody.safeParse({ ...validSignup, last_name: value });
    expect(messagesFor(result, 'last_name')).toEqual([VALIDATION.lastNameRequired]);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['only spaces', '   '],
  ])('requires an email (%s)', (_label, value) => {
    const result = signupBody.safeParse({ ...validSignup, email: value });
    expect(messagesFor(result, 'email')[0]).toBe(VALIDATION.emailRequired);
  });

  it.each(['ada', 'ada@example', '@example.com', 'ada@.', 'ada @example.com', 'ada@exa mple.com'])('refuses the malformed email %j', (email) => {
    const result = signupBody.safeParse({ ...validSignup, email });
    expect(messagesFor(result, 'email')).toEqual([VALIDATION.invalidEmail]);
  });

  it('refuses a password shorter than 5 characters and accepts exactly 5', () => {
    expect(VALIDATION.passwordTooShort).toBe('Password must be at least 5 characters long');
    const short = signupBody.safeParse({ ...validSignup, password: '1234' });
    expect(messagesFor(short, 'password')).toEqual([VALIDATION.passwordTooShort]);
    expect(signupBody.safeParse({ ...validSignup, password: '12345' }).success).toBe(true);
  });

  it('reports a missing password as too short', () => {
    const { password: _omit, ...rest } = validSignup;
    expect(messagesFor(signupBody.safeParse(rest), 'password')).toEqual([VALIDATION.passwordTooShort]);
  });

  it('limits names to 50 characters after trimming', () => {
    const fifty = 'a'.repeat(50);
    expect(signupBody.parse({ ...validSignup, first_name: `  ${fifty}  ` }).first_name).toBe(fifty);
    const first = signupBody.safeParse({ ...validSignup, first_name: `${fifty}a` });
    expect(messagesFor(first, 'first_name')).toEqual([VALIDATION.tooLong(50)]);
    const last = signupBody.safeParse({ ...validSignup, last_name: `${fifty}a` });
    expect(messagesFor(last, 'last_name')).toEqual([VALIDATION.tooLong(50)]);
    expect(VALIDATION.tooLong(50)).toBe('Must be at most 50 characters');
  });

  it('limits the email to 120 characters', () => {
    const domain = '@example.com';
    const exactly120 = `${'a'.repeat(120 - domain.length)}${domain}`;
    expect(exactly120).toHaveLength(120);
    expect(signupBody.safeParse({ ...validSignup, email: exactly120 }).success).toBe(true);
    const result = signupBody.safeParse({ ...validSignup, email: `a${exactly120}` });
    expect(messagesFor(result, 'email')).toEqual([VALIDATION.tooLong(120)]);
  });

  it('limits the password to 200 characters', () => {
    expect(signupBody.safeParse({ ...validSignup, password: 'p'.repeat(200) }).success).toBe(true);
    const result = signupBody.safeParse({ ...validSignup, password: 'p'.repeat(201) });
    expect(messagesFor(result, 'password')).toEqual([VALIDATION.tooLong(200)]);
  });

  it.each(['admin', 'Parent', '', null, 3])('refuses the role %j with roleRequired', (role) => {
    const result = signupBody.safeParse({ ...validSignup, role });
    expect(messagesFor(result, 'role')).toEqual([VALIDATION.roleRequired]);
  });

  it('reports every bad field at once', () => {
    const result = signupBody.safeParse({ first_name: '', last_name: '', email: 'x', password: '1', role: 'x' });
    expect(result.success).toBe(false);
    const fields = new Set(result.error!.issues.map((i) => i.path[0]));
    expect(fields).toEqual(new Set(['first_name', 'last_name', 'email', 'password', 'role']));
  });
});

describe('loginBody', () => {
  it('defaults remember to false and trims the email', () => {
    expect(loginBody.parse({ email: ' ada@example.com ', password: 'x' })).toEqual({
      email: 'ada@example.com',
      password: 'x',
      remember: false,
    });
  });

  it('keeps remember when given', () => {
    expect(loginBody.parse({ email: 'a@b.co', password: 'x', remember: true }).remember).toBe(true);
  });

  it('requires email and password', () => {
    const result = loginBody.safeParse({ email: '  ', password: '' });
    expect(messagesFor(result, 'email')).toEqual([VALIDATION.emailRequired]);
    expect(messagesFor(result, 'password')).toEqual([VALIDATION.loginFieldsRequired]);
  });

  it('accepts a short password, since old accounts may have one', () => {
    expect(loginBody.safeParse({ email: 'a@b.co', password: '1' }).success).toBe(true);
  });

  it('refuses a non-boolean remember', () => {
    expect(loginBody.safeParse({ email: 'a@b.co', password: 'x', remember: 'yes' }).success).toBe(false);
  });
});

describe('resetPasswordBody', () => {
  it('uses the reset screen’s own too-short message (with a full stop)', () => {
    expect(VALIDATION.resetPasswordTooShort).toBe('Password must be at least 5 characters long.');
    const result = resetPasswordBody.safeParse({ password: '1234' });
    expect(messagesFor(result, 'password')).toEqual([VALIDATION.resetPasswordTooShort]);
    expect(messagesFor(resetPasswordBody.safeParse({}), 'password')).toEqual([VALIDATION.resetPasswordTooShort]);
  });

  it('accepts exactly 5 characters and refuses more than 200', () => {
    expect(resetPasswordBody.parse({ password: '12345' })).toEqual({ password: '12345' });
    const result = resetPasswordBody.safeParse({ password: 'p'.repeat(201) });
    expect(messagesFor(result, 'password')).toEqual([VALIDATION.tooLong(200)]);
  });
});

describe('changePasswordBody', () => {
  it('accepts a current password and a new one of at least 5 characters', () => {
    expect(changePasswordBody.parse({ current_password: 'old', new_password: '12345', extra: 1 })).toEqual({
      current_password: 'old',
      new_password: '12345',
    });
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
  ])('requires the current password (%s)', (_label, value) => {
    const result = changePasswordBody.safeParse({ current_password: value, new_password: '12345' });
    expect(messagesFor(result, 'current_password')).toEqual([VALIDATION.currentPasswordRequired]);
  });

  it('refuses a new password shorter than 5 characters', () => {
    const result = changePasswordBody.safeParse({ current_password: 'old', new_password: '1234' });
    expect(messagesFor(result, 'new_password')).toEqual([VALIDATION.passwordTooShort]);
    expect(messagesFor(result, 'current_password')).toEqual([]);
  });
});

describe('profileBody', () => {
  it('trims the fields and drops anything else, such as a role or admin flag', () => {
    expect(profileBody.parse({ first_name: ' Ada ', last_name: ' King ', email: ' ada@example.com ', role: 'grandparent', is_admin: true })).toEqual({
      first_name: 'Ada',
      last_name: 'King',
      email: 'ada@example.com',
    });
  });

  it('uses the same messages as signup', () => {
    const result = profileBody.safeParse({ first_name: ' ', last_name: '', email: 'nope' });
    expect(messagesFor(result, 'first_name')).toEqual([VALIDATION.firstNameRequired]);
    expect(messagesFor(result, 'last_name')).toEqual([VALIDATION.lastNameRequired]);
    expect(messagesFor(result, 'email')).toEqual([VALIDATION.invalidEmail]);
  });

  it('limits names to 50 characters', () => {
    const result = profileBody.safeParse({ first_name: 'a'.repeat(51), last_name: 'b', email: 'a@b.co' });
    expect(messagesFor(result, 'first_name')).toEqual([VALIDATION.tooLong(50)]);
  });
});
