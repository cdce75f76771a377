import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerPermissionSource } from '../../platform/auth/permissions.js';
import { actorOf, requirePermission, signedIn } from '../../platform/auth/guard.js';
import { listResponse, dataResponse, noContent } from '../../platform/list-query.js';
import {
  ZAdminOrganisation,
  ZAssignablePermission,
  ZDelegatedLoginRequest,
  ZDelegatedLoginResponse,
  ZDepartment,
  ZDepartmentCreateRequest,
  ZDepartmentPatchRequest,
  ZEnrollmentCreated,
  ZEnrollmentCreateRequest,
  ZEnrollmentListQuery,
  ZEnrollmentPersonResponse,
  ZEnrollmentRecord,
  ZEnrollmentRedirect,
  ZEnrollmentRejectRequest,
  ZEnrollmentStatusRecord,
  ZFunctionCreateRequest,
  ZFunctionPatchRequest,
  ZIdParams,
  ZListQuery,
  ZOrganisationCreateRequest,
  ZOrganisationPatchRequest,
  ZPermissionParams,
  ZPermissionPatchRequest,
  ZPermissionRecord,
  ZResponsibility,
  ZResponsibilityCreateRequest,
  ZResponsibilityPatchRequest,
  ZStaffAccount,
  ZStaffAccountDetail,
  ZStaffAccountListAbilities,
  ZStaffAccountInviteRequest,
  ZStaffAccountPatchRequest,
  ZStaffFunctionRecord,
  ZUatAllocation,
  ZUatAssignmentRequest,
  ZUsefulLinksCsv,
} from '@ghiseu/domain';
import { loginDelegatedOrganisation } from './delegation-service.js';
import * as enrollment from './enrollment-service.js';
import * as organisation from './organisation-service.js';
import * as permission from './permission-service.js';
import { functionPermissionSource } from './permission-source.js';
import * as staff from './staff-service.js';
import * as structure from './structure-service.js';
import { requestMeta } from '../../platform/request.js';

const data = dataResponse;

/**
 * Organisation administration (spec §3–§6): organisations, departments, functions,
 * responsibilities, permission records, staff accounts and their UATs, the super admin's
 * delegated sign-in and staff identity enrolment. Routes only declare the contract and the
 * permission keys; object rules live in policy.ts, work in the *-service.ts files.
 */
export async function administrationRoutes(fastify: FastifyInstance): Promise<void> {
  registerPermissionSource(functionPermissionSource);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The useful-links upload is CSV text (this plugin's routes only).
  app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  /* ───────────────────────────── Organisations ───────────────────────────── */

  app.post(
    '/organisations',
    {
      config: requirePermission('organisationsCreate'),
      schema: {
        tags: ['administration'],
        summary: 'Creare instituție (super administrator); creează și funcțiile de sistem',
        body: ZOrganisationCreateRequest,
        response: { 201: data(ZAdminOrganisation) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await organisation.createOrganisation(app.ctx, actorOf(request), request.body, requestMeta(request)) }),
  );

  app.patch(
    '/organisations/:id',
    {
      config: requirePermission('organisationsEdit'),
      schema: {
        tags: ['administration'],
        summary: 'Modificare instituție (merge-patch); tipul, starea și teritoriul doar de super administrator',
        params: ZIdParams,
        body: ZOrganisationPatchRequest,
        response: { 200: data(ZAdminOrganisation) },
      },
    },
    async (request) => ({
      data: await organisation.patchOrganisation(
        app.ctx,
        actorOf(request),
        request.params.id,
        request.body,
        requestMeta(request),
      ),
    }),
  );

  app.delete(
    '/organisations/:id',
    {
      config: requirePermission('organisationsDestroy'),
      schema: {
        tags: ['administration'],
        summary: 'Ștergere instituție fără utilizatori (CANNOT_DELETE_ORGANISATION)',
        params: ZIdParams,
        response: noContent,
      },
    },
    async (request, reply) => {
      await organisation.deleteOrganisation(app.ctx, actorOf(request), request.params.id, requestMeta(request));
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/organisations/:id/useful-links',
    {
      config: requirePermission('organisationsEdit'),
      schema: {
        tags: ['administration'],
        summary: 'Linkuri utile din CSV `name,link` (UTILS_LINKS_CSV_PARSE_ERROR cu numărul liniei)',
        consumes: ['text/csv', 'text/plain'],
        params: ZIdParams,
        body: ZUsefulLinksCsv,
        response: { 200: data(ZAdminOrganisation) },
      },
    },
    async (request) => ({
      data: await organisation.replaceUsefulLinks(
        app.ctx,
        actorOf(request),
        request.params.id,
        request.body,
        requestMeta(request),
      ),
    }),
  );

  /* ───────────────────────────── Departments ───────────────────────────── */

  app.get(
    '/departments',
    {
      config: requirePermission('departmentsEdit', 'accountsRead', 'accountsEdit'),
      schema: {
        tags: ['administration'],
        summary: 'Departamentele instituției',
        querystring: ZListQuery,
        response: { 200: listResponse(ZDepartment) },
      },
    },
    async (request) => structure.listDepartments(app.ctx, actorOf(request), request.query),
  );

  app.get(
    '/departments/:id',
    {
      config: requirePermission('departmentsEdit', 'accountsRead', 'accountsEdit'),
      schema: { tags: ['administration'], summary: 'Un departament', params: ZIdParams, response: { 200: data(ZDepartment) } },
    },
    async (request) => ({ data: await structure.getDepartment(app.ctx, actorOf(request), request.params.id) }),
  );

  app.post(
    '/departments',
    {
      config: requirePermission('departmentsEdit'),
      schema: {
        tags: ['administration'],
        summary: 'Creare departament (DUPLICATE_DEPARTMENT_NAME)',
        body: ZDepartmentCreateRequest,
        response: { 201: data(ZDepartment) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await structure.createDepartment(app.ctx, actorOf(request), request.body, requestMeta(request)) }),
  );

  app.patch(
    '/departments/:id',
    {
      config: requirePermission('departmentsEdit'),
      schema: {
        tags: ['administration'],
        summary: 'Modificare departament (merge-patch)',
        params: ZIdParams,
        body: ZDepartmentPatchRequest,
        response: { 200: data(ZDepartment) },
      },
    },
    async (request) => ({
      data: await structure.patchDepartment(app.ctx, actorOf(request), request.params.id, request.body, requestMeta(request)),
    }),
  );

  app.delete(
    '/departments/:id',
    {
      config: requirePermission('departmentsEdit'),
      schema: {
        tags: ['administration'],
        summary: 'Ștergere departament fără membri (CONFLICT, reason referenced)',
        params: ZIdParams,
        response: noContent,
      },
    },
    async (request, reply) => {
      await structure.deleteDepartment(app.ctx, actorOf(request), request.params.id, requestMeta(request));
      return reply.status(204).send(null);
    },
  );

  /* ───────────────────────────── Functions ───────────────────────────── */

  app.get(
    '/functions',
    {
      config: requirePermission('functionsEdit', 'accountsRead', 'accountsEdit'),
      schema: {
        tags: ['administration'],
        summary: 'Funcțiile instituției, cu responsabilitățile lor',
        querystring: ZListQuery,
        response: { 200: listResponse(ZStaffFunctionRecord) },
      },
    },
    async (request) => structure.listFunctions(app.ctx, actorOf(request), request.query),
  );

  app.get(
    '/functions/:id',
    {
      config: requirePermission('functionsEdit', 'accountsRead', 'accountsEdit'),
      schema: {
        tags: ['administration'],
        summary: 'O funcție',
        params: ZIdParams,
        response: { 200: data(ZStaffFunctionRecord) },
      },
    },
    async (request) => ({ data: await structure.getFunction(app.ctx, actorOf(request), request.params.id) }),
  );

  app.post(
    '/functions',
    {
      config: requirePermission('functionsEdit'),
      schema: {
        tags: ['administration'],
        summary: 'Creare funcție (DUPLICATE_FUNCTION_NAME)',
        body: ZFunctionCreateRequest,
        response: { 201: data(ZStaffFunctionRecord) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await structure.createFunction(app.ctx, actorOf(request), request.body, requestMeta(request)) }),
  );

  app.patch(
    '/functions/:id',
    {
      config: requirePermission('functionsEdit'),
      schema: {
        tags: ['administration'],
        summary: 'Modificare funcție (CAN_NOT_USE_SYSTEM_FUNCTIONS pentru funcțiile de sistem)',
        params: ZIdParams,
        body: ZFunctionPatchRequest,
        response: { 200: data(ZStaffFunctionRecord) },
      },
    },
    async (request) => ({
      data: await structure.patchFunction(app.ctx, actorOf(request), request.params.id, request.body, requestMeta(request)),
    }),
  );

  app.delete(
    '/functions/:id',
    {
      config: requirePermission('functionsEdit'),
      schema: {
        tags: ['administration'],
        summary: 'Ștergere funcție (CANNOT_DELETE_FUNCTION când este folosită)',
        params: ZIdParams,
        response: noContent,
      },
    },
    async (request, reply) => {
      await structure.deleteFunction(app.ctx, actorOf(request), request.params.id, requestMeta(request));
      return reply.status(204).send(null);
    },
  );

  /* ───────────────────────────── Responsibilities ───────────────────────────── */

  app.get(
    '/responsibilities',
    {
      config: requirePermission('responsibilityRead'),
      schema: {
        tags: ['administration'],
        summary: 'Responsabilitățile instituției și cele comune',
        querystring: ZListQuery,
        response: { 200: listResponse(ZResponsibility) },
      },
    },
    async (request) => structure.listResponsibilities(app.ctx, actorOf(request), request.query),
  );

  app.get(
    '/responsibilities/assignable-permissions',
    {
      config: requirePermission('responsibilityEdit'),
      schema: {
        tags: ['administration'],
        summary: 'Permisiunile pe care utilizatorul curent le poate da printr-o responsabilitate',
        response: { 200: data(z.array(ZAssignablePermission)) },
      },
    },
    async (request) => ({ data: await structure.listAssignablePermissions(app.ctx, actorOf(request)) }),
  );

  app.get(
    '/responsibilities/:id',
    {
      config: requirePermission('responsibilityRead'),
      schema: {
        tags: ['administration'],
        summary: 'O responsabilitate',
        params: ZIdParams,
        response: { 200: data(ZResponsibility) },
      },
    },
    async (request) => ({ data: await structure.getResponsibility(app.ctx, actorOf(request), request.params.id) }),
  );

  app.post(
    '/responsibilities',
    {
      config: requirePermission('responsibilityEdit'),
      schema: {
        tags: ['administration'],
        summary: 'Creare responsabilitate (EMPTY_RESPONSIBILITIES, RESPONSIBILITY_ALREADY_EXISTS)',
        body: ZResponsibilityCreateRequest,
        response: { 201: data(ZResponsibility) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await structure.createResponsibility(app.ctx, actorOf(request), request.body, requestMeta(request)) }),
  );

  app.patch(
    '/responsibilities/:id',
    {
      config: requirePermission('responsibilityEdit'),
      schema: {
        tags: ['administration'],
        summary: 'Modificare responsabilitate; aceleași permisiuni fără altă schimbare: CONFLICT, reason unchanged',
        params: ZIdParams,
        body: ZResponsibilityPatchRequest,
        response: { 200: data(ZResponsibility) },
      },
    },
    async (request) => ({
      data: await structure.patchResponsibility(app.ctx, actorOf(request), request.params.id, request.body, requestMeta(request)),
    }),
  );

  app.delete(
    '/responsibilities/:id',
    {
      config: requirePermission('responsibilityEdit'),
      schema: {
        tags: ['administration'],
        summary: 'Ștergere responsabilitate nefolosită (CONFLICT, reason referenced)',
        params: ZIdParams,
        response: noContent,
      },
    },
    async (request, reply) => {
      await structure.deleteResponsibility(app.ctx, actorOf(request), request.params.id, requestMeta(request));
      return reply.status(204).send(null);
    },
  );

  /* ───────────────────────────── Permissions ───────────────────────────── */

  app.get(
    '/permissions',
    {
      config: requirePermission('permissionsRead'),
      schema: {
        tags: ['administration'],
        summary: 'Catalogul de permisiuni cu datele editate (super administrator)',
        querystring: ZListQuery,
        response: { 200: listResponse(ZPermissionRecord) },
      },
    },
    async (request) => permission.listPermissions(app.ctx, actorOf(request), request.query),
  );

  app.get(
    '/permissions/:key',
    {
      config: requirePermission('permissionsRead'),
      schema: {
        tags: ['administration'],
        summary: 'O permisiune',
        params: ZPermissionParams,
        response: { 200: data(ZPermissionRecord) },
      },
    },
    async (request) => ({ data: await permission.getPermission(app.ctx, actorOf(request), request.params.key) }),
  );

  app.patch(
    '/permissions/:key',
    {
      config: requirePermission('permissionsRead'),
      schema: {
        tags: ['administration'],
        summary: 'Modificare permisiune: denumire, descriere, categorie, domeniu, instituții, atribuire implicită',
        params: ZPermissionParams,
        body: ZPermissionPatchRequest,
        response: { 200: data(ZPermissionRecord) },
      },
    },
    async (request) => ({
      data: await permission.patchPermission(app.ctx, actorOf(request), request.params.key, request.body, requestMeta(request)),
    }),
  );

  /* ───────────────────────────── Staff accounts ───────────────────────────── */

  app.get(
    '/staff-accounts',
    {
      config: requirePermission('accountsRead'),
      schema: {
        tags: ['administration'],
        summary: 'Conturile funcționarilor (filtre status, department_id, function_id…)',
        querystring: ZListQuery,
        response: { 200: listResponse(ZStaffAccount).extend({ abilities: ZStaffAccountListAbilities }) },
      },
    },
    async (request) => staff.listStaffAccounts(app.ctx, actorOf(request), request.query),
  );

  app.get(
    '/staff-accounts/:id',
    {
      config: requirePermission('accountsRead'),
      schema: {
        tags: ['administration'],
        summary: 'Un cont de funcționar, cu permisiunile efective',
        params: ZIdParams,
        response: { 200: data(ZStaffAccountDetail) },
      },
    },
    async (request) => ({ data: await staff.getStaffAccount(app.ctx, actorOf(request), request.params.id) }),
  );

  app.post(
    '/staff-accounts',
    {
      config: requirePermission('accountsEdit'),
      schema: {
        tags: ['administration'],
        summary: 'Invitare funcționar prin e-mail (cont în așteptare, link de setare a parolei)',
        body: ZStaffAccountInviteRequest,
        response: { 201: data(ZStaffAccountDetail) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await staff.inviteStaffAccount(app.ctx, actorOf(request), request.body, requestMeta(request)) }),
  );

  app.patch(
    '/staff-accounts/:id',
    {
      config: requirePermission('accountsEdit'),
      schema: {
        tags: ['administration'],
        summary: 'Modificare cont de funcționar (merge-patch)',
        params: ZIdParams,
        body: ZStaffAccountPatchRequest,
        response: { 200: data(ZStaffAccountDetail) },
      },
    },
    async (request) => ({
      data: await staff.patchStaffAccount(app.ctx, actorOf(request), request.params.id, request.body, requestMeta(request)),
    }),
  );

  for (const [action, status] of [
    ['activate', 'active'],
    ['deactivate', 'inactive'],
  ] as const) {
    app.put(
      `/staff-accounts/:id/${action}`,
      {
        config: requirePermission('accountsEdit'),
        schema: {
          tags: ['administration'],
          summary: status === 'active' ? 'Activare cont' : 'Dezactivare cont (sesiunile se închid imediat)',
          params: ZIdParams,
          response: { 200: data(ZStaffAccountDetail) },
        },
      },
      async (request) => ({
        data: await staff.setStaffAccountStatus(app.ctx, actorOf(request), request.params.id, status, requestMeta(request)),
      }),
    );
  }

  app.put(
    '/staff-accounts/:id/reset-password',
    {
      config: requirePermission('accountsEdit'),
      schema: {
        tags: ['administration'],
        summary: 'Trimite prin e-mail un link de resetare a parolei (AUTH_DISABLED pentru conturi inactive)',
        params: ZIdParams,
        response: noContent,
      },
    },
    async (request, reply) => {
      await staff.resetStaffPassword(app.ctx, actorOf(request), request.params.id, requestMeta(request));
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/staff-accounts/:id',
    {
      config: requirePermission('accountsEdit'),
      schema: {
        tags: ['administration'],
        summary: 'Ștergere cont nefolosit (CONFLICT, reason referenced)',
        params: ZIdParams,
        response: noContent,
      },
    },
    async (request, reply) => {
      await staff.deleteStaffAccount(app.ctx, actorOf(request), request.params.id, requestMeta(request));
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/staff-accounts/:id/uats',
    {
      config: requirePermission('territorialUnitAllocationsEdit'),
      schema: {
        tags: ['administration'],
        summary: 'UAT-urile alocate funcționarului (UAT_ALREADY_ASSIGNED cu data.uat_id)',
        params: ZIdParams,
        body: ZUatAssignmentRequest,
        response: { 200: data(ZStaffAccountDetail) },
      },
    },
    async (request) => ({
      data: await staff.assignStaffUats(app.ctx, actorOf(request), request.params.id, request.body.uat_ids, requestMeta(request)),
    }),
  );

  app.get(
    '/territorial-unit-allocations/uats',
    {
      config: requirePermission('accountsRead', 'territorialUnitAllocationsEdit'),
      schema: {
        tags: ['administration'],
        summary: 'Alocările de UAT-uri ale instituției curente',
        querystring: ZListQuery,
        response: { 200: listResponse(ZUatAllocation) },
      },
    },
    async (request) => staff.listUatAllocations(app.ctx, actorOf(request), request.query),
  );

  /* ───────────────────────────── Delegated sign-in ───────────────────────────── */

  app.post(
    '/auth/login-delegated-org',
    {
      // Role rule (super admin only) in policy.ts: no permission key stands for it.
      config: signedIn,
      schema: {
        tags: ['auth'],
        summary: 'Super administratorul lucrează în altă instituție (null: revine la instituția proprie)',
        body: ZDelegatedLoginRequest,
        response: { 200: ZDelegatedLoginResponse },
      },
    },
    async (request) => ({
      data: await loginDelegatedOrganisation(app.ctx, actorOf(request), request.body.organisation_id, requestMeta(request)),
    }),
  );

  /* ───────────────────────────── Enrolment ───────────────────────────── */

  app.post(
    '/video-enrollment',
    {
      config: signedIn,
      schema: {
        tags: ['enrollment'],
        summary: 'Cerere de înrolare a funcționarului (date de identitate și imaginea actului)',
        body: ZEnrollmentCreateRequest,
        response: { 201: ZEnrollmentCreated },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await enrollment.submitEnrollment(app.ctx, actorOf(request), request.body, requestMeta(request)) }),
  );

  app.get(
    '/video-enrollment/status/:id',
    {
      config: signedIn,
      schema: {
        tags: ['enrollment'],
        summary: 'Starea unei cereri de înrolare (proprie sau a instituției)',
        params: ZIdParams,
        response: { 200: data(ZEnrollmentStatusRecord) },
      },
    },
    async (request) => ({ data: await enrollment.getEnrollmentStatus(app.ctx, actorOf(request), request.params.id) }),
  );

  app.get(
    '/video-enrollment/redirect/:id',
    {
      config: signedIn,
      schema: {
        tags: ['enrollment'],
        summary: 'Starea înrolării și ce afișează pagina de revenire',
        params: ZIdParams,
        response: { 200: data(ZEnrollmentRedirect) },
      },
    },
    async (request) => ({ data: await enrollment.getEnrollmentRedirect(app.ctx, actorOf(request), request.params.id) }),
  );

  app.get(
    '/enrollments',
    {
      config: requirePermission('accountsRead'),
      schema: {
        tags: ['enrollment'],
        summary: 'Cererile de înrolare ale instituției (?status=pending)',
        querystring: ZEnrollmentListQuery,
        response: { 200: listResponse(ZEnrollmentRecord) },
      },
    },
    async (request) => enrollment.listEnrollments(app.ctx, actorOf(request), request.query, request.query.status),
  );

  app.put(
    '/enrollments/:id/approve',
    {
      config: requirePermission('accountsEdit'),
      schema: {
        tags: ['enrollment'],
        summary: 'Aprobare înrolare: utilizatorul devine înrolat, identitatea trece în profil',
        params: ZIdParams,
        response: { 200: data(ZEnrollmentRecord) },
      },
    },
    async (request) => ({
      data: await enrollment.approveEnrollment(app.ctx, actorOf(request), request.params.id, requestMeta(request)),
    }),
  );

  app.put(
    '/enrollments/:id/reject',
    {
      config: requirePermission('accountsEdit'),
      schema: {
        tags: ['enrollment'],
        summary: 'Respingere înrolare cu motiv',
        params: ZIdParams,
        body: ZEnrollmentRejectRequest,
        response: { 200: data(ZEnrollmentRecord) },
      },
    },
    async (request) => ({
      data: await enrollment.rejectEnrollment(
        app.ctx,
        actorOf(request),
        request.params.id,
        request.body.reason,
        requestMeta(request),
      ),
    }),
  );

  app.post(
    '/enrollment/person',
    {
      config: signedIn,
      schema: {
        tags: ['enrollment'],
        summary: 'Trimite datele persoanei pentru semnare; success false când profilul nu are CNP valid sau datele actului',
        response: { 200: ZEnrollmentPersonResponse },
      },
    },
    async (request) => enrollment.submitPersonData(app.ctx, actorOf(request), requestMeta(request)),
  );
}
