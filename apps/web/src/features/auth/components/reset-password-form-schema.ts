import { z } from 'zod';
import { resetPasswordBody } from '@fst/shared/auth/credentials.schema';
import { VALIDATION } from '@fst/shared/messages';
import { samePasswordTwice } from './password-confirmation.ts';

/** The reset form's checks: the server's password rule, and the password typed twice. */
export const resetFormSchema = z
  .object({ password: resetPasswordBody.shape.password, confirm_password: z.string() })
  .refine(...samePasswordTwice('password', VALIDATION.resetPasswordsDoNotMatch));
