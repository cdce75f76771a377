import type { TestProject } from 'vitest/node';
import { preparePgliteTemplate, preparePostgresTemplate } from './template-db.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: { kind: 'postgres'; adminUrl: string; template: string } | { kind: 'pglite'; folder: string };
  }
}

/** Builds the template database once per run; each test file copies it (test/test-app.ts). */
export default async function setup(project: TestProject): Promise<void> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    project.provide('databaseTemplate', { kind: 'postgres', adminUrl, template: await preparePostgresTemplate(adminUrl) });
  } else {
    project.provide('databaseTemplate', { kind: 'pglite', folder: await preparePgliteTemplate() });
  }
}
