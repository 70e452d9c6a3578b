import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { DEVICE_TEXTS } from '@fst/shared/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { ApiError, errorText } from '../../../lib/api-client.ts';
import { pathTo } from '../../../lib/paths.ts';
import { usePairDevice } from '../api/devices-api.ts';

/** `/pair` (and `/pair?code=…` from the QR code): the code a parent shows and a name sign this browser in as the kid's device. */
export function PairForm() {
  const [params] = useSearchParams();
  const [code, setCode] = useState(params.get('code') ?? '');
  const [name, setName] = useState('');
  const pair = usePairDevice();
  const navigate = useNavigate();
  const fieldErrors = pair.error instanceof ApiError ? pair.error.errors : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    pair.mutate({ code, device_name: name }, { onSuccess: ({ device }) => void navigate(pathTo.child(device.kid_id), { replace: true }) });
  };

  return (
    <form onSubmit={submit} noValidate className="mt-6 flex flex-col gap-5">
      {pair.isError && !fieldErrors ? <Alert tone="error">{errorText(pair.error, DEVICE_TEXTS.pairFailed)}</Alert> : null}
      <TextField
        label={DEVICE_TEXTS.codeLabel}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        className="font-mono tracking-[0.2em] uppercase"
        error={fieldErrors?.code?.[0]}
      />
      <TextField
        label={DEVICE_TEXTS.deviceNameLabel}
        value={name}
        onChange={(e) => setName(e.target.value)}
        placeholder={DEVICE_TEXTS.deviceNamePlaceholder}
        autoComplete="off"
        error={fieldErrors?.device_name?.[0]}
      />
      <Button type="submit" size="lg" disabled={pair.isPending}>
        {pair.isPending ? DEVICE_TEXTS.pairing : DEVICE_TEXTS.pair}
      </Button>
    </form>
  );
}
