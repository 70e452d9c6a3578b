import { z } from 'zod';
import { ROLES } from '@fst/shared/constants';
import { emailSchema, firstNameSchema, lastNameSchema, newPasswordSchema } from '@fst/shared/auth/credentials.schema';
import { VALIDATION } from '@fst/shared/messages';
import { samePasswordTwice } from './password-confirmation.ts';

/** The sign-up form's checks: the server's fields, plus the role choice and the password typed twice. */
export const signupFormSchema = z
  .object({
    role: z.enum(ROLES, { error: VALIDATION.roleRequired }),
    first_name: firstNameSchema,
    last_name: lastNameSchema,
    email: emailSchema,
    password: newPasswordSchema,
    confirm_password: z.string(),
  })
  .refine(...samePasswordTwice('password', VALIDATION.passwordsDoNotMatch));
