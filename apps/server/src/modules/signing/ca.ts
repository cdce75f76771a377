import type { Db } from '../../platform/db.js';

export async function rootCertificatePem(_db: Db): Promise<string> {
  throw new Error('signing: not implemented yet');
}
