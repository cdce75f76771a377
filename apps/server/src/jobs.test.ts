import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { JOBS } from './jobs.js';

/** The job registry: one list for the server, the worker and the tests (ADR "job registry"). */
describe('the job registry', () => {
  it('lists every job the server enqueues or schedules', () => {
    expect(JOBS.map((job) => job.name)).toEqual(
      expect.arrayContaining(['messaging.deliver', 'messaging.redact', 'platform.housekeeping', 'beneficiaries.anaf-recheck']),
    );
  });

  it('holds each name once, with a version and a payload schema', () => {
    const names = JOBS.map((job) => job.name);
    expect(new Set(names).size).toBe(names.length);
    for (const job of JOBS) {
      expect(job.name).toMatch(/^[a-z-]+\.[a-z-]+$/);
      expect(Number.isInteger(job.version) && job.version >= 1).toBe(true);
      expect(typeof job.payload.safeParse).toBe('function');
    }
  });

  it('is what the worker runs, without the HTTP app', async () => {
    // Bundle worker.ts as the build does and look at the files it pulls in.
    const root = path.resolve(import.meta.dirname, '..');
    const result = await build({
      entryPoints: [path.join(root, 'src/worker.ts')],
      bundle: true,
      write: false,
      metafile: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs).map((file) => path.relative(root, path.resolve(file)));
    expect(inputs).toContain('src/jobs.ts');
    expect(inputs).toContain('src/modules/beneficiaries/jobs.ts');
    expect(inputs).not.toContain('src/app.ts');
    expect(inputs.filter((file) => /routes\.ts$/.test(file))).toEqual([]);
  });
});
