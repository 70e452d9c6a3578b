import { createAdmin, test } from './fixtures.ts';

// Before every journey (the projects depend on this one): with more than one worker (E2E_WORKERS), two journeys
// making the admin at once would each send a verification link that voids the other's.
test('the site admin has an account with a verified address', async ({ request }) => {
  await createAdmin(request);
});
