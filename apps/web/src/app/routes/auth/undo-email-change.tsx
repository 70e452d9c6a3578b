import { useParams } from 'react-router';
import { EMAIL_TEXTS } from '@fst/shared/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { useUndoEmailChange } from '../../../features/auth/api/undo-email-change.ts';
import { AuthCard } from '../../../features/auth/components/auth-card.tsx';

/**
 * The page of the undo link sent to the old address. The change is undone by a press of the button, not on
 * arrival: a mail scanner that opens links must not sign the account out.
 */
export default function UndoEmailChangeRoute() {
  const { token = '' } = useParams();
  const undo = useUndoEmailChange();
  return (
    <>
      <PageTitle title={EMAIL_TEXTS.undoTitle} />
      <AuthCard title={EMAIL_TEXTS.undoTitle}>
        {undo.isSuccess ? (
          <div className="flex flex-col gap-5">
            <Alert tone="success">{undo.data.message}</Alert>
            <ButtonLink to={paths.login} size="lg">
              {EMAIL_TEXTS.goToSignIn}
            </ButtonLink>
          </div>
        ) : (
          <div className="flex flex-col gap-5">
            {undo.isError ? <Alert tone="error">{errorText(undo.error, EMAIL_TEXTS.undoFailed)}</Alert> : null}
            <p className="text-base text-ink-soft">{EMAIL_TEXTS.undoIntro}</p>
            <Button size="lg" disabled={undo.isPending} onClick={() => undo.mutate(token)}>
              {undo.isPending ? EMAIL_TEXTS.undoing : EMAIL_TEXTS.undoButton}
            </Button>
          </div>
        )}
      </AuthCard>
    </>
  );
}
