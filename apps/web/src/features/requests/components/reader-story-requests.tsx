import { useId } from 'react';
import type { QueueItem } from '@fst/shared/requests/requests.schema';
import { READER_DASHBOARD_TEXTS } from '@fst/shared/messages';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { MicIcon, SparklesIcon } from '../../../components/ui/icons.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../lib/paths.ts';
import { formatDate } from '../../../lib/view.ts';
import { useReaderQueue } from '../../../lib/api/requests/get-reader-queue.ts';

/**
 * `/record?bookId=…&childId=…&premium=true&requestId=…`: the recorder set for this request (spec section 2
 * routes); a premium request's id lets the reader see the book's pages for it (issue 22).
 */
export function readerRequestRecordPath(item: Pick<QueueItem, 'id' | 'book_id' | 'kid_id' | 'is_premium'>): string {
  const search = new URLSearchParams({ bookId: item.book_id, childId: item.kid_id });
  if (item.is_premium) search.set('premium', 'true');
  if (item.is_premium) search.set('requestId', item.id);
  return `${paths.record}?${search.toString()}`;
}

function RequestRow({ item }: { item: QueueItem }) {
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-2xl bg-cream-deep px-4 py-3">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold break-words">{item.book.title}</span>
          {item.is_premium ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-night-soft px-2.5 py-0.5 text-sm font-bold text-night">
              <SparklesIcon /> Premium
            </span>
          ) : null}
        </p>
        <p className="text-base text-ink-soft">
          For <span className="font-semibold text-ink">{item.kid.name}</span> ({item.kid.family_name})
          {item.requested_by.name ? ` · requested by ${item.requested_by.name}` : ''} ·{' '}
          <time dateTime={item.created_at}>{formatDate(item.created_at, { dateStyle: 'medium' })}</time>
        </p>
      </div>
      <ButtonLink to={readerRequestRecordPath(item)} size="sm" aria-label={`Record ${item.book.title} for ${item.kid.name}`} className="mobile:w-full">
        <MicIcon /> Record
      </ButtonLink>
    </li>
  );
}

function RequestGroup({ title, items, empty }: { title: string; items: QueueItem[]; empty: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h4 id={headingId} className="mb-2 text-lg font-bold">
        {title} ({items.length})
      </h4>
      {items.length === 0 ? (
        <p className="text-ink-soft">{empty}</p>
      ) : (
        <ul aria-labelledby={headingId} className="flex flex-col gap-2">
          {items.map((item) => (
            <RequestRow key={item.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Your Stories' "Story Requests from Parents" (spec section 2 "Reader dashboard"): the pending requests to
 * the reader, split into Premium and Regular, each with a Record action for that book and kid.
 */
export function ReaderStoryRequests() {
  const headingId = useId();
  // A request leaves the queue as soon as its story is sent (the recorder's refreshAfterSend asks again).
  const queue = useReaderQueue();
  const requests = queue.data?.requests ?? [];
  const premium = requests.filter((r) => r.is_premium);
  const regular = requests.filter((r) => !r.is_premium);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h3 id={headingId} className="text-xl font-bold">
        Story Requests from Parents{queue.data ? ` (${requests.length})` : ''}
      </h3>
      {queue.isPending ? (
        <p role="status" className="flex items-center gap-3 text-ink-soft">
          <Spinner /> Loading story requests…
        </p>
      ) : queue.isError ? (
        <RetryAlert label="Retry" onRetry={() => void queue.refetch()}>
          {READER_DASHBOARD_TEXTS.requestsLoadFailed}
        </RetryAlert>
      ) : requests.length === 0 ? (
        <p className="rounded-2xl bg-cream-deep px-4 py-6 text-center text-ink-soft">{READER_DASHBOARD_TEXTS.noRequests}</p>
      ) : (
        <div className="grid grid-cols-2 gap-6 mobile:grid-cols-1">
          <RequestGroup title="Premium" items={premium} empty={READER_DASHBOARD_TEXTS.noPremiumRequests} />
          <RequestGroup title="Regular" items={regular} empty={READER_DASHBOARD_TEXTS.noRegularRequests} />
        </div>
      )}
    </section>
  );
}
