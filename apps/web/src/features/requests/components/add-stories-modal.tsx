import { useId, useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Book } from '@fst/shared/books/books.schema';
import { ADD_STORY_BOOKS_LIMIT } from '@fst/shared/constants';
import { BOOK_TEXTS, FAMILY_TEXTS, REQUEST_TEXTS, VALIDATION } from '@fst/shared/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { SelectField } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/toast.ts';
import { booksQueryOptions } from '../../../lib/api/books/list-books.ts';
import { useRequestStory } from '../api/request-story.ts';
import { BookChoices } from './book-choices.tsx';
import type { RequestKid, RequestReader } from './request-story-modal.tsx';

type AddStoriesModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  kid: RequestKid | null;
  /** The family's readers: who can be asked. */
  readers: readonly RequestReader[] | undefined;
  readersFailed?: boolean;
  /**
   * The Assign Existing Stories tab's content, filled in by the app (it belongs to the recordings
   * feature; docs/decisions/006).
   */
  assignExisting: ReactNode;
};

type AddStoriesTab = 'request' | 'assign';

/**
 * Add Stories for a kid (spec section 2 "Parent modals"): Request New Story puts a book from the library
 * (up to 100 books) in a reader's queue for the kid; Assign Existing Stories gives the kid a story the
 * family already has.
 */
export function AddStoriesModal({ open, onOpenChange, kid, readers, readersFailed = false, assignExisting }: AddStoriesModalProps) {
  const [tab, setTab] = useState<AddStoriesTab>('request');
  return (
    <Modal
      open={open && kid !== null}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setTab('request');
      }}
      title={kid ? `Add Stories for ${kid.first_name}` : 'Add Stories'}
      size="lg"
    >
      {open && kid ? (
        <Tabs value={tab} onValueChange={(value) => setTab(value as AddStoriesTab)}>
          <TabsList aria-label="Ways to add stories" className="mobile:flex-col mobile:rounded-2xl">
            <TabsTrigger value="request">Request New Story</TabsTrigger>
            <TabsTrigger value="assign">Assign Existing Stories</TabsTrigger>
          </TabsList>
          <TabsContent value="request">
            <RequestNewStory kid={kid} readers={readers} readersFailed={readersFailed} onDone={() => onOpenChange(false)} />
          </TabsContent>
          <TabsContent value="assign">{assignExisting}</TabsContent>
        </Tabs>
      ) : null}
    </Modal>
  );
}

type RequestNewStoryProps = {
  kid: RequestKid;
  readers: readonly RequestReader[] | undefined;
  readersFailed: boolean;
  onDone: () => void;
};

/** Picks a reader and one of the first 100 books of the library, and adds it to that reader's queue. */
function RequestNewStory({ kid, readers, readersFailed, onDone }: RequestNewStoryProps) {
  const filterId = useId();
  const [readerId, setReaderId] = useState(readers?.length === 1 ? readers[0]!.id : '');
  const [book, setBook] = useState<Book | null>(null);
  const [filter, setFilter] = useState('');
  const [error, setError] = useState<string | undefined>();
  const books = useQuery(booksQueryOptions({ page: 1, perPage: ADD_STORY_BOOKS_LIMIT }));
  const request = useRequestStory();

  const shown = useMemo(() => {
    const q = filter.trim().toLowerCase();
    const list = books.data?.books ?? [];
    return q ? list.filter((b) => b.title.toLowerCase().includes(q) || b.author.toLowerCase().includes(q)) : list;
  }, [books.data, filter]);

  if (readersFailed) return <Alert tone="error">{BOOK_TEXTS.loadDataFailed}</Alert>;
  if (!readers) {
    return (
      <p role="status" className="flex items-center justify-center gap-3 py-8 text-ink-soft">
        <Spinner /> Loading readers…
      </p>
    );
  }
  if (readers.length === 0) return <Alert tone="info">{FAMILY_TEXTS.noReaders}</Alert>;

  const reader = readers.find((r) => r.id === readerId);
  const submit = () => {
    if (!reader || !book) {
      setError(VALIDATION.selectBookAndReader);
      return;
    }
    setError(undefined);
    request.mutate(
      { kid_id: kid.id, book_id: book.id, reader_id: reader.id, type: 'queue', is_premium: false },
      {
        onSuccess: () => {
          notify.success(REQUEST_TEXTS.queued(reader.first_name));
          onDone();
        },
        onError: (failure) => notify.error(errorText(failure, BOOK_TEXTS.addToQueueFailed)),
      },
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <SelectField
        label="Reader"
        value={readerId}
        onChange={(event) => {
          setReaderId(event.target.value);
          setError(undefined);
        }}
      >
        <option value="">Choose a reader</option>
        {readers.map((r) => (
          <option key={r.id} value={r.id}>
            {r.name}
          </option>
        ))}
      </SelectField>
      <div>
        <label htmlFor={filterId} className="mb-1.5 block text-base font-semibold text-ink">
          Book
        </label>
        <input
          id={filterId}
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          placeholder="Filter by title or author"
          className="mb-3 min-h-11 w-full rounded-xl border-2 border-line-strong bg-paper px-4 text-base text-ink placeholder:text-ink-soft/80 focus:border-focus"
        />
        <BookChoices
          legend="Books"
          books={shown}
          status={books.isError ? 'error' : books.isPending ? 'pending' : 'success'}
          loadFailedText={BOOK_TEXTS.fetchFailed}
          onRetry={() => void books.refetch()}
          emptyText={filter.trim() ? REQUEST_TEXTS.noBookMatch(filter.trim()) : BOOK_TEXTS.noBooks}
          selectedId={book?.id}
          onSelect={(next) => {
            setBook(next);
            setError(undefined);
          }}
        />
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button onClick={submit} disabled={request.isPending} aria-busy={request.isPending || undefined} className="self-end mobile:self-stretch">
        {request.isPending ? <Spinner className="size-5 border-white/40 border-t-white" /> : null}
        Add to Queue
      </Button>
    </div>
  );
}
