import { describe, expect, it } from 'vitest';
import type { SigningLayout } from './lifecycle.js';
import {
  applicantMustSign,
  citizenSignerProblem,
  type CellSignerFacts,
  isNextStaffSigner,
  maskPhone,
  mayFillCell,
  nextApplicantCell,
  nextStaffCell,
  type SignerProfile,
  signatureCaption,
  staffSignerProblem,
  staffSignerProblems,
} from './signing-rules.js';

const layout: SigningLayout = {
  rows: [
    [
      { index: 3, label: 'Primar', signer: 'president' },
      { index: 4, label: 'Solicitant', signer: 'applicant' },
    ],
    [
      { index: 1, label: 'Întocmit', signer: 'assignee' },
      { index: 2, label: 'Arhitect-șef', signer: 'function', functionId: 7 },
    ],
  ],
};

const facts = (over: Partial<CellSignerFacts> = {}): CellSignerFacts => ({
  actorUserId: 10,
  assigneeUserId: 10,
  reviewerUserId: 11,
  applicantUserId: 20,
  actorFunctionIds: new Set(),
  actorFunctionKeys: new Set(),
  ...over,
});

const GOOD: SignerProfile = {
  enrolled: true,
  personalNumericCode: '1980505260018',
  idCardSeries: 'MS',
  idCardNumber: '123456',
  idCardExpiryDate: '2031-01-01',
  idCardIssueDate: '2021-01-01',
  enrolledAt: null,
};
const NOW = new Date('2026-06-01T10:00:00Z');

describe('signing order', () => {
  it('takes the lowest-index unsigned staff cell, the applicant after every staff cell', () => {
    expect(nextStaffCell(layout, new Set())?.index).toBe(1);
    expect(nextStaffCell(layout, new Set([1]))?.index).toBe(2);
    expect(nextStaffCell(layout, new Set([1, 2]))?.index).toBe(3);
    expect(nextApplicantCell(layout, new Set([1, 2]))).toBeNull();
    expect(nextStaffCell(layout, new Set([1, 2, 3]))).toBeNull();
    expect(nextApplicantCell(layout, new Set([1, 2, 3]))?.index).toBe(4);
    expect(applicantMustSign(layout, new Set([1, 2, 3]))).toBe(true);
    expect(applicantMustSign(layout, new Set([1, 2, 3, 4]))).toBe(false);
  });

  it('says who may fill a cell', () => {
    const [president, applicant] = layout.rows[0];
    const [assignee, fn] = layout.rows[1];
    expect(mayFillCell(assignee, facts())).toBe(true);
    expect(mayFillCell(assignee, facts({ actorUserId: 11 }))).toBe(false);
    expect(mayFillCell({ index: 9, label: 'V', signer: 'reviewer' }, facts({ actorUserId: 11 }))).toBe(true);
    expect(mayFillCell(fn, facts({ actorFunctionIds: new Set([7]) }))).toBe(true);
    expect(mayFillCell(fn, facts({ actorFunctionIds: new Set([8]) }))).toBe(false);
    expect(
      mayFillCell(
        { index: 5, label: 'A', signer: 'function', functionKey: 'chief_architect' },
        facts({ actorFunctionKeys: new Set(['chief_architect']) }),
      ),
    ).toBe(true);
    expect(mayFillCell(president, facts({ actorFunctionKeys: new Set(['president']) }))).toBe(true);
    expect(mayFillCell(president, facts())).toBe(false);
    expect(mayFillCell(applicant, facts({ actorUserId: 20 }))).toBe(true);
    expect(isNextStaffSigner(layout, new Set(), facts())).toBe(true);
    expect(isNextStaffSigner(layout, new Set([1]), facts())).toBe(false);
    expect(isNextStaffSigner(null, new Set(), facts())).toBe(false);
  });
});

describe('signers', () => {
  it('accepts an enrolled staff member with a valid profile', () => {
    expect(staffSignerProblem(GOOD, NOW)).toBeNull();
  });
  it('refuses without enrollment, with a bad profile, with an old enrollment before an ID change', () => {
    expect(staffSignerProblem({ ...GOOD, enrolled: false }, NOW)?.code).toBe('INVALID_CERTSIGN_ENROLLMENT');
    expect(staffSignerProblem({ ...GOOD, personalNumericCode: '1980505260019' }, NOW)?.code).toBe('INVALID_PROFILE_FOR_SIGNING');
    expect(staffSignerProblem({ ...GOOD, idCardSeries: null }, NOW)?.code).toBe('INVALID_PROFILE_FOR_SIGNING');
    expect(staffSignerProblem({ ...GOOD, idCardExpiryDate: '2026-05-31' }, NOW)?.code).toBe('INVALID_PROFILE_FOR_SIGNING');
    const old = new Date('2023-01-01T00:00:00Z');
    expect(staffSignerProblem({ ...GOOD, enrolledAt: old, idCardIssueDate: '2024-02-02' }, NOW)?.code).toBe(
      'ENROLLMENT_NEED_TO_REENROLL',
    );
    expect(staffSignerProblem({ ...GOOD, enrolledAt: old, idCardIssueDate: '2022-02-02' }, NOW)).toBeNull();
    expect(staffSignerProblem({ ...GOOD, enrolledAt: new Date('2026-01-01'), idCardIssueDate: '2026-03-01' }, NOW)).toBeNull();
    expect(staffSignerProblems({ ...GOOD, enrolled: false, idCardNumber: '' }, NOW).map((p) => p.code)).toEqual([
      'INVALID_CERTSIGN_ENROLLMENT',
      'INVALID_PROFILE_FOR_SIGNING',
    ]);
  });
  it('wants an adult citizen with ID data', () => {
    expect(citizenSignerProblem({ ...GOOD, enrolled: false }, NOW)).toBeNull();
    expect(citizenSignerProblem({ ...GOOD, personalNumericCode: '5100101260011' }, NOW)?.code).toBe(
      'INVALID_PROFILE_FOR_SIGNING',
    );
  });
  it('masks phones and writes captions', () => {
    expect(maskPhone('+40 740 123 456')).toBe('••••••••456');
    expect(maskPhone(null)).toBeNull();
    expect(signatureCaption('Ion Popescu', 'Arhitect-șef')).toBe('Semnat de Ion Popescu, Arhitect-șef');
    expect(signatureCaption('Ion Popescu', null)).toBe('Semnat de Ion Popescu');
  });
});
