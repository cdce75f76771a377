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
            { name: 'app', tags: ['$initial'], priority: 3 },
            // The icons of the lazy parts (about 300 bytes each) in one file: as chunks of their
            // own, a signed-in page fetched some twenty of them, each a request of its own.
            { name: 'icons', test: /node_modules[\\/]@tabler[\\/]icons-react[\\/]/, priority: 2 },
            // The libraries of the lazy parts (Mantine's components, floating-ui…) grouped by the
            // set of pages that use them, the small groups merged into a neighbour: without it a
            // signed-in page fetched some thirty files of 1–3 KB, a request each.
            { name: 'lib', test: /node_modules[\\/]/, entriesAware: true, entriesAwareMergeThreshold: 12_000, priority: 1 },
          ],
        },
      },
    },
  },
});
