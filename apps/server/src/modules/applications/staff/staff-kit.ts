import { type FormDefinitionInput, ZFormDefinition } from '@ghiseu/domain';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { applications, applicationTypes, forms, formVersions } from '../../../db/schema/index.js';
import { call, DEMO, TARGU_MURES } from '../../../../test/applications-kit.js';
import {
  buildApplicationType,
  buildCitizen,
  buildFunction,
  buildOrganisation,
  buildStaff,
  buildSubmittedApplication,
  type SignedIn,
} from '../../../../test/factories.js';
import type { TestApp } from '../../../../test/test-app.js';
import { userId } from '../../../../test/administration-kit.js';

/**
 * Fixtures of the staff-processing tests (not a test file itself): an organisation with a type
 * (citizen, staff and rejection forms published), its staff — a supervisor (CAN_VIEW_
 * ORGANISATIONS_APPLICATIONS + CAN_ASSIGN_APPLICATION), a clerk who sees the organisation's
 * applications, a clerk without that key (assigned only) — a clerk of another organisation, and
 * a citizen who files.
 */

export const STAFF_FORM: FormDefinitionInput = {
  fields: [
    { type: 'textarea', key: 'observatii', label: 'Observații', required: true },
    { type: 'number', key: 'numar_exemplare', label: 'Număr de exemplare', min: 1 },
  ],
};

export const REJECT_FORM: FormDefinitionInput = {
  fields: [{ type: 'textarea', key: 'temei_legal', label: 'Temeiul legal', required: true }],
};

let sequence = 0;

/** A published form written straight into the tables (the forms module has its own tests). */
export async function publishedForm(t: TestApp, definition: FormDefinitionInput): Promise<number> {
  const parsed = ZFormDefinition.parse(definition);
  return t.ctx.db.transaction(async (tx) => {
    const [form] = await tx
      .insert(forms)
      .values({
        name: `Formular staff ${Date.now()}-${++sequence}-${Math.random()}`,
        status: 'published',
        draftDefinition: parsed,
      })
      .returning({ id: forms.id });
    const [version] = await tx.insert(formVersions).values({ formId: form.id, version: 1, definition: parsed }).returning();
    await tx.update(forms).set({ publishedVersionId: version.id }).where(eq(forms.id, form.id));
    return form.id;
  });
}

export interface StaffFixture {
  organisationId: number;
  typeId: number;
  otherTypeId: number;
  citizen: SignedIn;
  supervisor: SignedIn;
  clerk: SignedIn;
  plain: SignedIn;
  stranger: SignedIn;
  consultantId: number;
  /** The function that sees the organisation's applications (the clerk holds it). */
  viewerFunctionId: number;
  fixture: Awaited<ReturnType<typeof buildApplicationType>>;
}

async function responsibility(t: TestApp, organisationId: number, permissions: string[]): Promise<number> {
  const response = await call(t, 'POST', '/api/responsibilities', DEMO.superadmin, {
    name: `Procesare ${Date.now()}-${++sequence}`,
    permissions,
    organisation_id: organisationId,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id;
}

export async function buildStaffFixture(t: TestApp): Promise<StaffFixture> {
  const organisation = await buildOrganisation(t, { uat_id: TARGU_MURES });
  const fixture = await buildApplicationType(t, { organisationId: organisation.id });
  const other = await buildApplicationType(t, { organisationId: organisation.id, name: 'Autorizație de construire' });
  await t.ctx.db
    .update(applicationTypes)
    .set({ staffFormId: await publishedForm(t, STAFF_FORM), rejectFormId: await publishedForm(t, REJECT_FORM) })
    .where(eq(applicationTypes.id, fixture.typeId));
  const everything = await buildFunction(t, organisation.id, [
    await responsibility(t, organisation.id, ['CAN_VIEW_ORGANISATIONS_APPLICATIONS', 'CAN_ASSIGN_APPLICATION']),
  ]);
  const viewer = await buildFunction(t, organisation.id, [
    await responsibility(t, organisation.id, ['CAN_VIEW_ORGANISATIONS_APPLICATIONS']),
  ]);
  const otherOrganisation = await buildOrganisation(t, { uat_id: TARGU_MURES });
  const otherViewer = await buildFunction(t, otherOrganisation.id, [
    await responsibility(t, otherOrganisation.id, ['CAN_VIEW_ORGANISATIONS_APPLICATIONS', 'CAN_ASSIGN_APPLICATION']),
  ]);
  const [citizen, supervisor, clerk, plain, stranger] = await Promise.all([
    buildCitizen(t),
    buildStaff(t, organisation.id, { functions: [everything], firstName: 'Sorin', lastName: 'Șef' }),
    buildStaff(t, organisation.id, { functions: [viewer], firstName: 'Carmen', lastName: 'Lucrătoare' }),
    buildStaff(t, organisation.id, { firstName: 'Petru', lastName: 'Simplu' }),
    buildStaff(t, otherOrganisation.id, { functions: [otherViewer], firstName: 'Străin', lastName: 'Altundeva' }),
  ]);
  return {
    organisationId: organisation.id,
    typeId: fixture.typeId,
    otherTypeId: other.typeId,
    citizen,
    supervisor,
    clerk,
    plain,
    stranger,
    consultantId: await userId(t, DEMO.consultant),
    viewerFunctionId: viewer,
    fixture,
  };
}

/** An application the fixture's citizen filed (NEW), with an entry number. */
export async function fileApplication(t: TestApp, f: StaffFixture, n = 1): Promise<number> {
  return (await buildSubmittedApplication(t, f.citizen, { fixture: f.fixture, n })).id;
}

/** Calls a staff action; `who` is a signed-in person's headers or a demo e-mail. */
export function staffCall(
  t: TestApp,
  method: 'GET' | 'PATCH' | 'PUT' | 'POST',
  url: string,
  who: SignedIn | string,
  payload?: unknown,
) {
  return call(t, method, `/api/staff-applications${url}`, typeof who === 'string' ? who : who.headers, payload);
}

/** Puts an application straight into a state (the tests of one action start from any status). */
export async function setState(t: TestApp, id: number, values: Partial<typeof applications.$inferInsert>): Promise<void> {
  await t.ctx.db.update(applications).set(values).where(eq(applications.id, id));
}

export async function statusOf(t: TestApp, id: number): Promise<string> {
  const [row] = await t.ctx.db.select({ status: applications.status }).from(applications).where(eq(applications.id, id));
  return row.status;
}
