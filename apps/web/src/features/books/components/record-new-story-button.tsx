import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { MicIcon } from '../../../components/ui/icons.tsx';
import { BookPickerModal } from './book-picker-modal.tsx';
import { recordPath } from './record-path.ts';

/** Record New Story (reader dashboard): pick a book in the book picker, then on to the recorder. */
export function RecordNewStoryButton() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <MicIcon /> Record New Story
      </Button>
      <BookPickerModal
        open={open}
        onOpenChange={setOpen}
        onSelect={(book) => {
          setOpen(false);
          navigate(recordPath(book.id, { premium: book.is_premium }));
        }}
      />
    </>
  );
}
