import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { forgotPasswordBody } from '@fst/shared/auth/auth.schema';
import { SCREEN_ERRORS } from '@fst/shared/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { useForgotPassword } from '../api/forgot-password.ts';

type ForgotValues = z.input<typeof forgotPasswordBody>;

export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotValues, unknown, z.output<typeof forgotPasswordBody>>({
    resolver: zodResolver(forgotPasswordBody),
    defaultValues: { email: '' },
  });

  // Spec section 2: on success the form is replaced by the server's message.
  if (forgot.isSuccess) return <Alert tone="success">{forgot.data.message}</Alert>;

  return (
    <form onSubmit={handleSubmit((values) => forgot.mutate(values))} noValidate className="flex flex-col gap-5">
      {forgot.isError ? <Alert tone="error">{errorText(forgot.error, SCREEN_ERRORS.unexpected)}</Alert> : null}
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <Button type="submit" size="lg" disabled={forgot.isPending}>
        {forgot.isPending ? 'Sending...' : 'Send Reset Link'}
      </Button>
    </form>
  );
}
