import { useQueries, useQuery, type QueryClient } from '@tanstack/react-query';
import { recordableKids, type ChoosableKid } from '@fst/shared/recordings/recordings.rules';
import { familyQueryOptions } from '../../../lib/api/families/get-family.ts';
import { myFamiliesQueryOptions } from '../../../lib/api/families/get-my-families.ts';
import { prefetchForPage } from '../../../lib/prefetch-for-page.ts';

export type RecordableKids = { status: 'pending' } | { status: 'error'; retry: () => void } | { status: 'success'; kids: ChoosableKid[] };

/**
 * The kids the signed-in reader may record for (decisions.md "Recordings and media"): GET
 * /api/family/my-families, then GET /api/family/{id} of every family where the user is a reader.
 */
export function useRecordableKids(): RecordableKids {
  const mine = useQuery(myFamiliesQueryOptions());
  const readerFamilies = (mine.data?.families ?? []).filter((f) => f.my_role === 'reader');
  const details = useQueries({ queries: readerFamilies.map((f) => familyQueryOptions(f.id)) });
  if (mine.isError || details.some((d) => d.isError)) {
    return {
      status: 'error',
      retry: () => {
        void mine.refetch();
        for (const d of details) if (d.isError) void d.refetch();
      },
    };
  }
  if (mine.isPending || details.some((d) => d.isPending)) return { status: 'pending' };
  return { status: 'success', kids: recordableKids(details.flatMap((d) => (d.data ? [d.data.family] : []))) };
}

/** Asks for what `useRecordableKids` reads, for a page's loader (app/lazy-page.tsx); settles once it is in. */
export async function prefetchRecordableKids(client: QueryClient): Promise<void> {
  const mine = await prefetchForPage(client, myFamiliesQueryOptions());
  const readerFamilies = (mine?.families ?? []).filter((f) => f.my_role === 'reader');
  await Promise.all(readerFamilies.map((f) => prefetchForPage(client, familyQueryOptions(f.id))));
}
