import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DEVICE_TEXTS } from '@fst/shared/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { login } from '../../../lib/api/auth/login.ts';
import { sessionQueryKey, storeSession } from '../../../lib/api/auth/get-me.ts';
import { markKidDevice } from '../kid-device-mark.ts';

/**
 * **Leave kid mode**: a parent of the family signs in on the device (the server ends the pairing, decision
 * 015). Sent without the app's mutation cache, whose 401 handling would take a wrong password for the end of
 * the device's session.
 */
export function LeaveKidMode() {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [state, setState] = useState<{ busy: boolean; error: unknown }>({ busy: false, error: null });
  const queryClient = useQueryClient();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState({ busy: true, error: null });
    try {
      const session = await login({ email, password, remember: false });
      markKidDevice(false);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
      // The app's guards take the parent to their dashboard.
      await storeSession(queryClient, session);
    } catch (error) {
      setState({ busy: false, error });
    }
  };

  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        {DEVICE_TEXTS.leaveKidMode}
      </Button>
      <Modal open={open} onOpenChange={setOpen} title={DEVICE_TEXTS.leaveTitle} description={DEVICE_TEXTS.leaveIntro}>
        <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
          {state.error ? <Alert tone="error">{errorText(state.error, 'Signing in did not work. Try again.')}</Alert> : null}
          <TextField label="Email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />
          <TextField label="Password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          <Button type="submit" disabled={state.busy}>
            {state.busy ? DEVICE_TEXTS.leaving : DEVICE_TEXTS.leave}
          </Button>
        </form>
      </Modal>
    </>
  );
}
