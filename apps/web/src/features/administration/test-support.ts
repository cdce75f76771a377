/**
 * Test set-up of the administration components: the texts, and what jsdom lacks for Mantine's
 * auto-sizing text areas (`document.fonts`).
 */
import { i18n } from '../../lib/i18n';
import { loadAllTexts } from '../../lib/testing/render-app';

if (!('fonts' in document)) {
  const fonts = { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() };
  Object.defineProperty(document, 'fonts', { value: fonts, configurable: true });
}

/** Loads the shell's texts and the `administration` namespace. */
export async function loadAdministrationTexts(): Promise<void> {
  await loadAllTexts();
  await i18n.loadNamespaces('administration');
}
