import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Kid } from '@fst/shared/families/families.schema';
import { PARENT_DASHBOARD_TEXTS } from '@fst/shared/messages';
import { Button } from '../../../components/ui/button.tsx';
import { MoonIcon } from '../../../components/ui/icons.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { pathTo } from '../../../lib/paths.ts';
import { Avatar } from './avatar.tsx';
import { NoKidsYet } from './no-kids-yet.tsx';

/**
 * The Bedtime Mode button and dialog (decisions.md "Resolved ambiguities"): pick a kid, then their
 * stories open in bedtime mode at `/child/{kidId}?bedtimeMode=true`.
 */
export function BedtimeModeButton({ kids, className = '' }: { kids: readonly Kid[]; className?: string }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  return (
    <>
      <Button variant="night" size="lg" onClick={() => setOpen(true)} className={className}>
        <MoonIcon /> Bedtime Mode
      </Button>
      <Modal open={open} onOpenChange={setOpen} title="Bedtime Mode" description={PARENT_DASHBOARD_TEXTS.bedtimeIntro}>
        {kids.length === 0 ? (
          <NoKidsYet />
        ) : (
          <ul aria-label="Who is going to bed?" className="flex flex-col gap-2">
            {kids.map((kid) => (
              <li key={kid.id}>
                <button
                  type="button"
                  onClick={() => {
                    setOpen(false);
                    void navigate(pathTo.child(kid.id, { bedtimeMode: true }));
                  }}
                  className="flex min-h-14 w-full items-center gap-3 rounded-2xl border-2 border-line bg-paper px-4 py-2 text-left text-lg font-semibold transition-colors hover:border-night hover:bg-night-soft"
                >
                  <Avatar initials={kid.avatar} color={kid.avatarColor} size="sm" />
                  <span className="flex-1">{kid.first_name}</span>
                  <MoonIcon className="text-night" />
                  <span className="sr-only">Start bedtime stories</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Modal>
    </>
  );
}
