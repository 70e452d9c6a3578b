import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { PASSWORD_MIN_LENGTH, TIMINGS } from '@fst/shared/constants';
import { RESET_TEXTS, SCREEN_ERRORS } from '@fst/shared/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.ts';
import { paths } from '../../../lib/paths.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { TextLink } from './auth-card.tsx';
import type { resetFormSchema } from './reset-password-form-schema.ts';

// The page paints without zod; the schema follows at once (lib/lazy-zod-resolver.ts).
const resetValidation = lazyZodResolver(() => import('./reset-password-form-schema.ts').then((m) => m.resetFormSchema));

type ResetValues = z.input<typeof resetFormSchema>;

export function ResetPasswordForm({ token }: { token: string }) {
  // React Hook Form's register() must run on every render: not memoised by React Compiler (decision 023).
  'use no memo';
  const navigate = useNavigate();
  const reset = useResetPassword();
  useEffect(() => resetValidation.preload(), []);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetValues, unknown, z.output<typeof resetFormSchema>>({
    resolver: resetValidation.resolver,
    defaultValues: { password: '', confirm_password: '' },
  });

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = window.setTimeout(() => navigate(paths.login, { replace: true }), TIMINGS.resetRedirect);
    return () => window.clearTimeout(timer);
  }, [reset.isSuccess, navigate]);

  if (reset.isSuccess) {
    return (
      <Alert tone="success">
        <p>{reset.data.message}</p>
        <p>{RESET_TEXTS.redirecting}</p>
      </Alert>
    );
  }

  return (
    <form onSubmit={handleSubmit(({ password }) => reset.mutate({ token, password }))} noValidate className="flex flex-col gap-5">
      {reset.isError ? (
        <Alert tone="error">
          <p>{errorText(reset.error, SCREEN_ERRORS.unexpected)}</p>
          <p className="mt-1 font-normal">
            <TextLink to={paths.forgotPassword}>Request a new reset link</TextLink>
          </p>
        </Alert>
      ) : null}
      {errors.root ? <Alert tone="error">{errors.root.message}</Alert> : null}
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        placeholder={`At least ${PASSWORD_MIN_LENGTH} characters`}
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        error={errors.confirm_password?.message}
        {...register('confirm_password')}
      />
      <Button type="submit" size="lg" disabled={reset.isPending}>
        {reset.isPending ? 'Resetting...' : 'Reset Password'}
      </Button>
    </form>
  );
}
