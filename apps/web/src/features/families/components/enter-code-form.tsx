import { useState, type FormEvent } from 'react';
import { FAMILY_CODE_LENGTH, TIMINGS } from '@fst/shared/constants';
import { formatFamilyCode, normalizeFamilyCode } from '@fst/shared/families/families.rules';
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
  /** Called once joined (the page reloads 1.5 s later, spec section 2) or once the join request is sent. */
  onJoined: () => void;
};

// The code as shown: groups of 3 joined by dashes (KT7-MQX-4PR).
const SHOWN_LENGTH = formatFamilyCode('x'.repeat(FAMILY_CODE_LENGTH)).length;

/**
 * Tab Enter Code: upper-cased and grouped as typed or pasted, spaces and dashes ignored; Join is enabled
 * only at the full code length (spec section 5, with decisions.md "Families" for the length).
 */
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
        onSuccess: (answer) => {
          if (answer.status === 'requested') {
            // A join request: nothing to reload until the family's admin approves.
            notify.success(answer.message);
            onJoined();
            return;
          }
          notify.success(FAMILY_PAGE_TEXTS.joined(answer.family.name));
          onJoined();
          window.setTimeout(() => window.location.reload(), TIMINGS.joinReload);
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {join.isError ? <Alert tone="error">{failureText(join.error, { failed: FAMILY_TEXTS.joinCodeFailed, network: FAMILY_TEXTS.genericRetry })}</Alert> : null}
      <TextField
        label="Family Code"
        value={formatFamilyCode(code)}
        onChange={(e) => setCode(normalizeFamilyCode(e.target.value).slice(0, FAMILY_CODE_LENGTH))}
        // A pasted code with spaces around its groups still fits; what is kept is cut to the code's length.
        maxLength={SHOWN_LENGTH + 8}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="KT7-MQX-4PR"
        hint={`The ${FAMILY_CODE_LENGTH}-character code a parent in your family shared with you, like KT7-MQX-4PR`}
        className="[&_input]:font-mono [&_input]:text-2xl [&_input]:tracking-[0.3em] [&_input]:uppercase"
      />
      <RelationshipField value={relationship} onChange={onRelationshipChange} />
      <Button type="submit" disabled={!complete || join.isPending} aria-busy={join.isPending || undefined}>
        {join.isPending ? 'Joining...' : 'Join Family'}
      </Button>
    </form>
  );
}
