/** Test set-up of the applications feature: the texts and what jsdom lacks for Mantine's text areas. */
import { i18n } from '../../lib/i18n';
import { loadAllTexts } from '../../lib/testing/render-app';

if (!('fonts' in document)) {
  const fonts = { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() };
  Object.defineProperty(document, 'fonts', { value: fonts, configurable: true });
}

/** Loads the shell's texts and the `applications` namespace. */
export async function loadApplicationTexts(): Promise<void> {
  await loadAllTexts();
  await i18n.loadNamespaces('applications');
}
