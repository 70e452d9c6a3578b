import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { DELETION_TEXTS } from '@fst/shared/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { notify } from '../../../lib/toast.ts';
import { useDeleteAccount } from '../api/delete-account.ts';

/** The profile's danger zone: the account goes once DELETE is typed and the password given (docs/decisions/016). */
export function DeleteAccountCard() {
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const ready = typed.trim() === DELETION_TEXTS.confirmWord && password.length > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setFailure(null);
    remove.mutate(
      { password },
      {
        onSuccess: () => {
          notify.success(DELETION_TEXTS.accountDeleted);
          void navigate(paths.home, { replace: true });
        },
        onError: (error) => setFailure(errorText(error, DELETION_TEXTS.accountDeleteFailed)),
      },
    );
  };

  return (
    <Card>
      <section aria-labelledby="delete-account-heading">
        <h2 id="delete-account-heading" className="mb-2 text-2xl font-bold text-danger">
          {DELETION_TEXTS.dangerHeading}
        </h2>
        <p className="mb-5 text-base text-ink-soft">{DELETION_TEXTS.dangerIntro}</p>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <TextField label={DELETION_TEXTS.typeToConfirm} value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" />
          <TextField
            label={DELETION_TEXTS.passwordLabel}
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="current-password"
          />
          {failure ? <Alert tone="error">{failure}</Alert> : null}
          <div>
            <Button type="submit" variant="danger" disabled={!ready || remove.isPending}>
              {remove.isPending ? DELETION_TEXTS.deletingAccount : DELETION_TEXTS.deleteAccount}
            </Button>
          </div>
        </form>
      </section>
    </Card>
  );
}
