import { defineConfig } from 'vitest/config';

/**
 * One vitest run, three projects: the pure domain rules, the web components (jsdom), and the
 * server (API tests through app.inject against a real database: PostgreSQL when
 * TEST_DATABASE_URL is set, otherwise embedded PGlite).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          root: './packages/domain',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      './apps/web/vitest.config.ts',
      './apps/server/vitest.config.ts',
    ],
  },
});
