// Signing throughput of the built-in CA (modules/signing, ADR 0024), without HTTP.
//
//   npx tsx bench/signing.mjs
//   SIGNING_BENCH_DOCS=200 SIGNING_BENCH_SAMPLES=50 npx tsx bench/signing.mjs
//
// Runs the server's modules directly (tsx) on a throw-away PostgreSQL database `ghiseu_bench_signing`
// (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres). Reports:
//   1. generate only vs generate + sign one document (p50/p95 ms), the document a pdfmake
//      certificate with a table, signed as a user with a timestamp (PAdES B-T);
//   2. bulk: one seal signing N documents with one key (`signMany`, docs/s, total s).
// Goal (issue 12): ≥ 20 signed documents/s, 100 in ≤ 5 s. Figures are printed, never asserted.

import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_ADMIN_URL, dropDatabase, recreateDatabase } from './lib/database.mjs';
import { openDatabase } from '../apps/server/src/platform/db.ts';
import { renderPdf } from '../apps/server/src/platform/pdf.ts';
import { organisations } from '../apps/server/src/db/schema/index.ts';
import { configureSigning, signingProvider, verifyPdf } from '../apps/server/src/modules/signing/index.ts';

const NAME = 'ghiseu_bench_signing';
const adminUrl = process.env.BENCH_DATABASE_URL || DEFAULT_ADMIN_URL;
const docs = Number(process.env.SIGNING_BENCH_DOCS ?? 100);
const samples = Number(process.env.SIGNING_BENCH_SAMPLES ?? 30);

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const ms = (v) => `${v.toFixed(1)} ms`;

function definition(i) {
  return {
    content: [
      { text: `Certificat de urbanism nr. ${i}/2026`, fontSize: 16, bold: true },
      { text: 'Primăria Municipiului Târgu Mureș certifică, în temeiul Legii nr. 50/1991, următoarele:' },
      {
        table: {
          widths: ['*', '*'],
          body: Array.from({ length: 12 }, (_, r) => [`Rubrica ${r + 1} — șoseaua Țării`, `Valoare ${r * i}`]),
        },
      },
    ],
  };
}

const databaseUrl = await recreateDatabase(adminUrl, NAME);
const database = await openDatabase({ databaseUrl, dataDir: path.join(os.tmpdir(), NAME) });
try {
  await database.migrate();
  configureSigning({ appSecret: 'bench-secret-bench-secret-bench-secret-01', dataDir: os.tmpdir() });
  const db = database.db;
  const [organisation] = await db
    .insert(organisations)
    .values({ name: 'Primăria Municipiului Târgu Mureș', type: 'city_hall' })
    .returning();
  const seal = { kind: 'seal', organisationId: organisation.id, organisationName: organisation.name };

  // Warm-up: creates the CA, the TSA and the seal's certificate; loads fonts.
  const warm = await signingProvider.sign(db, await renderPdf(definition(0)), seal, { reason: 'Încălzire' });
  if (!(await verifyPdf(db, warm.pdf)).ok) throw new Error('the warm-up signature does not verify');

  const generate = [];
  const generateAndSign = [];
  const signOnly = [];
  for (let i = 1; i <= samples; i++) {
    let start = performance.now();
    await renderPdf(definition(i));
    generate.push(performance.now() - start);
    start = performance.now();
    const pdf = await renderPdf(definition(i));
    const middle = performance.now();
    await signingProvider.sign(db, pdf, seal, { reason: 'Sigiliul instituției' });
    const end = performance.now();
    generateAndSign.push(end - start);
    signOnly.push(end - middle);
  }
  console.log(`one document (${samples} samples)`);
  console.log(`  generate only         p50 ${ms(percentile(generate, 50))}  p95 ${ms(percentile(generate, 95))}`);
  console.log(`  generate + sign (B-T) p50 ${ms(percentile(generateAndSign, 50))}  p95 ${ms(percentile(generateAndSign, 95))}`);
  console.log(`  sign only             p50 ${ms(percentile(signOnly, 50))}  p95 ${ms(percentile(signOnly, 95))}`);

  const pdfs = await Promise.all(Array.from({ length: docs }, (_, i) => renderPdf(definition(i + 1))));
  const bulkStart = performance.now();
  const signed = await signingProvider.signMany(db, pdfs, seal, (i) => ({ reason: `Sigiliu ${i + 1}` }));
  const bulkSeconds = (performance.now() - bulkStart) / 1000;
  console.log(`bulk: ${signed.length} documents sealed with one key (B-T)`);
  console.log(`  total ${bulkSeconds.toFixed(2)} s, ${(signed.length / bulkSeconds).toFixed(1)} docs/s`);
  const check = await verifyPdf(db, signed[signed.length - 1].pdf);
  console.log(`  last document verifies: ${check.ok}`);
} finally {
  await database.close();
  await dropDatabase(adminUrl, NAME);
}
