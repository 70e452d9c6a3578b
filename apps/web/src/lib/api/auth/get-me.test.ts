import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { expect, test } from 'vitest';
import { refreshSession, sessionQueryKey, storeSession, type SessionAnswer } from './get-me.ts';

const answer = (emailVerified: boolean) => ({ user: { email_verified: emailVerified } }) as unknown as SessionAnswer;

/** A session query whose first check is answered (unverified) but delivered only when `deliver` is called. */
function slowFirstCheck() {
  const client = new QueryClient();
  let deliver = () => {};
  let calls = 0;
  const observer = new QueryObserver(client, {
    queryKey: sessionQueryKey,
    queryFn: () => {
      calls += 1;
      if (calls === 1) return new Promise<SessionAnswer>((resolve) => (deliver = () => resolve(answer(false))));
      return Promise.resolve(answer(true));
    },
  });
  const unsubscribe = observer.subscribe(() => {});
  return { client, observer, unsubscribe, deliver: () => deliver() };
}

test('a refresh during the first session check is not answered by that older check', async () => {
  const { client, observer, unsubscribe, deliver } = slowFirstCheck();
  const refreshed = refreshSession(client);
  deliver();
  await refreshed;
  await expect.poll(() => observer.getCurrentResult().data).toEqual(answer(true));
  unsubscribe();
});

test('a stored session is not overwritten by a check that was under way', async () => {
  const { client, unsubscribe, deliver } = slowFirstCheck();
  await storeSession(client, answer(true));
  deliver();
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(client.getQueryData(sessionQueryKey)).toEqual(answer(true));
  unsubscribe();
});
