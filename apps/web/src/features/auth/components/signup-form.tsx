import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { PASSWORD_MIN_LENGTH, TIMINGS, type Role } from '@fst/shared/constants';
import type { AuthResponse } from '@fst/shared/auth/auth.schema';
import { dashboardPath } from '@fst/shared/auth/auth.rules';
import { SCREEN_ERRORS, SIGNUP_TEXTS } from '@fst/shared/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LateStartHint } from '../../../components/ui/late-start-hint.tsx';
import { FieldError, TextField } from '../../../components/ui/field.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { notify } from '../../../lib/toast.ts';
import { storeSession } from '../../../lib/api/auth/get-me.ts';
import { useSignup } from '../api/signup.ts';
import { readChosenRole, rolePickedBeforeStart } from '../chosen-role.ts';
import type { signupFormSchema } from './signup-form-schema.ts';

// The page paints without zod; the checks follow at once (lib/lazy-zod-resolver.ts).
const signupValidation = lazyZodResolver(() => import('./signup-form-schema.ts').then((m) => m.signupFormSchema));

type SignupValues = z.input<typeof signupFormSchema>;

const ROLE_CHOICES: { role: Role; label: string; description: string }[] = [
  { role: 'grandparent', label: 'Grandparent', description: 'I read and record stories for the grandkids.' },
  { role: 'parent', label: 'Parent', description: 'I set up our family and play the stories at bedtime.' },
];

type SignupFormProps = {
  /**
   * Shown to a new grandparent before their dashboard (spec section 2: the Join Your Family modal);
   * it calls `onDone` to move on. Without it a grandparent goes straight to the dashboard.
   */
  grandparentWelcome?: (onDone: () => void) => ReactNode;
};

export function SignupForm({ grandparentWelcome }: SignupFormProps = {}) {
  // React Hook Form's register() must run on every render: not memoised by React Compiler (decision 023).
  'use no memo';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signup = useSignup();
  const hydrated = useHydrated();
  const [created, setCreated] = useState<AuthResponse | null>(null);
  useEffect(() => signupValidation.preload(), []);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignupValues, unknown, z.output<typeof signupFormSchema>>({
    resolver: signupValidation.resolver,
    defaultValues: {
      role: rolePickedBeforeStart() ?? readChosenRole(),
      first_name: '',
      last_name: '',
      email: '',
      password: '',
      confirm_password: '',
    },
  });

  // The session is stored only when leaving, so the guest-only guard does not redirect too early.
  const leave = useCallback(
    async (session: AuthResponse) => {
      await storeSession(queryClient, session);
      await navigate(dashboardPath(session.user.role), { replace: true });
    },
    [navigate, queryClient],
  );
  const welcomesGrandparent = created?.user.role === 'grandparent' && grandparentWelcome !== undefined;

  useEffect(() => {
    if (!created || welcomesGrandparent) return;
    const delay = created.user.role === 'parent' ? TIMINGS.postSignupRedirect : 0;
    const timer = window.setTimeout(() => void leave(created), delay);
    return () => window.clearTimeout(timer);
  }, [created, welcomesGrandparent, leave]);

  const onSubmit = handleSubmit(({ confirm_password: _confirm, ...body }) => {
    signup.mutate(body, {
      onSuccess: (session) => {
        notify.success(SIGNUP_TEXTS.success);
        setCreated(session);
      },
      onError: (error) => notify.error(errorText(error, SCREEN_ERRORS.signup)),
    });
  });

  const roleErrorId = 'signup-role-error';
  const busy = signup.isPending || created !== null;

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        {signup.isError ? <Alert tone="error">{errorText(signup.error, SCREEN_ERRORS.signup)}</Alert> : null}
        {created ? <Alert tone="success">{SIGNUP_TEXTS.success}</Alert> : null}
        {errors.root ? <Alert tone="error">{errors.root.message}</Alert> : null}

        <fieldset>
          <legend className="mb-2 text-base font-semibold">I am a…</legend>
          <div className="grid grid-cols-2 gap-3 mobile:grid-cols-1">
            {ROLE_CHOICES.map(({ role, label, description }) => (
              <label
                key={role}
                className="flex cursor-pointer gap-3 rounded-2xl border-2 border-line-strong bg-paper p-4 transition-colors hover:border-brand/60 has-checked:border-brand has-checked:bg-brand-soft has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-focus"
              >
                <input
                  type="radio"
                  value={role}
                  className="mt-1 size-5 shrink-0 accent-brand focus-visible:outline-none"
                  // The name is the role alone; the sentence below describes it.
                  aria-labelledby={`signup-role-${role}-label`}
                  aria-describedby={`signup-role-${role}-description${errors.role ? ` ${roleErrorId}` : ''}`}
                  aria-invalid={errors.role ? true : undefined}
                  {...register('role')}
                />
                <span>
                  <span id={`signup-role-${role}-label`} className="block font-semibold">
                    {label}
                  </span>
                  <span id={`signup-role-${role}-description`} className="block text-base text-ink-soft">
                    {description}
                  </span>
                </span>
              </label>
            ))}
          </div>
          <FieldError id={roleErrorId} message={errors.role?.message} />
        </fieldset>

        <div className="grid grid-cols-2 gap-4 mobile:grid-cols-1">
          <TextField label="First Name" autoComplete="given-name" error={errors.first_name?.message} {...register('first_name')} />
          <TextField label="Last Name" autoComplete="family-name" error={errors.last_name?.message} {...register('last_name')} />
        </div>
        <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          placeholder={`At least ${PASSWORD_MIN_LENGTH} characters`}
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          error={errors.confirm_password?.message}
          {...register('confirm_password')}
        />
        <Button type="submit" size="lg" disabled={!hydrated || busy}>
          {signup.isPending ? 'Creating Account...' : 'Create Account'}
        </Button>
        <LateStartHint started={hydrated} />
      </form>
      {/* Outside the form: events of a dialog's own form bubble through the React tree. */}
      {created && welcomesGrandparent ? grandparentWelcome(() => void leave(created)) : null}
    </>
  );
}
