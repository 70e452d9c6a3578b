import { useState, type FormEvent } from 'react';
import { FAMILY_CODE_LENGTH, TIMINGS } from '@fst/shared/constants';
import type { FamilyDetail } from '@fst/shared/families/families.schema';
import { normalizeFamilyCode } from '@fst/shared/families/families.rules';
import { FAMILY_PAGE_TEXTS, FAMILY_TEXTS } from '@fst/shared/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { notify } from '../../../lib/toast.ts';
import { useJoinFamily } from '../api/join-family.ts';
import { failureText } from '../failure-text.ts';
import { RelationshipField } from './relationship-field.tsx';

type EnterCodeFormProps = {
  relationship: string;
  onRelationshipChange: (value: string) => void;
  /** Called once joined; the dialog closes, and the page reloads 1.5 s later (spec section 2). */
  onJoined: (family: FamilyDetail) => void;
};

/** Tab Enter Code: 6 characters, upper-cased as typed; Join is enabled only at 6 (spec section 5). */
export function EnterCodeForm({ relationship, onRelationshipChange, onJoined }: EnterCodeFormProps) {
  const join = useJoinFamily();
  const [code, setCode] = useState('');
  const complete = code.length === FAMILY_CODE_LENGTH;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!complete || join.isPending) return;
    join.mutate(
      { family_code: code, ...(relationship ? { relationship } : {}) },
      {
        onSuccess: ({ family }) => {
          notify.success(FAMILY_PAGE_TEXTS.joined(family.name));
          onJoined(family);
          window.setTimeout(() => window.location.reload(), TIMINGS.joinReload);
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {join.isError ? (
        <Alert tone="error">{failureText(join.error, { failed: FAMILY_TEXTS.joinCodeFailed, network: FAMILY_TEXTS.genericRetry })}</Alert>
      ) : null}
      <TextField
        label="Family Code"
        value={code}
        onChange={(e) => setCode(normalizeFamilyCode(e.target.value).slice(0, FAMILY_CODE_LENGTH))}
        maxLength={FAMILY_CODE_LENGTH}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="ABC234"
        hint={`The ${FAMILY_CODE_LENGTH}-character code a parent in your family shared with you`}
        className="[&_input]:font-mono [&_input]:text-2xl [&_input]:tracking-[0.3em] [&_input]:uppercase"
      />
      <RelationshipField value={relationship} onChange={onRelationshipChange} />
      <Button type="submit" disabled={!complete || join.isPending} aria-busy={join.isPending || undefined}>
        {join.isPending ? 'Joining...' : 'Join Family'}
      </Button>
    </form>
  );
}
