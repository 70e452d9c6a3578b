import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { profileBody } from '@fst/shared/auth/auth.schema';
import { EMAIL_TEXTS, PROFILE_TEXTS, VALIDATION } from '@fst/shared/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import type { Profile } from '../api/get-profile.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { applyServerFieldErrors } from './server-field-errors.ts';

type ProfileValues = z.input<typeof profileBody>;
const FIELDS = ['first_name', 'last_name', 'email', 'current_password'] as const;

export function ProfileForm({ profile }: { profile: Profile }) {
  // React Hook Form's register() must run on every render: not memoised by React Compiler (decision 023).
  'use no memo';
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors },
  } = useForm<ProfileValues, unknown, z.output<typeof profileBody>>({
    resolver: zodResolver(profileBody),
    defaultValues: { first_name: profile.first_name, last_name: profile.last_name, email: profile.email, current_password: '' },
  });
  // A new address needs the current password (docs/decisions/013); the same one in other letters does not.
  const emailChanging = (useWatch({ control, name: 'email' }) ?? '').trim().toLowerCase() !== profile.email.toLowerCase();

  const onSubmit = handleSubmit(
    (values) =>
      update.mutate(emailChanging ? values : { ...values, current_password: undefined }, {
        onSuccess: (saved) => {
          // The address stays the old one until the new one's link is opened.
          reset({ first_name: saved.first_name, last_name: saved.last_name, email: saved.email, current_password: '' });
          notify.success(PROFILE_TEXTS.saved);
        },
        onError: (error) => {
          // Spec section 8: joined server messages, else the server's error, else the status.
          if (!(error instanceof ApiError) || error.isNetworkError) {
            notify.error(PROFILE_TEXTS.saveNetworkError);
            return;
          }
          const fieldMessages = applyServerFieldErrors(error, setError, FIELDS);
          notify.error(fieldMessages.length > 0 ? fieldMessages.join(', ') : (error.serverMessage ?? PROFILE_TEXTS.saveFailed(error.status)));
        },
      }),
    () => notify.error(VALIDATION.fixProfileErrors),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      <div className="grid grid-cols-2 gap-4 mobile:grid-cols-1">
        <TextField label="First Name" autoComplete="given-name" required error={errors.first_name?.message} {...register('first_name')} />
        <TextField label="Last Name" autoComplete="family-name" required error={errors.last_name?.message} {...register('last_name')} />
      </div>
      <TextField label="Email" type="email" autoComplete="email" required error={errors.email?.message} {...register('email')} />
      {profile.pending_email ? <Alert tone="info">{EMAIL_TEXTS.pending(profile.pending_email)}</Alert> : null}
      {emailChanging ? (
        <TextField
          label={EMAIL_TEXTS.passwordLabel}
          type="password"
          autoComplete="current-password"
          hint={EMAIL_TEXTS.passwordHint}
          error={errors.current_password?.message}
          {...register('current_password')}
        />
      ) : null}
      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
