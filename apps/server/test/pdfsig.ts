import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * `pdfsig` (poppler-utils) with the portal's root certificate trusted, as a reader that trusts
 * the portal would check a signed PDF: an NSS database made with `certutil` (libnss3-tools,
 * installed by .ci/run) holding only that root, trust flags "C,C,C" (a CA trusted to issue
 * certificates for every use: TLS, e-mail and object signing). Returns pdfsig's report and the verdict per signature.
 */
export interface PdfsigReport {
  output: string;
  signatures: number;
  valid: number;
  trusted: number;
}

export async function pdfsigTrusted(pdf: Buffer, rootPem: string): Promise<PdfsigReport> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdfsig-'));
  try {
    const nss = path.join(dir, 'nss');
    fs.mkdirSync(nss);
    await run('certutil', ['-N', '-d', `sql:${nss}`, '--empty-password']);
    const root = path.join(dir, 'root.pem');
    fs.writeFileSync(root, rootPem);
    await run('certutil', ['-A', '-d', `sql:${nss}`, '-n', 'Ghiseul Unic root', '-t', 'C,C,C', '-a', '-i', root]);
    const file = path.join(dir, 'document.pdf');
    fs.writeFileSync(file, pdf);
    // pdfsig exits non-zero when a signature is not valid: keep its report either way.
    const result = await run('pdfsig', ['-nssdir', `sql:${nss}`, file]).catch((error: { stdout?: string }) => ({
      stdout: error.stdout ?? '',
    }));
    const output = result.stdout;
    return {
      output,
      signatures: output.match(/^Signature #\d+:/gm)?.length ?? 0,
      valid: output.match(/Signature Validation: Signature is Valid\./g)?.length ?? 0,
      trusted: output.match(/Certificate Validation: Certificate is Trusted\./g)?.length ?? 0,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
