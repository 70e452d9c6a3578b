import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '@fst/shared/constants';
import { changePasswordBody } from '@fst/shared/auth/auth.schema';
import { PROFILE_TEXTS, VALIDATION } from '@fst/shared/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { useChangePassword } from '../api/change-password.ts';
import { applyServerFieldErrors } from './server-field-errors.ts';
import { samePasswordTwice } from './password-confirmation.ts';

const changePasswordFormSchema = z
  .object({
    current_password: changePasswordBody.shape.current_password,
    // decisions.md: the minimum is 5 and the text says so (not the old "8+ chars").
    new_password: changePasswordBody.shape.new_password,
    confirm_password: z.string(),
  })
  .refine(...samePasswordTwice('new_password', VALIDATION.passwordsDontMatch));

type ChangePasswordValues = z.input<typeof changePasswordFormSchema>;
const EMPTY: ChangePasswordValues = { current_password: '', new_password: '', confirm_password: '' };
const FIELDS = ['current_password', 'new_password'] as const;

export function ChangePasswordForm() {
  // React Hook Form's register() must run on every render: not memoised by React Compiler (decision 023).
  'use no memo';
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ChangePasswordValues, unknown, z.output<typeof changePasswordFormSchema>>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(
    ({ current_password, new_password }) =>
      change.mutate(
        { current_password, new_password },
        {
          onSuccess: () => {
            reset(EMPTY);
            notify.success(PROFILE_TEXTS.passwordUpdated);
          },
          onError: (error) => {
            if (!(error instanceof ApiError) || error.isNetworkError) {
              notify.error(PROFILE_TEXTS.passwordNetworkError);
              return;
            }
            applyServerFieldErrors(error, setError, FIELDS);
            notify.error(PROFILE_TEXTS.passwordFailed);
          },
        },
      ),
    () => notify.error(VALIDATION.fixPasswordErrors),
  );

  // A refusal without field details (e.g. rate limited) is explained inline as well.
  const generalError = change.error instanceof ApiError && !change.error.isNetworkError && !change.error.errors ? change.error.serverMessage : undefined;

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      {generalError ? <Alert tone="error">{generalError}</Alert> : null}
      <TextField
        label="Current Password"
        type="password"
        autoComplete="current-password"
        required
        error={errors.current_password?.message}
        {...register('current_password')}
      />
      <TextField
        label="New Password"
        type="password"
        autoComplete="new-password"
        placeholder={`At least ${PASSWORD_MIN_LENGTH} characters`}
        required
        error={errors.new_password?.message}
        {...register('new_password')}
      />
      <TextField
        label="Confirm New Password"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirm_password?.message}
        {...register('confirm_password')}
      />
      <div>
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Updating...' : 'Update Password'}
        </Button>
      </div>
    </form>
  );
}
