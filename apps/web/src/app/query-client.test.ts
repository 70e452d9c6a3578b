import { expect, test } from 'vitest';
import type { FamilyListItem } from '@fst/shared/families/families.schema';
import { sessionQueryKey, type SessionAnswer } from '../lib/api/auth/get-me.ts';
import { myFamiliesQueryKey } from '../lib/api/families/get-my-families.ts';
import { createQueryClient } from './query-client.ts';

const family = (id: string): FamilyListItem => ({ id, name: `Family ${id}`, family_name: id, my_role: 'parent', member_count: 2, kids_count: 1 });
const signedIn = (families: FamilyListItem[]) => ({ user: { id: 'u1', role: 'parent' }, families }) as unknown as SessionAnswer;

test('the session’s answer fills the family list, which then asks for nothing', async () => {
  const client = createQueryClient();
  await client.fetchQuery({ queryKey: sessionQueryKey, queryFn: () => Promise.resolve(signedIn([family('a'), family('b')])) });
  expect(client.getQueryData(myFamiliesQueryKey)).toEqual({ families: [family('a'), family('b')] });
  let asked = 0;
  const mine = await client.fetchQuery({ queryKey: myFamiliesQueryKey, queryFn: () => ((asked += 1), Promise.resolve({ families: [] })) });
  expect(mine).toEqual({ families: [family('a'), family('b')] });
  expect(asked).toBe(0);
});

test('a family list of its own is kept; no session, or a kid device, fills nothing', async () => {
  const kept = createQueryClient();
  kept.setQueryData(myFamiliesQueryKey, { families: [family('own')] });
  await kept.fetchQuery({ queryKey: sessionQueryKey, queryFn: () => Promise.resolve(signedIn([family('a')])) });
  expect(kept.getQueryData(myFamiliesQueryKey)).toEqual({ families: [family('own')] });

  for (const answer of [null, { device: { id: 'd1', kid_id: 'k1', kid_first_name: 'Mia', family_id: 'f1' } }]) {
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: sessionQueryKey, queryFn: () => Promise.resolve(answer as SessionAnswer | null) });
    expect(client.getQueryData(myFamiliesQueryKey)).toBeUndefined();
  }
});
