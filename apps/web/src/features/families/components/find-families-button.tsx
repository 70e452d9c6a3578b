import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { SearchIcon } from '../../../components/ui/icons.tsx';
import { FindFamiliesModal } from './join-family-modal.tsx';

export function FindFamiliesButton({ variant = 'secondary' }: { variant?: 'primary' | 'secondary' }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} onClick={() => setOpen(true)}>
        <SearchIcon /> Find Families
      </Button>
      <FindFamiliesModal open={open} onOpenChange={setOpen} />
    </>
  );
}
