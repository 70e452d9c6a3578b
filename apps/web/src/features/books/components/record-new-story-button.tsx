import { useState } from 'react';
import { useNavigate } from 'react-router';
import { lazyPart } from '../../../components/lazy-part.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { MicIcon, PlusIcon } from '../../../components/ui/icons.tsx';
import { useEver } from '../../../lib/use-ever.ts';
import { recordPath } from './record-path.ts';

// The picker (its libraries and tabs) loads when first opened: the reader dashboard shows one button per kid.
const BookPickerModal = lazyPart(() => import('./book-picker-modal.tsx').then((m) => m.BookPickerModal), 'overlay');

type RecordNewStoryButtonProps = {
  /** For one kid (the reader dashboard's Add Story): the recorder opens with that kid chosen. */
  kid?: { id: string; first_name: string };
  size?: 'sm' | 'md';
};

/**
 * Record New Story (reader dashboard): pick a book in the book picker, then on to the recorder. With a
 * kid it is that kid's Add Story (`/record?bookId=…&childId=…`).
 */
export function RecordNewStoryButton({ kid, size }: RecordNewStoryButtonProps = {}) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  // Mounted from its first opening on, so that closing animates and gives focus back.
  const used = useEver(open);
  return (
    <>
      <Button size={size} onClick={() => setOpen(true)} aria-label={kid ? `Add Story for ${kid.first_name}` : undefined}>
        {kid ? (
          <>
            <PlusIcon /> Add Story
          </>
        ) : (
          <>
            <MicIcon /> Record New Story
          </>
        )}
      </Button>
      {used ? (
        <BookPickerModal
          open={open}
          onOpenChange={setOpen}
          title={kid ? `Choose a Book for ${kid.first_name}` : undefined}
          onSelect={(book) => {
            setOpen(false);
            void navigate(recordPath(book.id, { childId: kid?.id, premium: book.is_premium }));
          }}
        />
      ) : null}
    </>
  );
}
