import { buildPermissionSet, hasAnyPermission, PERMISSION_KEYS, ROLE_GRANTS } from '@ghiseu/domain';
import { expect, test } from '@playwright/test';
import { visibleMenuIds } from '../apps/web/src/app/layout/menu';
import { axeViolations, currentUser, DEMO_ACCOUNTS, menuEntryIds, signIn, storedToken } from './support/portal';

test.describe('app shell', () => {
  test('a visitor is sent to sign-in', async ({ page }) => {
    await page.goto('/applications');
    await expect(page).toHaveURL(/\/auth\/signin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Autentificare' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Meniu principal' })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
  });

  for (const email of DEMO_ACCOUNTS) {
    test(`${email} sees exactly the menu its permissions allow`, async ({ page }) => {
      await signIn(page, email);
      const me = await currentUser(page);
      // The server honours the grants of the role; functions may add more.
      for (const key of ROLE_GRANTS[me.user_type_name]) expect(me.permissions, key).toHaveProperty(key, true);
      const known = Object.keys(me.permissions).filter((key) => (PERMISSION_KEYS as string[]).includes(key));
      const expected = visibleMenuIds('default', {
        permissions: buildPermissionSet(me.user_type_name, known),
        user_type_name: me.user_type_name,
        is_organisation_admin: me.is_organisation_admin,
        organisation_id: me.organisation_id,
      });
      // The entries of a collapsed group (e.g. the general registry's beneficiaries) render a
      // moment after the menu itself: wait for the menu to settle rather than read it once.
      await expect.poll(() => menuEntryIds(page)).toEqual(expected);
    });
  }

  test('a route without permission goes home', async ({ page }) => {
    await signIn(page, 'citizen@demo.ghiseu.ro');
    const me = await currentUser(page);
    const gated = [
      { path: '/system-settings', permissions: ['systemSettingsRead'] },
      { path: '/controls', permissions: ['controlRead'] },
      { path: '/applications-inbox', permissions: ['applicationsStaffOwnRead'] },
    ] as const;
    for (const route of gated) {
      expect(hasAnyPermission(me.permissions, route.permissions)).toBe(false);
      await page.goto(route.path);
      await expect(page).toHaveURL(/\/home$/);
    }
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    await page.goto('/pagina-care-nu-exista');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Pagina nu a fost găsită' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the about page shows the data attributions', async ({ page }) => {
    await page.goto('/about');
    const list = page.getByTestId('about-attributions');
    await expect(list).toContainText('Sursa: INS – nomenclatorul SIRUTA');
    await expect(list).toContainText('Limite UAT: ANCPI, prelucrare geo-spatial.org; CC BY-SA 4.0 (date simplificate)');
    await expect(page.getByTestId('app-footer')).toContainText(String(new Date().getFullYear()));
    expect(await axeViolations(page)).toEqual([]);
  });

  test('home greets the user and passes axe', async ({ page }) => {
    await signIn(page, 'staff@demo.ghiseu.ro');
    const me = await currentUser(page);
    await expect(page.getByTestId('home-greeting')).toContainText(me.first_name ?? me.email);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the domains page shows each domain with its application types and opens the wizard', async ({ page }) => {
    await signIn(page, 'citizen@demo.ghiseu.ro');
    await page.goto('/domains');
    await expect(page.getByRole('heading', { level: 1, name: 'Domenii' })).toBeVisible();
    // The demo data offer urbanism types; a domain without types is not a link.
    await expect(page.getByTestId('domain-count-urbanism')).toContainText(/tip/);
    await expect(page.getByTestId('domain-tourism').getByRole('link')).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByTestId('domain-urbanism').getByRole('link').click();
    await expect(page).toHaveURL(/\/application\/new\?domain=urbanism$/);
  });

  test('an expired session opens the login modal on the next API call, and signing in again keeps the page', async ({ page }) => {
    await signIn(page, 'citizen@demo.ghiseu.ro');
    const token = await storedToken(page);
    const response = await page.request.post('/api/token-invalidate-requests', {
      data: { token },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status()).toBe(204);
    // Coming back to the window re-checks the session (GET /api/users/me).
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    const modal = page.getByRole('dialog', { name: 'Sesiunea a expirat' });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('link', { name: 'Creați un cont' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(modal).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await modal.getByTestId('login-email').fill('citizen@demo.ghiseu.ro');
    await modal.getByTestId('login-password').fill('Ghiseu!2026');
    await modal.getByTestId('login-submit').click();
    await expect(modal).toBeHidden();
    await expect(page).toHaveURL(/\/home$/);
    expect(await storedToken(page)).not.toBe(token);
  });

  test('logout asks first, then clears the session and shows sign-in', async ({ page }) => {
    await signIn(page, 'citizen@demo.ghiseu.ro');
    await page.getByTestId('user-menu').click();
    await page.getByTestId('user-menu-logout').click();
    await page.getByRole('button', { name: 'Da' }).click();
    await expect(page).toHaveURL(/\/auth\/signin$/);
    expect(await storedToken(page)).toBeNull();
    await page.goto('/home');
    await expect(page).toHaveURL(/\/auth\/signin$/);
  });
});
