import { useId } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { Recording } from '@fst/shared/recordings/recordings.schema';
import { RECORDING_TEXTS } from '@fst/shared/messages';
import { formatDuration, recordingTypeLabel } from '@fst/shared/recordings/recordings.rules';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { MicIcon } from '../../../components/ui/icons.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { notify } from '../../../lib/toast.ts';
import { sessionUser, useSession } from '../../../lib/api/auth/get-me.ts';
import { familyRecordingsQueryOptions, useFamiliesRecordings } from '../../../lib/api/recordings/get-family-recordings.ts';
import { myRecordingsQueryOptions, useMyRecordings } from '../../../lib/api/recordings/get-my-recordings.ts';
import { prefetchForPage } from '../../../lib/prefetch-for-page.ts';
import { getViewUrl } from '../../../lib/api/recordings/get-view-url.ts';

/** Opens a recording's video in a new tab (spec section 2): the tab opens at once, then goes to the signed link. */
async function openInNewTab(recordingId: string) {
  const tab = window.open('', '_blank');
  try {
    const { url } = await getViewUrl(recordingId);
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else {
      window.location.href = url;
    }
  } catch {
    tab?.close();
    notify.error(RECORDING_TEXTS.videoUnavailable);
  }
}

/** What the section asks for, asked for by a page's loader: the families' recordings, and a reader's own. Never rejects. */
export async function prefetchFamilyRecordings(client: QueryClient): Promise<void> {
  const session = await sessionUser(client);
  if (!session) return;
  await Promise.all([
    ...session.families.map((family) => prefetchForPage(client, familyRecordingsQueryOptions(family.id))),
    session.user.role === 'grandparent' ? prefetchForPage(client, myRecordingsQueryOptions()) : undefined,
  ]);
}

/**
 * The book viewer's Family Recordings list (spec section 2): finished readings of this book from the
 * families' lists and the reader's own recordings; a reading opens in a new tab.
 */
export function FamilyRecordingsSection({ bookId }: { bookId: string }) {
  const headingId = useId();
  const session = useSession();
  const familyIds = (session.data?.families ?? []).map((f) => f.id);
  const lists = useFamiliesRecordings(familyIds);
  const mine = useMyRecordings({ enabled: session.data?.user.role === 'grandparent' });
  const pending = session.isPending || lists.some((l) => l.isPending) || (mine.isPending && mine.fetchStatus !== 'idle');
  const failed = lists.length > 0 && lists.every((l) => l.isError) && !mine.data;

  const byId = new Map<string, Recording>();
  for (const r of [...(mine.data ?? []), ...lists.flatMap((l) => l.data?.recordings ?? [])]) {
    if (r.book_id === bookId && r.processing_status === 'ready') byId.set(r.id, r);
  }
  const recordings = [...byId.values()].sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));

  return (
    <Card>
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="mb-3 text-2xl font-bold">
          Family Recordings
        </h2>
        {pending ? (
          <p role="status" className="flex items-center gap-3 text-ink-soft">
            <Spinner /> Loading recordings…
          </p>
        ) : failed ? (
          <RetryAlert label="Retry" onRetry={() => lists.forEach((l) => void l.refetch())}>
            {RECORDING_TEXTS.loadFailed}
          </RetryAlert>
        ) : recordings.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-2xl bg-cream-deep/60 px-4 py-8 text-center text-ink-soft">
            <MicIcon className="size-8 text-brand" />
            <p>{RECORDING_TEXTS.noReaderRecordings}</p>
          </div>
        ) : (
          <ul aria-label="Family recordings of this book" className="flex flex-col gap-3">
            {recordings.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-cream-deep px-4 py-3">
                <div>
                  <p className="font-semibold">{r.reader_name}</p>
                  <p className="text-base text-ink-soft">
                    {recordingTypeLabel(r.recording_type)} · {formatDuration(r.duration_seconds)}
                    {r.kid_name ? ` · for ${r.kid_name}` : ''}
                  </p>
                </div>
                <Button size="sm" variant="secondary" onClick={() => void openInNewTab(r.id)}>
                  Watch<span className="sr-only"> {r.reader_name}’s reading (opens in a new tab)</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}
