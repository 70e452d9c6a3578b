import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { FAMILY_CONTROL_TEXTS, FAMILY_SERVER_MESSAGES } from '@fst/shared/messages';
import { createAccount, expect, expectAccessible, newAccount, signIn, test, type Account } from './fixtures.ts';

// Issue 25's family controls (docs/decisions/012): take a reader's access back, make a new code, approve code joins.
test.describe.configure({ timeout: 240_000 });
test.use({ contextOptions: { reducedMotion: 'reduce' } });

type Playwright = { request: { newContext(o: { baseURL?: string }): Promise<APIRequestContext> } };

/** A parent with a family and a kid, signed in on `page` (its request context shares the page's cookies). */
async function parentFamily(page: Page) {
  const parent = await createAccount(page.request, newAccount('parent', { first_name: 'Paula', last_name: 'Admin' }));
  const familyName = `The Keepers ${randomBytes(3).toString('hex')}`;
  const created = await page.request.post('/api/family/create', { data: { family_name: familyName } });
  expect(created.status(), await created.text()).toBe(201);
  const family = ((await created.json()) as { family: { id: string; family_code: string } }).family;
  expect((await page.request.post(`/api/family/${family.id}/kids`, { data: { first_name: 'Mia', age: 4 } })).status()).toBe(201);
  return { parent, familyName, familyId: family.id, code: family.family_code };
}

/** A grandparent account in its own API context, joined by code. */
async function readerJoined(playwright: Playwright, baseURL: string | undefined, code: string, firstName: string) {
  const api = await playwright.request.newContext({ baseURL });
  const account = await createAccount(api, newAccount('grandparent', { first_name: firstName, last_name: 'Reader' }));
  const joined = await api.post('/api/family/join', { data: { family_code: code, relationship: 'Grandma' } });
  expect(joined.status(), await joined.text()).toBe(200);
  return { api, account };
}

async function signInElsewhere(browser: { newContext(): Promise<{ newPage(): Promise<Page> }> }, account: Account) {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, account);
  return page;
}

const codeShown = (page: Page) => page.getByRole('region', { name: 'Family Code' }).locator('p.font-mono span[aria-hidden]');

test('an admin removes a reader, who then sees the family gone from their dashboard', async ({ page, browser, playwright, baseURL }) => {
  const { familyName, code } = await parentFamily(page);
  const { account: rose } = await readerJoined(playwright, baseURL, code, 'Rose');
  const readerPage = await signInElsewhere(browser, rose);
  const kidsYouReadTo = readerPage.getByRole('region', { name: 'Kids You Read To' });
  await expect(kidsYouReadTo.getByRole('heading', { name: familyName })).toBeVisible();

  await page.goto('/family');
  const members = page.getByRole('region', { name: FAMILY_CONTROL_TEXTS.membersHeading });
  await expect(members.getByRole('listitem')).toHaveText([/Paula Admin\s*\(you\)\s*Admin/, /Rose Reader\s*Reader · Grandma/]);
  await members.getByRole('button', { name: 'Remove Rose Reader' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove Rose Reader?' });
  await expect(confirm).toContainText('We will e-mail them that they no longer have access.');
  await expectAccessible(page);
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(FAMILY_CONTROL_TEXTS.removed('Rose Reader'))).toBeVisible();
  await expect(members.getByRole('listitem')).toHaveText([/Paula Admin/]);
  const activity = page.getByRole('region', { name: 'Activity' });
  await expect(activity.getByRole('listitem').first()).toContainText('Paula Admin removed Rose Reader');

  await readerPage.reload();
  await expect(readerPage.getByRole('region', { name: 'Kids You Read To' }).getByRole('heading', { name: familyName })).toBeHidden();
});

async function enterCode(page: Page, code: string) {
  await page.getByRole('button', { name: 'Find Families' }).first().click();
  const find = page.getByRole('dialog', { name: 'Find Families' });
  await find.getByRole('tab', { name: 'Enter Code' }).click();
  await find.getByLabel('Family Code').fill(code);
  await find.getByRole('button', { name: 'Join Family' }).click();
  return find;
}

test('an admin makes a new code, and the old one is refused', async ({ page, browser, playwright, baseURL }) => {
  const { code: oldCode } = await parentFamily(page);
  await page.goto('/family');
  await expect(codeShown(page)).toHaveText(oldCode);
  await page.getByRole('button', { name: FAMILY_CONTROL_TEXTS.newCode }).click();
  const confirm = page.getByRole('alertdialog', { name: FAMILY_CONTROL_TEXTS.newCodeTitle });
  await confirm.getByRole('button', { name: FAMILY_CONTROL_TEXTS.newCode }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(FAMILY_CONTROL_TEXTS.newCodeMade)).toBeVisible();
  await expect(codeShown(page)).not.toHaveText(oldCode);
  const newCode = (await codeShown(page).innerText()).trim();
  expect(newCode).toMatch(/^[A-Z2-9]{3}-[A-Z2-9]{3}-[A-Z2-9]{3}$/);

  const api = await playwright.request.newContext({ baseURL });
  const gran = await createAccount(api, newAccount('grandparent', { first_name: 'Gwen' }));
  const granPage = await signInElsewhere(browser, gran);
  const find = await enterCode(granPage, oldCode);
  await expect(find.getByText(FAMILY_SERVER_MESSAGES.codeUnknown)).toBeVisible();
  await find.getByLabel('Family Code').fill(newCode);
  await find.getByRole('button', { name: 'Join Family' }).click();
  await expect(find).toBeHidden();
});

test('an admin turns on approval, and approves a code join', async ({ page, browser, playwright, baseURL }) => {
  const { familyName, code } = await parentFamily(page);
  await page.goto('/family');
  const approval = page.getByRole('switch', { name: FAMILY_CONTROL_TEXTS.approvalLabel });
  await expect(approval).not.toBeChecked();
  await approval.click();
  await expect(page.getByText(FAMILY_CONTROL_TEXTS.approvalOn)).toBeVisible();
  await expect(approval).toBeChecked();
  await expectAccessible(page);

  const api = await playwright.request.newContext({ baseURL });
  const gran = await createAccount(api, newAccount('grandparent', { first_name: 'Hazel', last_name: 'Reader' }));
  const granPage = await signInElsewhere(browser, gran);
  const find = await enterCode(granPage, code);
  await expect(find).toBeHidden();
  await expect(granPage.getByText(FAMILY_SERVER_MESSAGES.codeJoinRequested(familyName))).toBeVisible();

  await page.goto('/parent-dashboard');
  await page.getByRole('button', { name: 'Join requests, 1 pending' }).click();
  const requests = page.getByRole('dialog', { name: 'Join Requests' });
  await requests.getByRole('button', { name: 'Approve Hazel Reader' }).click();
  await expect(requests.getByText('No pending join requests')).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/family');
  const activity = page.getByRole('region', { name: 'Activity' });
  await expect(activity.getByRole('listitem').first()).toContainText("Paula Admin approved Hazel Reader's request to join");
  await expect(activity).toContainText('Hazel Reader asked to join');

  await granPage.reload();
  await expect(granPage.getByRole('region', { name: 'Kids You Read To' }).getByRole('heading', { name: familyName })).toBeVisible();
});
