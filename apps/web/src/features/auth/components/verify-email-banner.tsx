import { EMAIL_TEXTS } from '@fst/shared/messages';
import { Button } from '../../../components/ui/button.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { useResendVerification } from '../api/resend-verification.ts';
import { useCurrentUser } from '../current-user.tsx';

/** A gentle reminder on signed-in pages until the account's address is verified (docs/decisions/013). */
export function VerifyEmailBanner() {
  const user = useCurrentUser();
  const resend = useResendVerification();
  if (user.email_verified) return null;
  return (
    <section aria-label="E-mail verification" className="border-b border-line bg-honey-soft px-6 py-3 text-ink mobile:px-4">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3">
        <p className="text-base">{EMAIL_TEXTS.banner(user.email)}</p>
        <Button
          size="sm"
          variant="secondary"
          disabled={resend.isPending}
          onClick={() =>
            resend.mutate(undefined, {
              onSuccess: (answer) => notify.success(answer.message),
              onError: (error) => notify.error(errorText(error, EMAIL_TEXTS.resendFailed)),
            })
          }
        >
          {resend.isPending ? EMAIL_TEXTS.resending : EMAIL_TEXTS.resend}
        </Button>
      </div>
    </section>
  );
}
