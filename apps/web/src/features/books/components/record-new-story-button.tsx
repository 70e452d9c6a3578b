import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { MicIcon, PlusIcon } from '../../../components/ui/icons.tsx';
import { BookPickerModal } from './book-picker-modal.tsx';
import { recordPath } from './record-path.ts';

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
      <BookPickerModal
        open={open}
        onOpenChange={setOpen}
        title={kid ? `Choose a Book for ${kid.first_name}` : undefined}
        onSelect={(book) => {
          setOpen(false);
          void navigate(recordPath(book.id, { childId: kid?.id, premium: book.is_premium }));
        }}
      />
    </>
  );
}
