import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import type { loginBody } from '@fst/shared/auth/credentials.schema';
import { afterSignIn } from '@fst/shared/auth/auth.rules';
import { AUTH_TEXTS, SCREEN_ERRORS } from '@fst/shared/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LateStartHint } from '../../../components/ui/late-start-hint.tsx';
import { CheckboxField, TextField } from '../../../components/ui/field.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { paths } from '../../../lib/paths.ts';
import { forgetSessionEnded, sessionEnded } from '../../../lib/session-ended.ts';
import { useLogin } from '../../../lib/api/auth/login.ts';
import { TextLink } from './auth-card.tsx';

// The sign-in page paints without zod; the schema follows at once (lib/lazy-zod-resolver.ts).
const loginValidation = lazyZodResolver(() => import('@fst/shared/auth/credentials.schema').then((m) => m.loginBody));

type LoginValues = z.input<typeof loginBody>;

export function LoginForm() {
  // React Hook Form's register() must run on every render: not memoised by React Compiler (decision 023).
  'use no memo';
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Said on the sign-in page a session that ended while open led to, until someone signs in.
  const [ended] = useState(sessionEnded);
  const login = useLogin();
  const hydrated = useHydrated();
  useEffect(() => loginValidation.preload(), []);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginValues, unknown, z.output<typeof loginBody>>({
    resolver: loginValidation.resolver,
    defaultValues: { email: '', password: '', remember: false },
  });

  const onSubmit = handleSubmit((values) => {
    login.mutate(values, {
      // Spec section 2: a grandparent lands on their dashboard, anyone else on the parent's; a visitor sent
      // here from a page of the app goes back to it.
      onSuccess: (session) => {
        forgetSessionEnded();
        void navigate(afterSignIn(session.user.role, params.get('next')), { replace: true });
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
      {ended && !login.isError ? <Alert tone="info">{AUTH_TEXTS.sessionEnded}</Alert> : null}
      {login.isError ? <Alert tone="error">{errorText(login.error, SCREEN_ERRORS.login)}</Alert> : null}
      {errors.root ? <Alert tone="error">{errors.root.message}</Alert> : null}
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <TextField label="Password" type="password" autoComplete="current-password" error={errors.password?.message} {...register('password')} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CheckboxField label="Remember me" {...register('remember')} />
        <TextLink to={paths.forgotPassword}>Forgot password?</TextLink>
      </div>
      <Button type="submit" size="lg" disabled={!hydrated || login.isPending}>
        {login.isPending ? 'Signing In...' : 'Sign In'}
      </Button>
      <LateStartHint started={hydrated} />
    </form>
  );
}
