import { buildPermissionSet, PERMISSION_KEYS } from '@ghiseu/domain';
import { expect, type Page, test } from '@playwright/test';
import { CREATE_REQUEST, type ResolvedMenuEntry, resolveMenu } from '../apps/web/src/app/layout/menu';
import { currentUser, signIn } from './support/portal';

/**
 * No page is wider than the screen (issue 10, item 8): every page a visitor, a citizen, a design
 * office and the super administrator can open from the menu, at 375×812 (a phone) and 1366×768 (a
 * laptop). A table wider than its box scrolls inside it, never the page, and its row actions stay
 * in view.
 */
test.describe.configure({ timeout: 300_000 });

const PUBLIC_PAGES = [
  '/auth/signin',
  '/auth/signup',
  '/auth/signup/personal',
  '/auth/signup/professional',
  '/auth/forgot-password',
  '/about',
  '/terms',
  '/404',
];
const ACCOUNTS = ['citizen@demo.ghiseu.ro', 'office@demo.ghiseu.ro', 'superadmin@demo.ghiseu.ro'];

/** Every link target of the menu the signed-in user sees (and the create-request button). */
async function menuPaths(page: Page): Promise<string[]> {
  const me = await currentUser(page);
  const known = Object.keys(me.permissions).filter((key) => (PERMISSION_KEYS as string[]).includes(key));
  const user = {
    permissions: buildPermissionSet(me.user_type_name, known),
    user_type_name: me.user_type_name,
    is_organisation_admin: me.is_organisation_admin,
    organisation_id: me.organisation_id,
  };
  const paths = [CREATE_REQUEST.to as string];
  const walk = (entries: ResolvedMenuEntry[]) => {
    for (const entry of entries) {
      if (entry.to) paths.push(entry.to);
      if (entry.children) walk(entry.children);
    }
  };
  for (const section of resolveMenu('default', user)) walk(section.entries);
  return paths;
}

/** How far the page reaches past the right edge of the window, once it has settled (0 = fits). */
async function overflow(page: Page, path: string): Promise<number> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** The row action buttons of the page's tables that are not inside the window. */
function actionsOutOfView(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button[aria-label^="Acțiuni pentru"]')]
      .filter((button) => {
        const box = button.getBoundingClientRect();
        return box.right > window.innerWidth || box.left < 0;
      })
      .map((button) => button.getAttribute('aria-label') ?? ''),
  );
}

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1366, height: 768 },
]) {
  test(`no page is wider than a ${viewport.width} px screen, and row actions stay in view`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const tooWide: string[] = [];
    const hiddenActions: string[] = [];
    const check = async (who: string, path: string) => {
      const excess = await overflow(page, path);
      if (excess > 0) tooWide.push(`${who} ${path}: ${excess} px`);
      hiddenActions.push(...(await actionsOutOfView(page)).map((label) => `${who} ${path}: ${label}`));
    };

    for (const path of PUBLIC_PAGES) await check('vizitator', path);
    const seen = new Set<string>();
    for (const email of ACCOUNTS) {
      await page.context().clearCookies();
      await page.evaluate(() => window.localStorage.clear());
      await signIn(page, email);
      for (const path of await menuPaths(page)) {
        if (seen.has(path)) continue;
        seen.add(path);
        await check(email, path);
      }
    }
    expect(seen.size).toBeGreaterThan(20);
    expect(tooWide).toEqual([]);
    expect(hiddenActions).toEqual([]);
  });
}
