import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * i18next with Romanian as the only language (spec §1). Each feature owns one namespace in
 * `locales/ro/<namespace>.json`; namespaces are loaded on demand (one small chunk each), so a
 * lazy page brings its texts with it. `common`, `layout` and `routes` are loaded before the first render.
 */
export const LANGUAGES = [{ value: 'ro', label: 'Română' }] as const;
export const DEFAULT_NAMESPACES = ['common', 'layout', 'routes'];

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
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    })
    .then(() => i18next);
  return ready;
}

export { i18next as i18n };
