/** Helpers of the admin people/ops browser tests: modals, Ionic selects, rows, fresh records via the API. */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { addDays, format } from 'date-fns';
import type { Member, MemberAccount, MemberBody } from '@shared/schemas/admin/members';

/** A name no other test (or earlier run on the same server) uses. */
export const unique = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The open ion-modal whose content holds this text (its content is slotted outside the shadow dialog). */
export const modal = (page: Page, text: string | RegExp) => page.locator('ion-modal').filter({ hasText: text });

/** Opens an ion-select by its label and picks an option from its popover. */
export async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.locator('ion-select').filter({ hasText: label }).click();
  await page.locator('ion-popover').getByRole('radio', { name: option, exact: true }).click();
  await expect(page.locator('ion-popover')).toHaveCount(0);
}

/** The table row headed by this id (the first column). */
export const rowOf = (page: Page, id: number | string) =>
  page.locator('tbody tr').filter({ has: page.getByRole('rowheader', { name: String(id), exact: true }) });

const day = (date: Date) => format(date, 'yyyy-MM-dd');

/**
 * A fresh member made through the API as the logged-in admin (a page shares its cookies). Its
 * membership runs from today for a year, so it trades and logs in whatever day the tests run.
 */
export async function createMember(as: Page | APIRequestContext, over: Partial<MemberBody> = {}): Promise<Member> {
  const name = unique('E2E Member');
  const body: MemberBody = {
    name,
    phone_no: '+919800000000',
    email_id: `${name.replace(/\W+/g, '.').toLowerCase()}@example.com`,
    activation_date: day(new Date()),
    expiry_date: day(addDays(new Date(), 365)),
    ...over,
  };
  const res = await ('request' in as ? as.request : as).put('/api/members', { data: body });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Member;
}

export async function accountsOf(page: Page, memberId: number): Promise<MemberAccount[]> {
  const res = await page.request.get(`/api/admin/members/${memberId}/accounts`);
  expect(res.status()).toBe(200);
  return (await res.json()) as MemberAccount[];
}

/** The JSON body of the next request to `path` with `method`, once sent. */
export function nextRequestBody(page: Page, method: string, path: string | RegExp): Promise<unknown> {
  return page
    .waitForRequest(
      (req) =>
        req.method() === method &&
        (typeof path === 'string' ? new URL(req.url()).pathname === path : path.test(req.url())),
    )
    .then((req) => req.postDataJSON() as unknown);
}
