import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { dashboardPath } from '@fst/shared/auth/auth.rules';
import { EMAIL_TEXTS, SCREEN_ERRORS } from '@fst/shared/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { LoadingScreen } from '../../../components/ui/spinner.tsx';
import { ApiError, errorText } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/api/auth/get-me.ts';
import { useResendVerification } from '../../../features/auth/api/resend-verification.ts';
import { useVerifyEmail } from '../../../features/auth/api/verify-email.ts';
import { AuthCard } from '../../../features/auth/components/auth-card.tsx';

/** The page of an e-mailed verification link: verified, or why the link cannot be used (docs/decisions/013). */
export default function VerifyEmailRoute() {
  const { token = '' } = useParams();
  const verify = useVerifyEmail();
  const resend = useResendVerification();
  const session = useSession().data;
  // The link is single use: opened once, even when React runs effects twice in development.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    verify.mutate(token);
  }, [token, verify]);

  const expired = verify.error instanceof ApiError && verify.error.serverMessage === EMAIL_TEXTS.linkExpired;
  const onward = session ? (
    <ButtonLink to={dashboardPath(session.user.role)} size="lg">
      {EMAIL_TEXTS.goToDashboard}
    </ButtonLink>
  ) : (
    <ButtonLink to={paths.login} size="lg">
      {EMAIL_TEXTS.goToSignIn}
    </ButtonLink>
  );

  return (
    <>
      <PageTitle title="Verify E-mail" />
      <AuthCard title="Verify your e-mail">
        {verify.isSuccess ? (
          <div className="flex flex-col gap-5">
            <Alert tone="success">{verify.data.message}</Alert>
            {onward}
          </div>
        ) : verify.isError ? (
          <div className="flex flex-col gap-5">
            <Alert tone="error">{errorText(verify.error, SCREEN_ERRORS.unexpected)}</Alert>
            {expired && session && !session.user.email_verified ? (
              <Button
                variant="secondary"
                disabled={resend.isPending || resend.isSuccess}
                onClick={() =>
                  resend.mutate(undefined, {
                    onSuccess: (answer) => notify.success(answer.message),
                    onError: (error) => notify.error(errorText(error, EMAIL_TEXTS.resendFailed)),
                  })
                }
              >
                {resend.isPending ? EMAIL_TEXTS.resending : EMAIL_TEXTS.resend}
              </Button>
            ) : null}
            {onward}
          </div>
        ) : (
          <LoadingScreen label={EMAIL_TEXTS.verifying} />
        )}
      </AuthCard>
    </>
  );
}
