import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Mantine's styles, each component's with the component (issue 8, ADR 0016).
 *
 * `@mantine/core/styles.css` holds every component's CSS (about 40 KB gzipped, most of it unused
 * by the first screen) and would block the first paint. Mantine ships one file per component
 * (`@mantine/core/styles/<Name>.css`, the compiled `<Name>.module.css`); in a production build
 * this plugin adds `import '@mantine/core/styles/<Name>.css'` to every Mantine module that uses
 * the class names of `<Name>.module.mjs`. The CSS then follows the JavaScript: it lands in the
 * chunk of the page that renders the component, and a component never used is never sent.
 * @mantine/dates and @mantine/notifications ship one stylesheet each; it is attached the same way
 * to their component modules (not to `DatesProvider`, which has no class names and which the
 * entry needs without any CSS).
 *
 * Order: the import is added after the module's own imports, modules run after their imports,
 * and Vite loads a chunk's imported chunks' CSS before the chunk's own; so a component's CSS
 * always comes after the CSS of the components it is built from (Button after UnstyledButton
 * and Loader), the order Mantine's full stylesheet has and relies on.
 *
 * The global part (baseline, CSS variables, global classes) is imported by the app's own
 * stylesheet, `src/styles/mantine.css`. In the dev server Mantine is pre-bundled (no transform
 * reaches its modules), so there that file is replaced by the three full stylesheets, as before.
 */
const require = createRequire(import.meta.url);

const MANTINE_MODULE = /[\\/]node_modules[\\/]@mantine[\\/](core|dates|notifications)[\\/]esm[\\/].*\.mjs$/;
const CLASS_NAMES_IMPORT = /from\s*["'](?:\.\.?\/)+(?:[\w-]+\/)*(\w+)\.module\.mjs["']/g;
const GLOBAL_STYLES = /[\\/]src[\\/]styles[\\/]mantine\.css$/;

/** The stylesheets of the class-name modules a Mantine module imports. */
export function componentStylesheets(pkg: string, code: string, coreStyles: string): string[] {
  const sheets = new Set<string>();
  for (const [, name] of code.matchAll(CLASS_NAMES_IMPORT)) {
    if (pkg !== 'core') sheets.add(`@mantine/${pkg}/styles.css`);
    // Every `<Name>.module.mjs` of the core has its `styles/<Name>.css`; checked all the same.
    else if (fs.existsSync(path.join(coreStyles, `${name}.css`))) sheets.add(`@mantine/core/styles/${name}.css`);
  }
  return [...sheets];
}

export function mantineComponentStyles(): Plugin {
  const coreStyles = path.join(path.dirname(require.resolve('@mantine/core/styles.css')), 'styles');
  let serve = false;
  return {
    name: 'ghiseu:mantine-component-styles',
    enforce: 'pre',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    transform(code, id) {
      if (serve) {
        if (!GLOBAL_STYLES.test(id)) return null;
        return {
          code: ['@mantine/core', '@mantine/dates', '@mantine/notifications'].map((p) => `@import "${p}/styles.css";`).join('\n'),
          map: null,
        };
      }
      const pkg = MANTINE_MODULE.exec(id)?.[1];
      if (!pkg) return null;
      const sheets = componentStylesheets(pkg, code, coreStyles);
      if (sheets.length === 0) return null;
      // At the end: after the module's own imports (import declarations run in source order).
      return { code: `${code}\n${sheets.map((sheet) => `import ${JSON.stringify(sheet)};`).join('\n')}\n`, map: null };
    },
  };
}
