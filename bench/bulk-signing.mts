// The documents capability end to end through HTTP (issue 12): generation, one signature, and a
// bulk signature of N documents with one code, on the built portal against PostgreSQL.
//
//   npm run build && npx tsx bench/bulk-signing.mts
//   BULK_BENCH_DOCS=100 BULK_BENCH_SINGLE=15 npx tsx bench/bulk-signing.mts
//
// The set-up is the documents journeys' own (e2e/support/documents.ts, through the API): an
// organisation with its series, template and type, a clerk and a president enrolled, N
// applications of the demo citizen brought to APPROVED. Then it measures:
//   1. generation: PUT …/approve/generate-document until check-generation-status says generated
//      (the job, the PDF, the storage), p50/p95 per document, N documents one after the other;
//   2. one signature: PUT …/confirm-signing with the SMS code (the signature, the timestamp, the
//      new revision stored, the transaction), p50/p95 over BULK_BENCH_SINGLE documents;
//   3. bulk: POST confirm-bulk-signing for the other documents with one code: total seconds and
//      documents per second.
// Goal: ≥ 20 signed documents/s, 100 in ≤ 5 s. Figures are printed (and written to
// bench/results/bulk-signing.json), never asserted.

import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { request as playwrightRequest } from '@playwright/test';
import { DEFAULT_ADMIN_URL, dropDatabase, recreateDatabase } from './lib/database.mjs';
import { startPortal } from './lib/portal.mjs';
import { apiSignIn, bearer, smsCodeFromOutbox } from '../e2e/support/administration';
import { approvedApplication, createDocumentsOffice, generatedAnswer } from '../e2e/support/documents';

const NAME = 'ghiseu_bench_bulk_signing';
const adminUrl = process.env.BENCH_DATABASE_URL || DEFAULT_ADMIN_URL;
const bulkDocs = Number(process.env.BULK_BENCH_DOCS ?? 100);
const singleDocs = Number(process.env.BULK_BENCH_SINGLE ?? 15);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
};
const round = (v: number) => Math.round(v * 10) / 10;

const databaseUrl = await recreateDatabase(adminUrl, NAME);
const portal = await startPortal({
  databaseUrl,
  readyTimeoutMs: 180_000,
  // The demo accounts (the super administrator, the citizen) and the outbox (the SMS codes); jobs
  // in the portal (the generation and the seal).
  env: { NODE_ENV: 'development', SEED_DEMO: 'true', DEV_OUTBOX: 'true', RUN_JOBS: 'true' },
});
const api = await playwrightRequest.newContext({ baseURL: portal.origin, timeout: 120_000 });
try {
  const run = Date.now().toString(36);
  const superToken = await apiSignIn(api, 'superadmin@demo.ghiseu.ro');
  const office = await createDocumentsOffice(api, superToken, run, {
    prefix: 'BENCH',
    seal: false,
    layout: [[{ index: 2, label: 'Președinte', signer: 'president' }], [{ index: 1, label: 'Întocmit', signer: 'assignee' }]],
  });
  const citizenToken = await apiSignIn(api, 'citizen@demo.ghiseu.ro');
  const total = singleDocs + bulkDocs;
  const ids: number[] = [];
  for (let n = 0; n < total; n += 1) ids.push((await approvedApplication(api, citizenToken, office, `Bench ${n}`)).id);
  console.log(`set-up: ${total} approved applications`);

  // 1. Generation, one after the other.
  const generation: number[] = [];
  for (const id of ids) {
    const started = performance.now();
    await generatedAnswer(api, office.clerk.token, id);
    generation.push(performance.now() - started);
  }

  // 2. One signature at a time (the confirmation is timed; the SMS code is read in between).
  const single: number[] = [];
  for (const id of ids.slice(0, singleDocs)) {
    const since = Date.now();
    const start = await api.put(`/api/staff-applications/${id}/approve/sign`, { headers: bearer(office.clerk.token), data: {} });
    const { request_id } = ((await start.json()) as { data: { request_id: string } }).data;
    const pin = await smsCodeFromOutbox(api, office.clerk.phone, since);
    const started = performance.now();
    const confirmed = await api.put(`/api/staff-applications/${id}/confirm-signing`, {
      headers: bearer(office.clerk.token),
      data: { pin, request_id },
    });
    single.push(performance.now() - started);
    if (confirmed.status() !== 200) throw new Error(`confirm-signing: ${await confirmed.text()}`);
  }

  // 3. The others in one batch with one code.
  const batch = ids.slice(singleDocs);
  const since = Date.now();
  const start = await api.post('/api/staff-applications/bulk-sign', {
    headers: bearer(office.clerk.token),
    data: { application_ids: batch },
  });
  if (start.status() !== 200) throw new Error(`bulk-sign: ${await start.text()}`);
  const { request_id } = ((await start.json()) as { data: { request_id: string } }).data;
  const pin = await smsCodeFromOutbox(api, office.clerk.phone, since);
  const started = performance.now();
  const confirmed = await api.post('/api/staff-applications/confirm-bulk-signing', {
    headers: bearer(office.clerk.token),
    data: { pin, request_id },
  });
  const bulkMs = performance.now() - started;
  const answer = (await confirmed.json()) as { data: { items: { ok: boolean }[] } };
  const signed = answer.data.items.filter((item) => item.ok).length;

  const figures = {
    measured_at: new Date().toISOString(),
    generation_ms: { n: generation.length, p50: round(percentile(generation, 50)), p95: round(percentile(generation, 95)) },
    single_signature_ms: { n: single.length, p50: round(percentile(single, 50)), p95: round(percentile(single, 95)) },
    bulk: {
      documents: batch.length,
      signed,
      seconds: round(bulkMs / 1000),
      documents_per_second: round(signed / (bulkMs / 1000)),
    },
    goal: '≥ 20 signed documents/s, 100 in ≤ 5 s',
  };
  console.log(JSON.stringify(figures, null, 2));
  const results = path.join(import.meta.dirname, 'results');
  fs.mkdirSync(results, { recursive: true });
  fs.writeFileSync(path.join(results, 'bulk-signing.json'), `${JSON.stringify(figures, null, 2)}\n`);
} finally {
  await api.dispose();
  await portal.handle.stop();
  await dropDatabase(adminUrl, NAME);
}
