import {
  citizenSignerProblem,
  type SignerCheck,
  type SignerProfile,
  staffSignerProblem,
  staffSignerProblems,
} from '@ghiseu/domain';
import type { Db } from '../../../platform/db.js';
import * as repo from './repository.js';

/** The signer rules of domain documents/signing-rules.ts over a user's stored data. */

export async function signerProfile(db: Db, signer: repo.SignerRow): Promise<SignerProfile> {
  return {
    enrolled: signer.enrolled,
    personalNumericCode: signer.personalNumericCode,
    idCardSeries: signer.idCardSeries,
    idCardNumber: signer.idCardNumber,
    idCardIssueDate: signer.idCardIssueDate,
    idCardExpiryDate: signer.idCardExpiryDate,
    enrolledAt: signer.enrolled ? await repo.enrolledAt(db, signer.id) : null,
  };
}

export async function staffProblem(db: Db, signer: repo.SignerRow): Promise<SignerCheck | null> {
  return staffSignerProblem(await signerProfile(db, signer));
}

export async function staffProblems(db: Db, signer: repo.SignerRow): Promise<SignerCheck[]> {
  return staffSignerProblems(await signerProfile(db, signer));
}

export function citizenProblem(signer: repo.SignerRow): SignerCheck | null {
  return citizenSignerProblem({
    enrolled: false,
    personalNumericCode: signer.personalNumericCode,
    idCardSeries: signer.idCardSeries,
    idCardNumber: signer.idCardNumber,
    idCardIssueDate: signer.idCardIssueDate,
    idCardExpiryDate: signer.idCardExpiryDate,
    enrolledAt: null,
  });
}
