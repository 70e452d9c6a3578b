import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { KeyIcon } from '../../../components/ui/icons.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { CopyCodeButton } from './copy-code-button.tsx';

const SHARE_HINT = 'Grandparents and caregivers enter this code under “Join Your Family” to join.';

/** The code in large letters; screen readers spell it out letter by letter, group by group. */
function CodeLetters({ code }: { code: string }) {
  return (
    <p className="font-mono text-3xl font-bold tracking-[0.3em] text-ink mobile:text-2xl">
      <span aria-hidden="true">{code}</span>
      <span className="sr-only">
        {code
          .split('-')
          .map((group) => group.split('').join(' '))
          .join(', ')}
      </span>
    </p>
  );
}

/** The invite-code card of the family page (family admin only), with the code's controls below it. */
export function InviteCodeCard({ code, children }: { code: string; children?: ReactNode }) {
  return (
    <Card>
      <section aria-labelledby="invite-code-heading" className="flex flex-wrap items-center justify-between gap-4">
        <div className="min-w-0">
          <h2 id="invite-code-heading" className="mb-1 text-2xl font-bold">
            Family Code
          </h2>
          <p className="mb-3 text-base text-ink-soft">{SHARE_HINT}</p>
          <CodeLetters code={code} />
        </div>
        <CopyCodeButton code={code} />
      </section>
      {children}
    </Card>
  );
}

/** "View Family Code": the code in a dialog, for sharing it from anywhere on the page. */
export function ViewFamilyCodeButton({ code, familyName }: { code: string; familyName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        <KeyIcon /> View Family Code
      </Button>
      <Modal open={open} onOpenChange={setOpen} title="Family Code" description={`The code to join ${familyName}. ${SHARE_HINT}`}>
        <div className="flex flex-wrap items-center justify-between gap-4 rounded-2xl bg-cream-deep px-5 py-4">
          <CodeLetters code={code} />
          <CopyCodeButton code={code} />
        </div>
      </Modal>
    </>
  );
}
