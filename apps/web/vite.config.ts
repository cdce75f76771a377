import { constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { mantineComponentStyles } from './build/mantine-component-styles';

export default defineConfig({
  plugins: [
    react(),
    mantineComponentStyles(),
    // Every text file of the build also as .br and .gz, compressed once at build time at the
    // highest levels; the server sends them as they are (@fastify/static preCompressed), so no
    // request pays for compression.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      include: /\.(js|mjs|css|html|svg|json|txt|map)$/,
      threshold: 512,
      skipIfLargerOrEqual: true,
      logLevel: 'silent',
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080' },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically is needed before the first paint anyway: one
          // file instead of some thirty small ones (each a request, and round trips on a slow
          // mobile connection). The lazy pages keep their own chunks.
          groups: [
            { name: 'app', tags: ['$initial'], priority: 2 },
            // The icons of the lazy parts (300–1,000 bytes each) grouped by the set of pages that
            // use them, the smallest groups merged into a neighbour: as chunks of their own, a
            // signed-in page fetched a dozen of them, each a request. Measured (gzip of each
            // page's JavaScript): the same bytes ±0.5 KiB, /home 45 → 38 files, /applications
            // 69 → 62. Grouping all lazy libraries the same way (Mantine, floating-ui) was tried
            // and dropped: the merges put Combobox, TagsInput and Table into the sign-in page's
            // load (+50 KiB) for a few requests less.
            {
              name: 'icons',
              test: /node_modules[\\/]@tabler[\\/]icons-react[\\/]/,
              entriesAware: true,
              entriesAwareMergeThreshold: 1_500,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
