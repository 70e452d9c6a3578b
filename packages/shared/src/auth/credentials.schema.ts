// The sign-in, sign-up and password-reset forms' fields: apart from auth.schema.ts, whose answers carry the
// families' schemas, so that the public forms load zod and these alone (docs/quality.md "Web: Lighthouse").
import { z } from 'zod';
import { text } from '../http/text.ts';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ROLES } from '../constants.ts';
import { VALIDATION } from '../messages.ts';

// A simple address pattern (spec section 5: "fails a simple address pattern").
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const requiredText = (requiredMessage: string, max: number) =>
  text({ error: requiredMessage }).trim().min(1, requiredMessage).max(max, VALIDATION.tooLong(max));

export const firstNameSchema = requiredText(VALIDATION.firstNameRequired, NAME_MAX_LENGTH);
export const lastNameSchema = requiredText(VALIDATION.lastNameRequired, NAME_MAX_LENGTH);
export const emailSchema = requiredText(VALIDATION.emailRequired, EMAIL_MAX_LENGTH).regex(EMAIL_PATTERN, VALIDATION.invalidEmail);
export const newPasswordSchema = text({ error: VALIDATION.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, VALIDATION.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, VALIDATION.tooLong(PASSWORD_MAX_LENGTH));
export const roleSchema = z.enum(ROLES, { error: VALIDATION.roleRequired });

export const signupBody = z.object({
  first_name: firstNameSchema,
  last_name: lastNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  // A user without a role is a parent (spec section 3).
  role: roleSchema.optional().default('parent'),
});
export type SignupBody = z.input<typeof signupBody>;

export const loginBody = z.object({
  email: text().trim().min(1, VALIDATION.emailRequired).max(EMAIL_MAX_LENGTH, VALIDATION.tooLong(EMAIL_MAX_LENGTH)),
  password: text().min(1, VALIDATION.loginFieldsRequired).max(PASSWORD_MAX_LENGTH),
  remember: z.boolean().optional().default(false),
});
export type LoginBody = z.input<typeof loginBody>;

export const forgotPasswordBody = z.object({ email: loginBody.shape.email });
export const resetPasswordBody = z.object({
  password: text({ error: VALIDATION.resetPasswordTooShort })
    .min(PASSWORD_MIN_LENGTH, VALIDATION.resetPasswordTooShort)
    .max(PASSWORD_MAX_LENGTH, VALIDATION.tooLong(PASSWORD_MAX_LENGTH)),
});
