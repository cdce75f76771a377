import { isStaffType } from '@ghiseu/domain';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { applicationDocuments, applications } from '../../../db/schema/index.js';
import { type Actor, can } from '../../../platform/auth/actor.js';
import { inScope, organisationScope, scopeCondition } from '../../../platform/auth/scope.js';
import type { Db } from '../../../platform/db.js';

/**
 * Who sees which issued documents (spec §2 /issued-documents "my issuances for citizens, general
 * register for staff", §6 issuedDocumentView):
 *
 * - an applicant account (citizen, foreigner, legal entity) sees the issued documents of the
 *   applications it applied for (`applicant_user_id`, the rule of the citizen lists);
 * - staff, admins and super administrators see the general register of their organisation
 *   (every organisation for a super administrator);
 * - the issued PDF is downloaded by its applicant and by the organisation's staff, nobody else.
 */

/** Staff-side roles read the register; the others their own issuances. */
export const readsRegister = (actor: Actor): boolean => isStaffType(actor.userType);

/** The list condition: `d` is application_documents joined with its application. */
export function issuedScope(actor: Actor): SQL | undefined {
  if (!can(actor, 'issuedDocumentView')) return sql`false`;
  if (readsRegister(actor)) return scopeCondition(organisationScope(actor), applicationDocuments.organisationId);
  return eq(applications.applicantUserId, actor.userId);
}

/**
 * The series search's scope (find/findAll?series=): an applicant searches its own applications
 * (optionally of one organisation: the tenant filter); staff their organisation's; a super
 * administrator every organisation's (or the one named).
 */
export function seriesSearchScope(actor: Actor, organisationId: number | undefined): SQL | undefined {
  const tenant = organisationId === undefined ? undefined : eq(applications.organisationId, organisationId);
  if (readsRegister(actor)) return and(scopeCondition(organisationScope(actor), applications.organisationId), tenant);
  return and(eq(applications.applicantUserId, actor.userId), tenant);
}

/** Download rule of an issued output file (registered with the files module). */
export async function mayDownloadIssued(db: Db, actor: Actor, fileId: number): Promise<boolean> {
  if (!can(actor, 'issuedDocumentView')) return false;
  const rows = await db
    .select({ organisationId: applicationDocuments.organisationId, applicantUserId: applications.applicantUserId })
    .from(applicationDocuments)
    .innerJoin(applications, eq(applications.id, applicationDocuments.applicationId))
    .where(and(eq(applicationDocuments.fileId, fileId), inArray(applicationDocuments.state, ['issued'])))
    .limit(5);
  return rows.some((r) => (readsRegister(actor) ? inScope(actor, r.organisationId) : r.applicantUserId === actor.userId));
}
