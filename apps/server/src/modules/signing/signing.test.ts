import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { countyCouncilId } from '../../../test/administration-kit.js';
import { users } from '../../db/schema/index.js';
import { renderPdf } from '../../platform/pdf.js';
import { rootCertificatePem, signingProvider, verifyPdf } from './index.js';

const run = promisify(execFile);

let t: TestApp;
let organisationId: number;
let userId: number;
let dir: string;
let base: Buffer;
let signed1: Buffer;
let signed2: Buffer;
let signed3: Buffer;

const ION = 'Ion Țăranu-Ștefănescu';
const PRIMARIA = 'Primăria Municipiului Târgu Mureș';

async function pdfsig(pdf: Buffer): Promise<string> {
  const file = path.join(dir, `check-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, pdf);
  const { stdout } = await run('/usr/bin/pdfsig', ['-nocert', file]).catch((error: { stdout: string }) => ({
    stdout: error.stdout,
  }));
  return stdout;
}

beforeAll(async () => {
  t = await createTestApp();
  organisationId = await countyCouncilId(t);
  const [user] = await t.ctx.db.select({ id: users.id }).from(users).limit(1);
  userId = user?.id as number;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'signing-test-'));
  base = await renderPdf({
    content: [
      { text: 'Certificat de urbanism nr. 12/2026', fontSize: 16, bold: true },
      { text: 'Se certifică în temeiul reglementărilor… șoseaua Țării, județul Mureș.' },
    ],
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('signing a generated document three times', () => {
  it('signs as a user, seals as the organisation, then signs visibly', async () => {
    const first = await signingProvider.sign(
      t.ctx.db,
      base,
      { kind: 'user', userId, name: ION, organisationName: PRIMARIA },
      { reason: `Semnat de ${ION}, Arhitect-șef` },
    );
    signed1 = first.pdf;
    expect(first.certificateSerial).toMatch(/^[0-9a-f]+$/);
    const second = await signingProvider.sign(
      t.ctx.db,
      signed1,
      { kind: 'seal', organisationId, organisationName: PRIMARIA },
      { reason: 'Sigiliul instituției', location: 'Târgu Mureș' },
    );
    signed2 = second.pdf;
    const third = await signingProvider.sign(
      t.ctx.db,
      signed2,
      { kind: 'user', userId, name: ION, organisationName: PRIMARIA },
      {
        reason: 'Vizat',
        visible: { box: { page: 1, x: 350, y: 60, width: 200, height: 60 }, caption: 'Arhitect-șef' },
      },
    );
    signed3 = third.pdf;
    expect(signed3.subarray(0, signed2.length).equals(signed2)).toBe(true);
    expect(signed2.subarray(0, signed1.length).equals(signed1)).toBe(true);
    const out = await pdfsig(signed3);
    console.log(out);
    expect(out.match(/Signature is Valid/g)?.length).toBe(3);
  });
});
