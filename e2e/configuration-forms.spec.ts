import { expect, type Page, test } from '@playwright/test';
import { chooseOption } from './support/administration';
import { expectAxeClean, signIn } from './support/portal';

/**
 * The super administrator's form builder (spec §2 /forms, /form/new, /form/{id}; §3 Form
 * interface): a new form with a section title, a required text, a radio, a decimal, a computed
 * field and a textarea shown only for one radio option; saved, broken and fixed (live issues),
 * previewed as a citizen sees it, published as version 1 and listed as published. Every screen
 * is checked with axe.
 */
test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.use({ actionTimeout: 15_000 });

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const NAME = `Formular test ${run}`;

/** Adds a field of the palette type and gives it a label; returns the label input. */
async function addField(page: Page, type: string, label: string) {
  await page.getByTestId(`palette-${type}`).click();
  const input = page.getByTestId('field-label');
  await input.fill(label);
  await expect(page.getByRole('button', { name: `Selectați câmpul ${label}` })).toBeVisible();
  return input;
}

test('the super admin builds, previews and publishes a form', async ({ page }) => {
  await signIn(page, 'superadmin@demo.ghiseu.ro');
  await page.goto('/forms');
  await expect(page.getByRole('heading', { level: 1, name: 'Formulare' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Lista formularelor' })).toBeVisible();
  await expectAxeClean(page);

  // /form/new: a name, then the builder.
  await page.getByRole('link', { name: 'Formular nou' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Formular nou' })).toBeVisible();
  await expectAxeClean(page);
  await page.getByRole('textbox', { name: 'Denumire' }).fill(NAME);
  await page.getByTestId('form-new-submit').click();
  await expect(page).toHaveURL(/\/form\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  await expect(page.getByTestId('fields-empty')).toBeVisible();
  await expectAxeClean(page);

  // The fields.
  await addField(page, 'section_title', 'Date despre lucrare');
  await addField(page, 'text', 'Nume solicitant');
  await page.getByRole('checkbox', { name: 'Câmp obligatoriu' }).check();
  await addField(page, 'radio', 'Tip lucrare');
  await page.getByRole('textbox', { name: 'Eticheta opțiunii 1' }).fill('Construire');
  await page.getByRole('textbox', { name: 'Eticheta opțiunii 2' }).fill('Desființare');
  await addField(page, 'decimal', 'Suprafață teren');
  await expect(page.getByTestId('field-key')).toHaveValue('suprafata_teren');
  await addField(page, 'computed', 'Suprafață impozabilă');
  // Without operands the computed field is flagged.
  await expect(page.getByTestId('field-item-fields.4')).toHaveAttribute('data-invalid', 'true');
  await chooseOption(page, 'field-fields-4-operands', 'Suprafață teren');
  await expect(page.getByTestId('field-item-fields.4')).not.toHaveAttribute('data-invalid', 'true');
  await addField(page, 'textarea', 'Motivul desființării');
  await page.getByRole('checkbox', { name: 'Afișat doar în anumite condiții' }).check();
  await chooseOption(page, 'field-fields-5-visible-field', 'Tip lucrare (tip_lucrare)');
  await chooseOption(page, 'field-fields-5-visible-equals', 'Desființare');
  await expect(page.getByTestId('form-issues')).toHaveCount(0);
  await expect(page.getByTestId('form-unsaved')).toBeVisible();
  await expectAxeClean(page);

  await page.getByTestId('form-save').click();
  await expect(page.getByText('Ciorna a fost salvată.')).toBeVisible();
  await expect(page.getByTestId('form-unsaved')).toHaveCount(0);

  // A broken option is flagged on the list and under the input, and blocks saving; fixing it clears it.
  await page.getByRole('button', { name: 'Selectați câmpul Tip lucrare' }).click();
  const optionLabel = page.getByRole('textbox', { name: 'Eticheta opțiunii 1' });
  await optionLabel.fill('');
  await expect(page.getByTestId('field-item-fields.2')).toHaveAttribute('data-invalid', 'true');
  await expect(page.getByTestId('form-issues')).toContainText('Formularul are o problemă');
  await expect(
    page.getByTestId('field-properties').getByText('Vă rugăm să completați toate câmpurile obligatorii.'),
  ).toBeVisible();
  await expect(page.getByTestId('form-publish')).toBeDisabled();
  await page.getByTestId('form-save').click();
  await expect(page.getByText('Corectați problema marcată înainte de a salva ciorna.')).toBeVisible();
  await optionLabel.fill('Construire');
  await expect(page.getByTestId('form-issues')).toHaveCount(0);
  await expect(page.getByTestId('field-item-fields.2')).not.toHaveAttribute('data-invalid', 'true');
  await expect(page.getByTestId('form-unsaved')).toHaveCount(0);

  // The preview: the textarea appears only for 'Desființare'; 'Verificați' shows the citizen's errors.
  await page.getByRole('tab', { name: 'Previzualizare' }).click();
  const preview = page.getByTestId('form-preview');
  await expect(preview.getByRole('heading', { name: 'Date despre lucrare' })).toBeVisible();
  await expect(preview.getByRole('textbox', { name: /Motivul desființării/ })).toHaveCount(0);
  await preview.getByRole('radio', { name: 'Desființare' }).check();
  await expect(preview.getByRole('textbox', { name: /Motivul desființării/ })).toBeVisible();
  await preview.getByRole('textbox', { name: /Suprafață teren/ }).fill('120,5');
  await preview.getByRole('button', { name: 'Verificați' }).click();
  await expect(page.getByTestId('preview-result')).toContainText('Un câmp trebuie corectat.');
  await expectAxeClean(page);
  await preview.getByRole('textbox', { name: /Nume solicitant/ }).fill('Ion Popescu');
  await expect(page.getByTestId('preview-result')).toContainText('Formularul este completat corect.');

  // Publishing: version 1.
  await page.getByTestId('form-publish').click();
  const dialog = page.getByRole('dialog', { name: 'Publicare formular' });
  await expect(dialog).toContainText('versiunea 1');
  await dialog.getByRole('button', { name: 'Publicați' }).click();
  await expect(page.getByText('Versiunea 1 a fost publicată.')).toBeVisible();
  await expect(page.getByTestId('form-published-version')).toHaveText('Versiunea publicată: 1');
  await expect(page.getByTestId('form-status')).toHaveText('Publicat');
  await expect(page.getByTestId('form-publish')).toBeDisabled();

  await page.getByRole('tab', { name: 'Versiuni (1)' }).click();
  await expect(page.getByRole('table', { name: 'Versiunile publicate' }).getByRole('row')).toHaveCount(2);
  await expectAxeClean(page);
  await page.getByRole('button', { name: 'Vedeți versiunea 1' }).click();
  const version = page.getByRole('dialog', { name: 'Versiunea 1' });
  await expect(version.getByTestId('version-preview')).toBeVisible();
  await expect(version.getByRole('radio', { name: 'Desființare' })).toBeVisible();
  await expectAxeClean(page);
  await version.getByRole('button', { name: 'Închideți fereastra' }).click();

  // The list shows it published.
  await page.getByRole('link', { name: 'Înapoi la formulare' }).click();
  await page.getByRole('searchbox', { name: 'Căutați după denumire' }).fill(run);
  const row = page.getByRole('table', { name: 'Lista formularelor' }).getByRole('row').filter({ hasText: NAME });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Publicat');
  await expect(row.getByTestId('form-unpublished')).toHaveCount(0);
  await expectAxeClean(page);
});

test('leaving the builder with unsaved changes asks first', async ({ page }) => {
  await signIn(page, 'superadmin@demo.ghiseu.ro');
  await page.goto('/form/new');
  await page.getByRole('textbox', { name: 'Denumire' }).fill(`${NAME} (2)`);
  await page.getByTestId('form-new-submit').click();
  await expect(page).toHaveURL(/\/form\/\d+$/);
  await addField(page, 'text', 'Nume');
  await page.getByRole('link', { name: 'Înapoi la formulare' }).click();
  const question = page.getByRole('dialog', { name: 'Modificări nesalvate' });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Rămâneți' }).click();
  await expect(page).toHaveURL(/\/form\/\d+$/);
  await page.getByRole('link', { name: 'Înapoi la formulare' }).click();
  await page.getByRole('dialog', { name: 'Modificări nesalvate' }).getByRole('button', { name: 'Părăsiți pagina' }).click();
  await expect(page).toHaveURL(/\/forms$/);
});
