import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { KID_AGE_MAX, KID_AGE_MIN } from '@fst/shared/constants';
import { kidBody, type Kid } from '@fst/shared/families/families.schema';
import { FAMILY_PAGE_TEXTS, FAMILY_TEXTS } from '@fst/shared/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useIdempotencyKeys } from '../../../lib/idempotency-key.ts';
import { notify } from '../../../lib/toast.ts';
import { useAddKid } from '../api/add-kid.ts';
import { useUpdateKid } from '../api/update-kid.ts';
import { failureText } from '../failure-text.ts';

const FIELDS = ['first_name', 'age'] as const;

type KidFormModalProps = {
  familyId: string;
  /** The kid to edit (PUT); null to add a kid (POST). */
  kid: Kid | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** Add or edit a kid (spec section 4: add is POST, edit is PUT); first name and age 0–21. */
export function KidFormModal({ familyId, kid, open, onOpenChange }: KidFormModalProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={kid ? `Edit ${kid.first_name}` : 'Add Kid'}>
      {/* Mounted only while open, so every opening starts from the kid's current values. */}
      <KidForm familyId={familyId} kid={kid} onDone={() => onOpenChange(false)} />
    </Modal>
  );
}

function KidForm({ familyId, kid, onDone }: { familyId: string; kid: Kid | null; onDone: () => void }) {
  // React Hook Form's register() must run on every render: not memoised by React Compiler (decision 023).
  'use no memo';
  const add = useAddKid();
  const update = useUpdateKid();
  // A kid added again after an answer lost on the way is added once (the same name and age, the same key).
  const keyFor = useIdempotencyKeys();
  const save = kid ? update : add;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof kidBody>, unknown, z.output<typeof kidBody>>({
    resolver: zodResolver(kidBody),
    defaultValues: { first_name: kid?.first_name ?? '', age: kid ? String(kid.age) : '' },
  });

  const onSubmit = handleSubmit((values) => {
    const options = {
      onSuccess: ({ kid: saved }: { kid: Kid }) => {
        notify.success(kid ? FAMILY_PAGE_TEXTS.kidUpdated(saved.first_name) : FAMILY_PAGE_TEXTS.kidAdded(saved.first_name));
        onDone();
      },
      onError: (error: unknown) => {
        // The server's field messages go under their inputs.
        if (!(error instanceof ApiError) || !error.errors) return;
        for (const field of FIELDS) {
          const messages = error.errors[field];
          if (messages?.length) setError(field, { type: 'server', message: messages.join(' ') });
        }
      },
    };
    if (kid) update.mutate({ familyId, kidId: kid.id, ...values }, options);
    else add.mutate({ familyId, ...values, idempotencyKey: keyFor(values) }, options);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {save.isError ? <Alert tone="error">{failureText(save.error, { failed: FAMILY_TEXTS.kidSaveFailed, network: FAMILY_TEXTS.genericError })}</Alert> : null}
      <TextField label="First Name" autoComplete="off" required error={errors.first_name?.message} {...register('first_name')} />
      <TextField
        label="Age"
        type="number"
        inputMode="numeric"
        min={KID_AGE_MIN}
        max={KID_AGE_MAX}
        step={1}
        required
        hint={`A whole number from ${KID_AGE_MIN} to ${KID_AGE_MAX}`}
        error={errors.age?.message}
        className="max-w-56 mobile:max-w-none"
        {...register('age')}
      />
      <div className="mt-2 flex flex-wrap justify-end gap-3 mobile:flex-col-reverse mobile:items-stretch">
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
          {save.isPending ? 'Saving...' : kid ? 'Save Changes' : 'Add Kid'}
        </Button>
      </div>
    </form>
  );
}
