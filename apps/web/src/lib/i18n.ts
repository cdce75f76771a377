import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import common from '../locales/ro/common.json';
import layout from '../locales/ro/layout.json';
import routes from '../locales/ro/routes.json';

/**
 * i18next with Romanian as the only language (spec §1). Each feature owns one namespace in
 * `locales/ro/<namespace>.json`; namespaces are loaded on demand (one small chunk each), so a
 * lazy page brings its texts with it (the route table loads a page's namespaces beside its chunk).
 * `common`, `layout` and `routes` (the shell's texts, ~3 KB compressed) are part of the entry: the
 * first render does not wait for a round trip to fetch them.
 */
export const LANGUAGES = [{ value: 'ro', label: 'Română' }] as const;
export const DEFAULT_NAMESPACES = ['common', 'layout', 'routes'];

const BUNDLED: Record<string, Record<string, unknown>> = { common, layout, routes };

const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

const lazyJsonBackend: BackendModule = {
  type: 'backend',
  init: () => {},
  read(language, namespace, callback) {
    const load = loaders[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`Lipsește fișierul de traduceri ${language}/${namespace}`), null);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

let ready: Promise<I18n> | null = null;

/** Initialises the shared i18next instance once; resolves when the default namespaces are in. */
export function initI18n(): Promise<I18n> {
  ready ??= i18next
    .use(lazyJsonBackend)
    .use(initReactI18next)
    .init({
      lng: 'ro',
      fallbackLng: 'ro',
      supportedLngs: ['ro'],
      ns: DEFAULT_NAMESPACES,
      resources: { ro: BUNDLED },
      // The other namespaces still come from the backend.
      partialBundledLanguages: true,
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    })
    .then(() => i18next);
  return ready;
}

export { i18next as i18n };
