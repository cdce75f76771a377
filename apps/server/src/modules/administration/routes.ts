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
import { registerCrudRoutes } from '../../platform/crud-routes.js';
import { requestMeta } from '../../platform/request.js';

const data = dataResponse;
const tags = ['administration'];

/**
 * Organisation administration (spec §3–§6): organisations, departments, functions,
 * responsibilities, permission records, staff accounts and their UATs, the super admin's
 * delegated sign-in and staff identity enrollment. Routes only declare the contract and the
 * permission keys; object rules live in policy.ts, work in the *-service.ts files.
 */
export async function administrationRoutes(fastify: FastifyInstance): Promise<void> {
  registerPermissionSource(functionPermissionSource);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The useful-links upload is CSV text (this plugin's routes only).
  app.addContentTypeParser('text/csv', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  /* ───────────────────────────── Organisations ───────────────────────────── */

  // Reading organisations is public: the list and one record are routes of modules/organisations.
  registerCrudRoutes(app, {
    path: '/organisations',
    tags,
    record: ZAdminOrganisation,
    create: {
      permissions: ['organisationsCreate'],
      summary: 'Creare instituție (super administrator); creează și funcțiile de sistem',
      body: ZOrganisationCreateRequest,
      run: organisation.createOrganisation,
    },
    patch: {
      permissions: ['organisationsEdit'],
      summary: 'Modificare instituție (merge-patch); tipul, starea și teritoriul doar de super administrator',
      body: ZOrganisationPatchRequest,
      run: organisation.patchOrganisation,
    },
    remove: {
      permissions: ['organisationsDestroy'],
      summary: 'Ștergere instituție fără utilizatori (CANNOT_DELETE_ORGANISATION)',
      run: organisation.deleteOrganisation,
    },
  });

  app.put(
    '/organisations/:id/useful-links',
    {
      config: requirePermission('organisationsEdit'),
      schema: {
        tags,
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

  registerCrudRoutes(app, {
    path: '/departments',
    tags,
    record: ZDepartment,
    list: {
      permissions: ['departmentsEdit', 'accountsRead', 'accountsEdit'],
      summary: 'Departamentele instituției',
      run: structure.listDepartments,
    },
    read: {
      permissions: ['departmentsEdit', 'accountsRead', 'accountsEdit'],
      summary: 'Un departament',
      run: structure.getDepartment,
    },
    create: {
      permissions: ['departmentsEdit'],
      summary: 'Creare departament (DUPLICATE_DEPARTMENT_NAME)',
      body: ZDepartmentCreateRequest,
      run: structure.createDepartment,
    },
    patch: {
      permissions: ['departmentsEdit'],
      summary: 'Modificare departament (merge-patch)',
      body: ZDepartmentPatchRequest,
      run: structure.patchDepartment,
    },
    remove: {
      permissions: ['departmentsEdit'],
      summary: 'Ștergere departament fără membri (CONFLICT, reason referenced)',
      run: structure.deleteDepartment,
    },
  });

  /* ───────────────────────────── Functions ───────────────────────────── */

  registerCrudRoutes(app, {
    path: '/functions',
    tags,
    record: ZStaffFunctionRecord,
    list: {
      permissions: ['functionsEdit', 'accountsRead', 'accountsEdit'],
      summary: 'Funcțiile instituției, cu responsabilitățile lor',
      run: structure.listFunctions,
    },
    read: {
      permissions: ['functionsEdit', 'accountsRead', 'accountsEdit'],
      summary: 'O funcție',
      run: structure.getFunction,
    },
    create: {
      permissions: ['functionsEdit'],
      summary: 'Creare funcție (DUPLICATE_FUNCTION_NAME)',
      body: ZFunctionCreateRequest,
      run: structure.createFunction,
    },
    patch: {
      permissions: ['functionsEdit'],
      summary: 'Modificare funcție (CAN_NOT_USE_SYSTEM_FUNCTIONS pentru funcțiile de sistem)',
      body: ZFunctionPatchRequest,
      run: structure.patchFunction,
    },
    remove: {
      permissions: ['functionsEdit'],
      summary: 'Ștergere funcție (CANNOT_DELETE_FUNCTION când este folosită)',
      run: structure.deleteFunction,
    },
  });

  /* ───────────────────────────── Responsibilities ───────────────────────────── */

  registerCrudRoutes(app, {
    path: '/responsibilities',
    tags,
    record: ZResponsibility,
    list: {
      permissions: ['responsibilityRead'],
      summary: 'Responsabilitățile instituției și cele comune',
      run: structure.listResponsibilities,
    },
    read: { permissions: ['responsibilityRead'], summary: 'O responsabilitate', run: structure.getResponsibility },
    create: {
      permissions: ['responsibilityEdit'],
      summary: 'Creare responsabilitate (EMPTY_RESPONSIBILITIES, RESPONSIBILITY_ALREADY_EXISTS)',
      body: ZResponsibilityCreateRequest,
      run: structure.createResponsibility,
    },
    patch: {
      permissions: ['responsibilityEdit'],
      summary: 'Modificare responsabilitate; aceleași permisiuni fără altă schimbare: CONFLICT, reason unchanged',
      body: ZResponsibilityPatchRequest,
      run: structure.patchResponsibility,
    },
    remove: {
      permissions: ['responsibilityEdit'],
      summary: 'Ștergere responsabilitate nefolosită (CONFLICT, reason referenced)',
      run: structure.deleteResponsibility,
    },
  });

  app.get(
    '/responsibilities/assignable-permissions',
    {
      config: requirePermission('responsibilityEdit'),
      schema: {
        tags,
        summary: 'Permisiunile pe care utilizatorul curent le poate da printr-o responsabilitate',
        response: { 200: data(z.array(ZAssignablePermission)) },
      },
    },
    async (request) => ({ data: await structure.listAssignablePermissions(app.ctx, actorOf(request)) }),
  );

  /* ───────────────────────────── Permissions ───────────────────────────── */

  registerCrudRoutes(app, {
    path: '/permissions',
    tags,
    record: ZPermissionRecord,
    key: { params: ZPermissionParams, name: 'key' },
    list: {
      permissions: ['permissionsRead'],
      summary: 'Catalogul de permisiuni cu datele editate (super administrator)',
      run: permission.listPermissions,
    },
    read: { permissions: ['permissionsRead'], summary: 'O permisiune', run: permission.getPermission },
    patch: {
      permissions: ['permissionsRead'],
      summary: 'Modificare permisiune: denumire, descriere, categorie, domeniu, instituții, atribuire implicită',
      body: ZPermissionPatchRequest,
      run: permission.patchPermission,
    },
  });

  /* ───────────────────────────── Staff accounts ───────────────────────────── */

  registerCrudRoutes(app, {
    path: '/staff-accounts',
    tags,
    record: ZStaffAccountDetail,
    list: {
      permissions: ['accountsRead'],
      summary: 'Conturile funcționarilor (filtre status, department_id, function_id…)',
      // The list carries what the actor may do with the list itself (spec §5: invite).
      response: listResponse(ZStaffAccount).extend({ abilities: ZStaffAccountListAbilities }),
      run: staff.listStaffAccounts,
    },
    read: {
      permissions: ['accountsRead'],
      summary: 'Un cont de funcționar, cu permisiunile efective',
      run: staff.getStaffAccount,
    },
    create: {
      permissions: ['accountsEdit'],
      summary: 'Invitare funcționar prin e-mail (cont în așteptare, link de setare a parolei)',
      body: ZStaffAccountInviteRequest,
      run: staff.inviteStaffAccount,
    },
    patch: {
      permissions: ['accountsEdit'],
      summary: 'Modificare cont de funcționar (merge-patch)',
      body: ZStaffAccountPatchRequest,
      run: staff.patchStaffAccount,
    },
    remove: {
      permissions: ['accountsEdit'],
      summary: 'Ștergere cont nefolosit (CONFLICT, reason referenced)',
      run: staff.deleteStaffAccount,
    },
  });

  for (const [action, status] of [
    ['activate', 'active'],
    ['deactivate', 'inactive'],
  ] as const) {
    app.put(
      `/staff-accounts/:id/${action}`,
      {
        config: requirePermission('accountsEdit'),
        schema: {
          tags,
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
        tags,
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

  app.put(
    '/staff-accounts/:id/uats',
    {
      config: requirePermission('territorialUnitAllocationsEdit'),
      schema: {
        tags,
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

  registerCrudRoutes(app, {
    path: '/territorial-unit-allocations/uats',
    tags,
    record: ZUatAllocation,
    list: {
      permissions: ['accountsRead', 'territorialUnitAllocationsEdit'],
      summary: 'Alocările de UAT-uri ale instituției curente',
      run: staff.listUatAllocations,
    },
  });

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

  /* ───────────────────────────── Enrollment ───────────────────────────── */

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
