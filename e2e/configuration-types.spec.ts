import { expect, test } from '@playwright/test';
import { chooseOption, rowAction } from './support/administration';
import { dismissToasts, expectAxeClean, signIn } from './support/portal';
import { PNG_1x1 } from './support/files';

/**
 * Configuration of application types and document series (spec §2 /application-type,
 * /document-series-type, §3, §5): the super administrator creates a series type and a series
 * whose index only moves forward, then an application type numbered by the incoming series; an
 * organisation's administrator reaches only its own series.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const run = Date.now().toString(36);
const SERIES_TYPES = 'Lista tipurilor de serii';
const SERIES = 'Lista seriilor de documente';
const TYPES = 'Lista tipurilor de cereri';
const INDEX_RULE = 'Indexul nu poate fi mai mic decât valoarea curentă.';

test('series: a new type, a series for the county council from index 41, no going back', async ({ page }) => {
  await signIn(page, 'superadmin@demo.ghiseu.ro');
  await page.getByTestId('menu-documentSeriesTypes').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tipuri de serii de documente' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Tipuri de serii' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('table', { name: SERIES_TYPES })).toContainText('Intrări');
  await expectAxeClean(page);

  const typeName = `Tip serie ${run}`;
  await page.getByTestId('series-type-create').click();
  const typeDialog = page.getByRole('dialog', { name: 'Tip de serie nou' });
  await page.getByTestId('series-type-name').fill(typeName);
  await expectAxeClean(page);
  await page.getByTestId('series-type-submit').click();
  await expect(page.getByText(`Tipul de serie „${typeName}” a fost creat.`)).toBeVisible();
  await expect(typeDialog).toBeHidden();
  await expect(page.getByRole('table', { name: SERIES_TYPES })).toContainText(typeName);

  await page.getByRole('tab', { name: 'Serii de documente' }).click();
  await expect(page).toHaveURL(/tab=series/);
  await expect(page.getByRole('table', { name: SERIES })).toContainText('Registratură CJ Mureș');
  await expectAxeClean(page);

  const seriesName = `Registru ${run}`;
  const prefix = `T${run}`.toUpperCase();
  await page.getByTestId('series-create').click();
  const dialog = page.getByRole('dialog', { name: 'Serie de documente nouă' });
  await chooseOption(page, 'series-type-id', typeName, run);
  await chooseOption(page, 'series-organisation-id', 'Consiliul Județean Mureș', 'Consiliul Județean Mureș');
  await page.getByTestId('series-name').fill(seriesName);
  await page.getByTestId('series-prefix').fill(prefix);
  await page.getByTestId('series-current-index').fill('41');
  await expect(dialog.getByTestId('series-preview')).toContainText(`${prefix}/42/`);
  await expectAxeClean(page);
  await page.getByTestId('series-submit').click();
  await expect(page.getByText(`Seria „${seriesName}” a fost creată.`)).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('searchbox', { name: 'Căutați după denumire sau prefix' }).fill(run);
  const row = page.getByRole('table', { name: SERIES }).getByRole('row').filter({ hasText: seriesName });
  await expect(row).toContainText(new RegExp(`${prefix}/42/\\d{4}`));
  await expect(row).toContainText('Consiliul Județean Mureș');

  // The index only moves forward: the form refuses 40 with the rule of spec §5.
  await rowAction(page, SERIES, seriesName, 'Modificați');
  const edit = page.getByRole('dialog', { name: 'Modificare serie de documente' });
  await page.getByTestId('series-current-index').fill('40');
  await page.getByTestId('series-submit').click();
  await expect(edit.locator('#series-current-index-error')).toHaveText(INDEX_RULE);
  await expectAxeClean(page);
  await edit.getByRole('button', { name: 'Renunțați' }).click();
  await expect(edit).toBeHidden();
});

test('application types: create with the published form and the incoming series, toggle, edit', async ({ page }) => {
  await signIn(page, 'superadmin@demo.ghiseu.ro');
  await page.getByTestId('menu-applicationTypes').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tipuri de cereri' })).toBeVisible();
  await expect(page.getByRole('table', { name: TYPES })).toContainText('Certificat de urbanism');
  await expectAxeClean(page);

  const name = `Tip test ${run}${Math.random().toString(36).slice(2, 5)}`;
  await page.getByTestId('at-create').click();
  const dialog = page.getByRole('dialog', { name: 'Tip de cerere nou' });
  await expect(dialog).toBeVisible();
  await page.getByTestId('at-name').fill(name);
  await chooseOption(page, 'at-organisation', 'Consiliul Județean Mureș', 'Consiliul Județean Mureș');
  await chooseOption(
    page,
    'at-citizen-form',
    /^Cerere pentru emiterea certificatului de urbanism \(v\d+\)$/,
    'certificatului de urbanism',
  );
  await chooseOption(page, 'at-series-incoming', /^Intrări$/);
  await page.getByTestId('at-period').fill('30');
  await expect(dialog.getByText(/Seria de intrare dă numărul de înregistrare/)).toBeVisible();
  await expectAxeClean(page);
  await page.getByTestId('at-submit').click();
  await expect(page.getByText(`Tipul de cerere „${name}” a fost creat.`)).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('searchbox', { name: 'Căutați după denumire' }).fill(name);
  const row = page.getByRole('table', { name: TYPES }).getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Cerere pentru emiterea certificatului de urbanism');
  await expect(row).toContainText('30 de zile');

  const toggle = row.getByRole('switch', { name: `Tip de cerere activ: ${name}` });
  await toggle.click({ force: true });
  await expect(page.getByText(`Tipul de cerere „${name}” a fost dezactivat.`)).toBeVisible();
  await expect(row).toContainText('Inactiv');
  await dismissToasts(page);
  await toggle.click({ force: true });
  await expect(page.getByText(`Tipul de cerere „${name}” a fost activat.`)).toBeVisible();
  await expect(row).toContainText('Activ');

  await rowAction(page, TYPES, name, 'Modificați');
  const edit = page.getByRole('dialog', { name: 'Modificare tip de cerere' });
  await page.getByTestId('at-period').fill('45');
  // A sealed type with its own seal image.
  await edit.getByRole('switch', { name: 'Sigiliu electronic pe documentul emis' }).click({ force: true });
  await page
    .getByTestId('at-seal')
    .locator('input[type="file"]')
    .setInputFiles({ name: 'sigiliu.png', mimeType: 'image/png', buffer: PNG_1x1 });
  await expect(page.getByTestId('at-seal').getByText('sigiliu.png')).toBeVisible();
  await expectAxeClean(page);
  await page.getByTestId('at-submit').click();
  await expect(page.getByText(`Tipul de cerere „${name}” a fost salvat.`)).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('45 de zile');
  await expectAxeClean(page);
  await rowAction(page, TYPES, name, 'Modificați');
  await expect(page.getByTestId('at-seal-stored')).toHaveText('Sigiliul personalizat este încărcat.');
  await edit.getByRole('button', { name: 'Închideți fereastra' }).click();
});

test("an organisation's administrator reaches only its own series", async ({ page }) => {
  await signIn(page, 'admin@demo.ghiseu.ro');
  await page.getByTestId('menu-documentSeries').click();
  await expect(page).toHaveURL(/\/document-series-type\?tab=series/);
  await expect(page.getByRole('heading', { level: 1, name: 'Serii de documente' })).toBeVisible();
  await expect(page.getByRole('tab')).toHaveCount(0);
  const table = page.getByRole('table', { name: SERIES });
  await expect(table).toContainText('Registratură CJ Mureș');
  await expect(page.getByRole('table', { name: SERIES_TYPES })).toHaveCount(0);
  await expectAxeClean(page);
});
