import { buildPermissionSet } from '@ghiseu/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import type { Actor } from '../../platform/auth/actor.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import {
  buildCitizen,
  buildFunction,
  buildOrganisation,
  buildResponsibility,
  buildStaff,
  buildSubmittedApplication,
  type SignedIn,
} from '../../../test/factories.js';
import { mayReadAttachedFile } from './draft.js';
import { inCombinedFileList } from './policy.js';
import {
  call,
  completeDraft,
  createDraft,
  createFilingFixture,
  DEMO,
  type FilingFixture,
  individual,
  startAnafStandIn,
  TARGU_MURES,
} from '../../../test/applications-kit.js';

/**
 * Who reaches which application (spec §6, policy.ts): the applicant their own drafts and
 * applications; staff of the application's organisation its submitted applications, read only;
 * nobody else anything (404, as for a record that does not exist).
 */

let t: TestApp;
let anaf: Awaited<ReturnType<typeof startAnafStandIn>>;
let fixture: FilingFixture;
let draft: number;
let submitted: number;
let beneficiaryId: number;
let realEstateId: number;
let fileId: number;
/** The applicant, two other applicants, staff of the type's organisation, an admin elsewhere. */
let citizen: SignedIn;
let stranger: SignedIn;
let otherStranger: SignedIn;
let staff: SignedIn;
let otherAdmin: SignedIn;
beforeAll(async () => {
  anaf = await startAnafStandIn([]);
  t = await createTestApp({ ANAF_API_URL: anaf.url });
  fixture = await createFilingFixture(t);
  [citizen, stranger, otherStranger, staff] = await Promise.all([
    buildCitizen(t),
    buildCitizen(t),
    buildCitizen(t),
    // Staff who see all of the organisation's applications (CAN_VIEW_ORGANISATIONS_APPLICATIONS);
    // the assigned-only rule is tested with the staff views (staff/staff-flow.test.ts).
    buildFunction(t, fixture.organisationId, [
      await buildResponsibility(t, fixture.organisationId, ['CAN_VIEW_ORGANISATIONS_APPLICATIONS']),
    ]).then((viewer) => buildStaff(t, fixture.organisationId, { functions: [viewer] })),
  ]);
  otherAdmin = await buildStaff(t, (await buildOrganisation(t)).id, { admin: true });
  draft = await createDraft(t, citizen.headers, fixture.typeId);
  await completeDraft(t, citizen.headers, draft, 1);
  const record = (await call(t, 'GET', `/api/applications/${draft}`, citizen.headers)).json().data;
  beneficiaryId = record.beneficiaries[0].id;
  realEstateId = record.real_estates[0].id;
  fileId = record.attachments[0].file_id;
  submitted = (await buildSubmittedApplication(t, citizen, { fixture, n: 2 })).id;
});
afterAll(async () => {
  await t?.close();
  await anaf?.close();
});

/** Every call of the module on the citizen's draft. */
const draftCalls = (id: number) =>
  [
    ['GET', `/api/applications/${id}`, undefined],
    ['GET', `/api/applications/${id}/history`, undefined],
    ['PATCH', `/api/applications/${id}`, { purpose: 'x' }],
    ['DELETE', `/api/applications/${id}/draft`, undefined],
    ['PUT', `/api/applications/${id}/send`, undefined],
    ['POST', `/api/applications/${id}/files`, { file_id: fileId, category: 'plan_situatie' }],
    ['DELETE', `/api/applications/${id}/files/${fileId}`, undefined],
    ['POST', `/api/applications/${id}/beneficiaries`, individual(9)],
    ['PATCH', `/api/applications/${id}/beneficiaries/${beneficiaryId}`, { first_name: 'Vasile' }],
    ['DELETE', `/api/applications/${id}/beneficiaries/${beneficiaryId}`, undefined],
    ['POST', `/api/applications/${id}/real-estates`, { cadastral_number: '9', uat_id: TARGU_MURES, type: 'land' }],
    ['PATCH', `/api/applications/${id}/real-estates/${realEstateId}`, { area: 1 }],
    ['DELETE', `/api/applications/${id}/real-estates/${realEstateId}`, undefined],
    ['POST', `/api/applications/${id}/comment`, { text: 'x' }],
    ['POST', `/api/applications/${id}/send-review`, { citizen_review: 'x' }],
  ] as const;

describe('another applicant', () => {
  it('gets 404 for every call on a draft that is not theirs', async () => {
    for (const [method, url, body] of draftCalls(draft)) {
      const response = await call(t, method, url, stranger.headers, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json(), `${method} ${url}`).toEqual({ message: 'NOT_FOUND' });
    }
  });

  it('gets 404 for a submitted application that is not theirs', async () => {
    for (const [method, url, body] of draftCalls(submitted)) {
      const response = await call(t, method, url, otherStranger.headers, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('does not see it in any list', async () => {
    expect((await call(t, 'GET', '/api/applications', stranger.headers)).json().data).toEqual([]);
    expect((await call(t, 'GET', '/api/applications/listAll', stranger.headers)).json().data).toEqual([]);
  });

  it('cannot attach a file it did not upload', async () => {
    const own = await createDraft(t, stranger.headers, fixture.typeId);
    const response = await call(t, 'POST', `/api/applications/${own}/files`, stranger.headers, {
      file_id: fileId,
      category: 'plan_situatie',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'FILE_NOT_EXISTS' });
  });

  it('the owner still has everything', async () => {
    const record = (await call(t, 'GET', `/api/applications/${draft}`, citizen.headers)).json().data;
    expect(record.beneficiaries).toHaveLength(1);
    expect(record.purpose).toBeNull();
  });
});

describe('staff', () => {
  it('of the organisation read submitted applications, not drafts, and change nothing', async () => {
    const read = await call(t, 'GET', `/api/applications/${submitted}`, staff.headers);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.abilities).toEqual({
      canEdit: false,
      canDelete: false,
      canSubmit: false,
      canComment: false,
      canAnswerClarification: false,
    });
    expect((await call(t, 'GET', `/api/applications/${draft}`, staff.headers)).statusCode).toBe(404);
    // Staff hold no applicationsCreate/Edit/Destroy: the route refuses before any record is read.
    for (const [method, url, body] of draftCalls(submitted).filter(([m]) => m !== 'GET')) {
      expect((await call(t, method, url, staff.headers, body)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('of another organisation get 404', async () => {
    expect((await call(t, 'GET', `/api/applications/${submitted}`, otherAdmin.headers)).statusCode).toBe(404);
  });

  it('list only their own applications through the citizen list', async () => {
    expect((await call(t, 'GET', '/api/applications', staff.headers)).json().data).toEqual([]);
  });

  it('a super admin outside the organisation reads nothing', async () => {
    expect((await call(t, 'GET', `/api/applications/${submitted}`, DEMO.superadmin)).statusCode).toBe(404);
  });
});

describe('attached files', () => {
  /** The actor a request of `email` would carry (role grants only). */
  const actorFor = async (email: string): Promise<Actor> => {
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, email));
    return {
      userId: user.id,
      userType: user.userType,
      email,
      organisationId: user.organisationId,
      homeOrganisationId: user.organisationId,
      isOrganisationAdmin: user.isOrganisationAdmin,
      // Role grants, and for staff the function that shows them the organisation's applications.
      permissions: {
        ...buildPermissionSet(user.userType),
        ...(user.userType === 'staff' ? { CAN_VIEW_ORGANISATIONS_APPLICATIONS: true as const } : {}),
      },
      sessionId: 0,
    };
  };

  it('may be read by whoever may read the application (for the files module’s download rule)', async () => {
    const submittedFile = (await call(t, 'GET', `/api/applications/${submitted}`, citizen.headers)).json().data.attachments[0]
      .file_id;
    expect(await mayReadAttachedFile(t.ctx.db, await actorFor(staff.email), submittedFile)).toBe(true);
    expect(await mayReadAttachedFile(t.ctx.db, await actorFor(staff.email), fileId)).toBe(false);
    expect(await mayReadAttachedFile(t.ctx.db, await actorFor(citizen.email), fileId)).toBe(true);
    expect(await mayReadAttachedFile(t.ctx.db, await actorFor(stranger.email), submittedFile)).toBe(false);
  });
});

describe('anonymous callers', () => {
  it('are asked to sign in', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/applications/${submitted}` });
    expect(response.statusCode).toBe(401);
  });
});

describe('combined file list (spec §4)', () => {
  const base = {
    fileType: 'input' as const,
    status: null,
    isPublic: false,
    isPreview: false,
    isIdentification: false,
    isGis: false,
  };
  it('keeps input, review, signed or sealed output, public files, identification and GIS files', () => {
    expect(inCombinedFileList(base, 'NEW')).toBe(true);
    expect(inCombinedFileList({ ...base, fileType: 'review' }, 'NEW')).toBe(true);
    expect(inCombinedFileList({ ...base, fileType: 'output' }, 'NEW')).toBe(false);
    expect(inCombinedFileList({ ...base, fileType: 'output', status: 'signed' }, 'NEW')).toBe(true);
    expect(inCombinedFileList({ ...base, fileType: 'output', status: 'sealed' }, 'NEW')).toBe(true);
    expect(inCombinedFileList({ ...base, fileType: 'output', isPublic: true }, 'NEW')).toBe(true);
    expect(inCombinedFileList({ ...base, fileType: 'output' }, 'SIGN_APPLICANT_USER_PENDING')).toBe(true);
    expect(inCombinedFileList({ ...base, isPreview: true }, 'NEW')).toBe(false);
    expect(inCombinedFileList({ ...base, fileType: 'output', status: 'signed', isPreview: true }, 'NEW')).toBe(false);
    expect(inCombinedFileList({ ...base, fileType: 'output', isPreview: true, isIdentification: true }, 'NEW')).toBe(true);
    expect(inCombinedFileList({ ...base, fileType: 'output', isPreview: true, isGis: true }, 'NEW')).toBe(true);
  });
});
