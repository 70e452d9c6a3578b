import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { createFamilyBody, type FamilyDetail } from '@fst/shared/families/families.schema';
import { FAMILY_PAGE_TEXTS, FAMILY_TEXTS } from '@fst/shared/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useIdempotencyKeys } from '../../../lib/idempotency-key.ts';
import { notify } from '../../../lib/toast.ts';
import { useCreateFamily } from '../api/create-family.ts';
import { failureText } from '../failure-text.ts';

type CreateFamilyModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (family: FamilyDetail) => void;
};

/** Create Your Family (spec section 2): the parent who creates it becomes its admin. */
export function CreateFamilyModal({ open, onOpenChange, onCreated }: CreateFamilyModalProps) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Create Your Family"
      description="Give your family a name. Then add your kids and invite the grandparents with your family code."
    >
      <CreateFamilyForm onCancel={() => onOpenChange(false)} onCreated={onCreated} />
    </Modal>
  );
}

function CreateFamilyForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (family: FamilyDetail) => void }) {
  // React Hook Form's register() must run on every render: not memoised by React Compiler (decision 023).
  'use no memo';
  const create = useCreateFamily();
  // A family created again after an answer lost on the way is created once (the same name, the same key).
  const keyFor = useIdempotencyKeys();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof createFamilyBody>, unknown, z.output<typeof createFamilyBody>>({
    resolver: zodResolver(createFamilyBody),
    defaultValues: { family_name: '' },
  });

  const onSubmit = handleSubmit((values) =>
    create.mutate(
      { ...values, idempotencyKey: keyFor(values) },
      {
        onSuccess: ({ family }) => {
          notify.success(FAMILY_PAGE_TEXTS.created(family.name));
          onCreated(family);
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {create.isError ? (
        <Alert tone="error">{failureText(create.error, { failed: FAMILY_TEXTS.createFailed, network: FAMILY_TEXTS.createError })}</Alert>
      ) : null}
      <TextField
        label="Family Name"
        placeholder="e.g. The Smiths"
        autoComplete="off"
        required
        error={errors.family_name?.message}
        {...register('family_name')}
      />
      <div className="mt-2 flex flex-wrap justify-end gap-3 mobile:flex-col-reverse mobile:items-stretch">
        <Button variant="secondary" onClick={onCancel} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending} aria-busy={create.isPending || undefined}>
          {create.isPending ? 'Creating...' : 'Create Family'}
        </Button>
      </div>
    </form>
  );
}
