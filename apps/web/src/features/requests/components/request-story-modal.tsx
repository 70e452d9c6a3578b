import { useState } from 'react';
import type { Book } from '@fst/shared/books/books.schema';
import { BOOK_PICKER_PAGE_SIZE } from '@fst/shared/constants';
import { BOOK_TEXTS, FAMILY_TEXTS, REQUEST_TEXTS, VALIDATION } from '@fst/shared/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { useUnrecordedBooks } from '../api/list-unrecorded-books.ts';
import { useRequestStory } from '../api/request-story.ts';
import { BookChoices, BookSearch } from './book-choices.tsx';

export type RequestReader = { id: string; name: string; first_name: string };
export type RequestKid = { id: string; first_name: string };

type RequestStoryModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  reader: RequestReader | null;
  /** The kids of the family: the child selector. */
  kids: readonly RequestKid[];
};

/**
 * Request a Story from a reader (spec section 2 "Parent modals"): tabs Regular Books and Premium Books
 * with the books the reader has not recorded yet, and a child selector. A premium book must be unlocked
 * first (or the parent on gold); the request itself costs nothing (decisions.md).
 */
export function RequestStoryModal({ open, onOpenChange, reader, kids }: RequestStoryModalProps) {
  return (
    <Modal
      open={open && reader !== null}
      onOpenChange={onOpenChange}
      title={reader ? `Request a Story from ${reader.first_name}` : 'Request a Story'}
      description={reader ? `Choose a child and a book. ${reader.first_name} will see your request and record it.` : undefined}
      size="lg"
    >
      {/* Mounted only while open: every opening starts afresh. */}
      {open && reader ? <RequestStoryForm reader={reader} kids={kids} onDone={() => onOpenChange(false)} /> : null}
    </Modal>
  );
}

type Selection = { book: Book } | null;

function RequestStoryForm({ reader, kids, onDone }: { reader: RequestReader; kids: readonly RequestKid[]; onDone: () => void }) {
  const [kidId, setKidId] = useState(kids.length === 1 ? kids[0]!.id : '');
  const [tab, setTab] = useState<'regular' | 'premium'>('regular');
  const [selection, setSelection] = useState<Selection>(null);
  const [kidError, setKidError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const request = useRequestStory();

  if (kids.length === 0) return <Alert tone="info">{FAMILY_TEXTS.noChildren}</Alert>;

  const submit = () => {
    if (!kidId) {
      setKidError(VALIDATION.selectChildFirst);
      return;
    }
    if (!selection) {
      setFormError(VALIDATION.selectBookAndReader);
      return;
    }
    setKidError(undefined);
    setFormError(undefined);
    request.mutate(
      { kid_id: kidId, book_id: selection.book.id, reader_id: reader.id, type: 'requested', is_premium: selection.book.is_premium },
      {
        onSuccess: () => {
          notify.success(REQUEST_TEXTS.requested(reader.first_name));
          onDone();
        },
        onError: (failure) => notify.error(errorText(failure, BOOK_TEXTS.requestStoryFailed)),
      },
    );
  };

  const select = (book: Book) => {
    setSelection({ book });
    setFormError(undefined);
  };

  return (
    <div className="flex flex-col gap-4">
      <SelectField
        label="Child"
        value={kidId}
        error={kidError}
        onChange={(event) => {
          setKidId(event.target.value);
          if (event.target.value) setKidError(undefined);
        }}
      >
        <option value="">Choose a child</option>
        {kids.map((kid) => (
          <option key={kid.id} value={kid.id}>
            {kid.first_name}
          </option>
        ))}
      </SelectField>
      <Tabs value={tab} onValueChange={(value) => setTab(value as 'regular' | 'premium')}>
        <TabsList aria-label="Book library">
          <TabsTrigger value="regular">Regular Books</TabsTrigger>
          <TabsTrigger value="premium">Premium Books</TabsTrigger>
        </TabsList>
        <TabsContent value="regular">
          <UnrecordedBookList reader={reader} premium={false} selectedId={selection?.book.id} onSelect={select} />
        </TabsContent>
        <TabsContent value="premium">
          <UnrecordedBookList reader={reader} premium selectedId={selection?.book.id} onSelect={select} />
        </TabsContent>
      </Tabs>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      {/* Kept at the foot of the dialog as the book list scrolls: on a laptop's 800 px it was below the fold. */}
      <div className="sticky -bottom-6 z-[1] -mx-6 -mb-6 flex flex-wrap items-center justify-between gap-3 border-t border-line bg-paper px-6 py-4 mobile:-bottom-5 mobile:-mx-5 mobile:-mb-5 mobile:flex-col mobile:items-stretch mobile:px-5">
        <p className="text-base text-ink-soft" aria-live="polite">
          {selection ? (
            <>
              Chosen: <span className="font-semibold text-ink">{selection.book.title}</span>
            </>
          ) : (
            'No book chosen yet'
          )}
        </p>
        <Button onClick={submit} disabled={request.isPending} aria-busy={request.isPending || undefined}>
          {request.isPending ? <Spinner className="size-5 border-white/40 border-t-white" /> : null}
          Request Story
        </Button>
      </div>
    </div>
  );
}

type UnrecordedBookListProps = {
  reader: RequestReader;
  premium: boolean;
  selectedId: string | undefined;
  onSelect: (book: Book) => void;
};

/** One tab's books: those the reader has not recorded yet, 12 a page, searchable. */
function UnrecordedBookList({ reader, premium, selectedId, onSelect }: UnrecordedBookListProps) {
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const books = useUnrecordedBooks({ readerId: reader.id, premium, page, perPage: BOOK_PICKER_PAGE_SIZE, q });
  const emptyText = q ? REQUEST_TEXTS.noBookMatch(q) : premium ? REQUEST_TEXTS.noPremiumBooks : REQUEST_TEXTS.noUnrecordedBooks(reader.first_name);
  return (
    <div className="flex flex-col gap-3">
      <BookSearch
        label={premium ? 'Search premium books by title or author' : 'Search books by title or author'}
        onSearch={(text) => {
          setQ(text);
          setPage(1);
        }}
      />
      <BookChoices
        legend={premium ? 'Premium books' : 'Regular books'}
        books={books.data?.books}
        status={books.isError ? 'error' : books.isPending ? 'pending' : 'success'}
        loadFailedText={premium ? BOOK_TEXTS.premiumLoadFailed : BOOK_TEXTS.fetchFailed}
        onRetry={() => void books.refetch()}
        emptyText={emptyText}
        selectedId={selectedId}
        onSelect={onSelect}
        busy={books.isPlaceholderData}
      />
      {books.data && !books.isError ? (
        <Pagination
          label={premium ? 'Premium book pages' : 'Book pages'}
          page={books.data.pagination.page}
          totalPages={books.data.pagination.total_pages}
          onPageChange={setPage}
          disabled={books.isFetching}
        />
      ) : null}
    </div>
  );
}
