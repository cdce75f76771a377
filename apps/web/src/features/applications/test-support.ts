/** Test set-up of the applications feature: the texts (jsdom polyfills come with `test-utils`). */
import '../../components/test-polyfills';
import { i18n } from '../../lib/i18n';
import { loadAllTexts } from '../../lib/testing/render-app';

/** Loads the shell's texts, the `applications` namespace and the form renderer's. */
export async function loadApplicationTexts(): Promise<void> {
  await loadAllTexts();
  await i18n.loadNamespaces(['applications', 'form-renderer']);
}
