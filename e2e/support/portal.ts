import AxeBuilder from '@axe-core/playwright';
import type { CurrentUser, OutboxMessage, UserType } from '@ghiseu/domain';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** Demo accounts seeded with SEED_DEMO=true (all share one password). */
export const DEMO_PASSWORD = 'Ghiseu!2026';
export const DEMO_ACCOUNTS = [
  'citizen@demo.ghiseu.ro',
  'foreigner@demo.ghiseu.ro',
  'company@demo.ghiseu.ro',
  'office@demo.ghiseu.ro',
  'office-editor@demo.ghiseu.ro',
  'staff@demo.ghiseu.ro',
  'admin@demo.ghiseu.ro',
  'superadmin@demo.ghiseu.ro',
  'archiver@demo.ghiseu.ro',
  'consultant@demo.ghiseu.ro',
] as const;

/** Signs in through the sign-in page and waits for /home. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/auth/signin');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('home-greeting')).toBeVisible();
}

export const storedToken = (page: Page): Promise<string | null> => page.evaluate(() => window.localStorage.getItem('token'));

/** `GET /api/users/me` with the page's stored token. */
export async function currentUser(page: Page): Promise<CurrentUser & { user_type_name: UserType }> {
  const token = await storedToken(page);
  const response = await page.request.get('/api/users/me', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: CurrentUser }).data;
}

/** WCAG 2.1 A/AA scan of the current page; returns the violations (expected empty). */
export async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.map((n) => n.target.join(' ')),
  }));
}

/**
 * Closes the toasts on screen: a toast caught by axe in the middle of its fade reads as low
 * contrast, so scans after an action start without them. A toast may close by itself while we
 * reach for it, and queued toasts appear as others close: repeat until none is left.
 */
export async function dismissToasts(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        for (const button of await page.getByRole('button', { name: 'Închideți notificarea' }).all()) {
          await button.click({ timeout: 1_000 }).catch(() => {});
        }
        return page.locator('.mantine-Notification-root').count();
      },
      { timeout: 15_000 },
    )
    .toBe(0);
}

/**
 * WCAG 2.1 AA scan of the current page, after the toasts are gone; expects no violations. The scan
 * is repeated for up to 5 s: a menu or dialog caught in the middle of its closing transition reads
 * as a broken structure for a frame (seen: aria-required-children while a row menu closed), while
 * a real violation stays and still fails.
 */
export async function expectAxeClean(page: Page): Promise<void> {
  await dismissToasts(page);
  await expect.poll(() => axeViolations(page), { timeout: 5_000, intervals: [250, 500, 1_000] }).toEqual([]);
}

/** The `data-testid`s of the menu entries shown in the aside, in order. */
export async function menuEntryIds(page: Page): Promise<string[]> {
  const menu = page.getByTestId('aside-menu');
  await expect(menu).toBeAttached();
  return menu.evaluate((root) =>
    [...root.querySelectorAll<HTMLElement>('[data-testid^="menu-"]')]
      .map((el) => el.dataset.testid ?? '')
      // Entries only: not the section titles, nor the counters of entries and group headers.
      .filter((id) => !/^menu-(section-|counter-|group-counter-)/.test(id))
      .map((id) => id.slice('menu-'.length)),
  );
}

let sequence = 0;

/** An address nobody has used: `prefix-<time>-<n>@example.ro`, so reruns on one database never collide. */
export function uniqueEmail(prefix: string): string {
  sequence++;
  return `${prefix}-${Date.now().toString(36)}-${sequence}${Math.floor(Math.random() * 1000)}@example.ro`;
}

/** `GET /api/dev/outbox?to=`: the e-mails and SMS the portal sent to `to` (newest first). */
export async function outbox(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const response = await request.get('/api/dev/outbox', { params: { to } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: OutboxMessage[] }).data;
}

/**
 * The path and query of the newest e-mailed link to `page` (e.g. '/auth/confirm-email') sent to
 * `to`, waiting for it to arrive.
 */
export async function emailedLink(request: APIRequestContext, to: string, page: string): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"<>]+(${page.replaceAll('/', '\\/')}\\?[^\\s"<>]+)`);
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        for (const message of await outbox(request, to)) {
          const match = pattern.exec(message.text);
          if (match) {
            link = match[1];
            return true;
          }
        }
        return false;
      },
      { message: `an e-mail to ${to} with a link to ${page}`, timeout: 15_000 },
    )
    .toBe(true);
  return link as string;
}

/** Picks `option` in the combobox (a Mantine Select) whose accessible name is `label`. */
export async function chooseByLabel(page: Page, label: string | RegExp, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}
