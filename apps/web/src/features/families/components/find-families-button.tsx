import { useState } from 'react';
import { lazyPart } from '../../../components/lazy-part.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SearchIcon } from '../../../components/ui/icons.tsx';
import { useEver } from '../../../lib/use-ever.ts';

// The search and its form load when first opened.
const FindFamiliesModal = lazyPart(() => import('./join-family-modal.tsx').then((m) => m.FindFamiliesModal), 'overlay');

export function FindFamiliesButton({ variant = 'secondary' }: { variant?: 'primary' | 'secondary' }) {
  const [open, setOpen] = useState(false);
  const used = useEver(open);
  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)}>
        <SearchIcon /> Find Families
      </Button>
      {used ? <FindFamiliesModal open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}
