import { z } from 'zod';
import { text } from '../http/text.ts';
import { familySummarySchema } from '../families/families.schema.ts';
import { emailSchema, firstNameSchema, lastNameSchema, newPasswordSchema } from './credentials.schema.ts';
import { PASSWORD_MAX_LENGTH, ROLES } from '../constants.ts';
import { DELETION_TEXTS, EMAIL_TEXTS, VALIDATION } from '../messages.ts';

export * from './credentials.schema.ts';

/** The token in a password-reset link's path. */
export const resetTokenParams = z.object({ token: text().min(1).max(200) });

export const changePasswordBody = z.object({
  current_password: text({ error: VALIDATION.currentPasswordRequired }).min(1, VALIDATION.currentPasswordRequired).max(PASSWORD_MAX_LENGTH),
  new_password: newPasswordSchema,
});
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

// Deleting an account asks for its password again (issue 25, docs/decisions/016).
export const deleteAccountBody = z.object({
  password: text({ error: DELETION_TEXTS.passwordRequired }).min(1, DELETION_TEXTS.passwordRequired).max(PASSWORD_MAX_LENGTH),
});
export type DeleteAccountBody = z.input<typeof deleteAccountBody>;

export const profileBody = z.object({
  first_name: firstNameSchema,
  last_name: lastNameSchema,
  email: emailSchema,
  // Needed only when the e-mail address changes (docs/decisions/013).
  current_password: text().max(PASSWORD_MAX_LENGTH, VALIDATION.tooLong(PASSWORD_MAX_LENGTH)).optional(),
});
export type ProfileBody = z.input<typeof profileBody>;

export const userSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  is_admin: z.boolean(),
  // Whether `email` was proven by a link sent to it; site-admin rights wait for it (docs/decisions/013).
  email_verified: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export { familySummarySchema, type FamilyListItem as FamilySummary } from '../families/families.schema.ts';

export const authResponse = z.object({ user: userSchema, families: z.array(familySummarySchema) });
export type AuthResponse = z.infer<typeof authResponse>;

export const profileResponse = z.object({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  // The address asked for, waiting for its link to be opened; `email` stays until then.
  pending_email: z.string().nullable(),
});
/** The token of an e-mailed link (verify an address, undo a change of address). */
export const emailTokenBody = z.object({ token: text().min(1, EMAIL_TEXTS.linkInvalid).max(200, EMAIL_TEXTS.linkInvalid) });
export const verifyEmailResponse = z.object({ message: z.string(), email: z.string() });
export const checkSessionResponse = z.object({ authenticated: z.boolean() });
export const messageResponse = z.object({ message: z.string() });
