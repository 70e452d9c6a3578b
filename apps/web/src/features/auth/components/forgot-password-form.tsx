import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { forgotPasswordBody } from '@fst/shared/auth/credentials.schema';
import { SCREEN_ERRORS } from '@fst/shared/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LateStartHint } from '../../../components/ui/late-start-hint.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { useForgotPassword } from '../api/forgot-password.ts';

// The page paints without zod; the schema follows at once (lib/lazy-zod-resolver.ts).
const forgotValidation = lazyZodResolver(() => import('@fst/shared/auth/credentials.schema').then((m) => m.forgotPasswordBody));

type ForgotValues = z.input<typeof forgotPasswordBody>;

export function ForgotPasswordForm() {
  // React Hook Form's register() must run on every render: not memoised by React Compiler (decision 023).
  'use no memo';
  const forgot = useForgotPassword();
  const hydrated = useHydrated();
  useEffect(() => forgotValidation.preload(), []);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotValues, unknown, z.output<typeof forgotPasswordBody>>({
    resolver: forgotValidation.resolver,
    defaultValues: { email: '' },
  });

  // Spec section 2: on success the form is replaced by the server's message.
  if (forgot.isSuccess) return <SentMessage message={forgot.data.message} />;

  return (
    <form onSubmit={handleSubmit((values) => forgot.mutate(values))} noValidate className="flex flex-col gap-5">
      {forgot.isError ? <Alert tone="error">{errorText(forgot.error, SCREEN_ERRORS.unexpected)}</Alert> : null}
      {errors.root ? <Alert tone="error">{errors.root.message}</Alert> : null}
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <Button type="submit" size="lg" disabled={!hydrated || forgot.isPending}>
        {forgot.isPending ? 'Sending...' : 'Send Reset Link'}
      </Button>
      <LateStartHint started={hydrated} />
    </form>
  );
}

/** The server's answer in place of the form: it takes the focus the form's button had, which went with the form. */
function SentMessage({ message }: { message: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div ref={box} tabIndex={-1} className="focus:outline-none">
      <Alert tone="success">{message}</Alert>
    </div>
  );
}
