// Bundles the server (with the domain package, which ships TypeScript sources) into dist/.
// npm dependencies stay external; migrations and reference data are copied beside the bundle.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = import.meta.dirname;
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@ghiseu/'));

fs.rmSync(path.join(root, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: [path.join(root, 'src/main.ts'), path.join(root, 'src/worker.ts')],
  outdir: path.join(root, 'dist'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
fs.cpSync(path.join(root, 'src/db/migrations'), path.join(root, 'dist/migrations'), { recursive: true });
console.log('server built: dist/main.js, dist/worker.js');
