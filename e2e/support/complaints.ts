import { expect, type Page } from '@playwright/test';
import { PNG_1x1 } from './files';
import { chooseByLabel } from './portal';

/** Steps of the complaints journeys (e2e/complaints.spec.ts), shared so each test reads as the story. */

/** A name unique to this run, so journeys can be repeated on the same database. */
export const runTag = (): string => Date.now().toString(36).slice(-5);

/** What a filed complaint is known by afterwards. */
export interface FiledComplaint {
  id: number;
  entryCode: string;
}

/**
 * Files a complaint as the signed-in citizen through /complain/new: Mureș, Târgu Mureș, the given
 * type, address and description, optionally one photo; returns its id and entry code.
 */
export async function fileComplaint(
  page: Page,
  { type, address, description, photo = false }: { type: string; address: string; description: string; photo?: boolean },
): Promise<FiledComplaint> {
  await page.goto('/complain/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Sesizare nouă' })).toBeVisible();
  // The contact person comes from the profile.
  await expect(page.getByTestId('complaint-contact-name')).not.toHaveValue('');
  await chooseByLabel(page, /^Județ/, /^Mureș$/);
  await chooseByLabel(page, /^Localitate \(UAT\)/, /^Târgu Mureș$/);
  await chooseByLabel(page, /^Tipul sesizării/, new RegExp(`^${type}`));
  await page.getByTestId('complaint-address').fill(address);
  await page.getByTestId('complaint-address-details').fill('În fața blocului 12');
  await page.getByTestId('complaint-description').fill(description);
  if (photo) {
    await page.locator('#complaint-photos input[type="file"]').setInputFiles({
      name: 'stalp.png',
      mimeType: 'image/png',
      buffer: PNG_1x1,
    });
    await expect(page.locator('#complaint-photos').getByText('stalp.png')).toBeVisible();
  }
  await page.getByTestId('complaint-submit').click();
  await expect(page).toHaveURL(/\/complain\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  const entryCode = (await page.getByTestId('complaint-entry-code').innerText()).trim();
  expect(entryCode.length).toBeGreaterThan(0);
  return { id, entryCode };
}

/** Inserts text into the rich-text editor with the given test id (replacing what it holds). */
export async function typeInEditor(page: Page, testId: string, text: string): Promise<void> {
  const editor = page.getByTestId(testId);
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type(text);
}
