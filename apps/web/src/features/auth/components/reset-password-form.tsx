import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, TIMINGS } from '@fst/shared/constants';
import { resetPasswordBody } from '@fst/shared/auth/auth.schema';
import { RESET_TEXTS, SCREEN_ERRORS, VALIDATION } from '@fst/shared/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { TextLink } from './auth-card.tsx';
import { samePasswordTwice } from './password-confirmation.ts';

const resetFormSchema = z
  .object({ password: resetPasswordBody.shape.password, confirm_password: z.string() })
  .refine(...samePasswordTwice('password', VALIDATION.resetPasswordsDoNotMatch));

type ResetValues = z.input<typeof resetFormSchema>;

export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetValues, unknown, z.output<typeof resetFormSchema>>({
    resolver: zodResolver(resetFormSchema),
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
    <form
      onSubmit={handleSubmit(({ password }) => reset.mutate({ token, password }))}
      noValidate
      className="flex flex-col gap-5"
    >
      {reset.isError ? (
        <Alert tone="error">
          <p>{errorText(reset.error, SCREEN_ERRORS.unexpected)}</p>
          <p className="mt-1 font-normal">
            <TextLink to={paths.forgotPassword}>Request a new reset link</TextLink>
          </p>
        </Alert>
      ) : null}
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
