import { buildPermissionSet, type UserType } from '@ghiseu/domain';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../platform/auth/actor.js';
import {
  isAccessFor,
  isVisibleToVisitors,
  isVisitorDocument,
  mayBePublished,
  mayPublishFiles,
  minutesLeft,
  phoneBelongs,
} from './policy.js';
import { daysText } from './receipt.js';
import { hashPublicCode, publicCodeMatches, receiptFileName } from './service.js';

/** The public page's rules on their own (no database). */

const actor = (userType: UserType, organisationId: number | null, userId = 7): Actor => ({
  userId,
  userType,
  email: 'x@y.ro',
  organisationId,
  homeOrganisationId: organisationId,
  isOrganisationAdmin: false,
  permissions: buildPermissionSet(userType),
  sessionId: 1,
});

describe('visitors', () => {
  it('never see drafts', () => {
    expect(isVisibleToVisitors('DRAFT')).toBe(false);
    for (const status of ['NEW', 'PENDING', 'REVIEW', 'SIGNED', 'CLOSED'] as const)
      expect(isVisibleToVisitors(status)).toBe(true);
  });

  it('match a phone against the stored ones in national form', () => {
    expect(phoneBelongs('0722111222', ['+40 722 111 222'])).toBe(true);
    expect(phoneBelongs('0722111222', ['0040722111222', '0740123456'])).toBe(true);
    expect(phoneBelongs('0722111222', ['0722111223'])).toBe(false);
    expect(phoneBelongs('0722111222', [])).toBe(false);
  });

  it('download public files only, never previews or identity documents', () => {
    expect(isVisitorDocument({ isPublic: true, isPreview: false, isIdentification: false })).toBe(true);
    expect(isVisitorDocument({ isPublic: false, isPreview: false, isIdentification: false })).toBe(false);
    expect(isVisitorDocument({ isPublic: true, isPreview: true, isIdentification: false })).toBe(false);
    expect(isVisitorDocument({ isPublic: true, isPreview: false, isIdentification: true })).toBe(false);
    expect(mayBePublished({ isPreview: false, isIdentification: true })).toBe(false);
  });

  it('hold a token for one application', () => {
    const payload = { kind: 'public-status' as const, applicationId: 5, phone: '0740123456' };
    expect(isAccessFor(payload, 5)).toBe(true);
    expect(isAccessFor(payload, 6)).toBe(false);
    expect(isAccessFor(null, 5)).toBe(false);
    expect(isAccessFor({ ...payload, kind: 'download' } as never, 5)).toBe(false);
  });

  it('are told whole minutes of a block, at least one', () => {
    const now = new Date('2026-03-01T10:00:00Z');
    expect(minutesLeft(new Date('2026-03-01T10:05:00Z'), now)).toBe(5);
    expect(minutesLeft(new Date('2026-03-01T10:04:01Z'), now)).toBe(5);
    expect(minutesLeft(new Date('2026-03-01T10:00:01Z'), now)).toBe(1);
  });
});

describe('staff publishing files', () => {
  const application = { applicantUserId: 1, organisationId: 10, status: 'NEW' as const };
  it('are the organisation’s processing staff, on submitted applications in their scope', () => {
    const viewer = (organisationId: number): Actor => {
      const a = actor('staff', organisationId);
      return { ...a, permissions: { ...a.permissions, CAN_VIEW_ORGANISATIONS_APPLICATIONS: true } };
    };
    expect(mayPublishFiles(viewer(10), application)).toBe(true);
    expect(mayPublishFiles(viewer(11), application)).toBe(false);
    expect(mayPublishFiles(viewer(10), { ...application, status: 'DRAFT' })).toBe(false);
    // Without the organisation-wide key: only what is assigned to them.
    expect(mayPublishFiles(actor('staff', 10), application)).toBe(false);
    expect(mayPublishFiles(actor('staff', 10), { ...application, assigneeUserId: 7 })).toBe(true);
    expect(mayPublishFiles(actor('citizen', null, 1), application)).toBe(false);
    expect(mayPublishFiles(actor('admin', 10), application)).toBe(false);
  });
});

describe('codes and texts', () => {
  it('store codes salted and check them in constant time', () => {
    const a = hashPublicCode(1, '0740123456', '123456');
    const b = hashPublicCode(1, '0740123456', '123456');
    expect(a).not.toBe(b);
    expect(publicCodeMatches(a, 1, '0740123456', '123456')).toBe(true);
    expect(publicCodeMatches(a, 1, '0740123456', '123457')).toBe(false);
    expect(publicCodeMatches(a, 2, '0740123456', '123456')).toBe(false);
    expect(publicCodeMatches('broken', 1, '0740123456', '123456')).toBe(false);
  });

  it('write Romanian day counts and safe file names', () => {
    expect(daysText(1)).toBe('1 zi');
    expect(daysText(10)).toBe('10 zile');
    expect(daysText(30)).toBe('30 de zile');
    expect(daysText(101)).toBe('101 zile');
    expect(receiptFileName('CJMS/12/2026')).toBe('dovada-inregistrare-CJMS-12-2026.pdf');
    expect(receiptFileName('Țară 1')).toBe('dovada-inregistrare-Tara-1.pdf');
  });
});
