import {
  ZIdParams,
  ZInviteBeneficiaryRequest,
  ZInviteBeneficiaryResult,
  ZRegisterApplicationRequest,
  ZRegisterDocumentRequest,
  ZRegistryApplicationPatch,
  ZRegistryAssignee,
  ZRegistryConnection,
  ZRegistryConnectionsQuery,
  ZRegistryFormPatch,
  ZRegistryRecord,
  ZRegistrySendRequest,
  ZEchoQuery,
} from '@ghiseu/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requirePermission } from '../../../platform/auth/guard.js';
import { dataResponse } from '../../../platform/list-query.js';
import { requestMeta } from '../../../platform/request.js';
import * as service from './service.js';

const data = dataResponse;
const tags = ['registry'];
const registrars = requirePermission('applicationsRegister');

/**
 * The general registry (spec §2 /register-application, §7 register*, registry-send,
 * invite-beneficiary). Every route needs `applicationsRegister`; the records are the actor's
 * organisation's (policy.ts). Each change is one transaction with its audit entry and event.
 */
export async function registryRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const echoed = (echo: string | undefined, record: { id: number }) => ({ data: echo === 'true' ? record : { id: record.id } });

  app.post(
    '/staff-applications/register',
    {
      config: registrars,
      schema: {
        tags,
        summary:
          'Înregistrează la ghișeu o cerere a unui tip de intrare al instituției: formularul completat de funcționar, beneficiarul, imobilele; starea REGISTERED, număr din seria de intrare, semnare offline',
        querystring: ZEchoQuery,
        body: ZRegisterApplicationRequest,
        response: { 201: data(z.union([ZRegistryRecord, z.object({ id: z.number().int() })])) },
      },
    },
    async (request, reply) => {
      const record = await service.registerApplication(app.ctx, actorOf(request), request.body, requestMeta(request));
      return reply.status(201).send(echoed(request.query.echo, record));
    },
  );

  app.post(
    '/staff-applications/generate-registry-doc',
    {
      config: registrars,
      schema: {
        tags,
        summary:
          'Înregistrează un document intrat (număr și dată externe, obiect, documente conexe, scanul PDF/JPEG/PNG obligatoriu); starea REGISTERED și fișa de înregistrare',
        querystring: ZEchoQuery,
        body: ZRegisterDocumentRequest,
        response: { 201: data(z.union([ZRegistryRecord, z.object({ id: z.number().int() })])) },
      },
    },
    async (request, reply) => {
      const record = await service.registerDocument(app.ctx, actorOf(request), request.body, requestMeta(request));
      return reply.status(201).send(echoed(request.query.echo, record));
    },
  );

  // Declared before the `/:id` routes of the staff-applications module read these as ids.
  app.get(
    '/staff-applications/registry/connections',
    {
      config: registrars,
      schema: {
        tags,
        summary: 'Documente conexe: cererile instituției al căror număr de înregistrare conține textul (cel mult 20)',
        querystring: ZRegistryConnectionsQuery,
        response: { 200: data(z.array(ZRegistryConnection)) },
      },
    },
    async (request) => ({ data: await service.searchConnections(app.ctx, actorOf(request), request.query.value) }),
  );

  app.get(
    '/staff-applications/registry/assignees',
    {
      config: registrars,
      schema: {
        tags,
        summary: 'Funcționarii activi ai instituției cărora li se poate trimite un document înregistrat',
        response: { 200: data(z.array(ZRegistryAssignee)) },
      },
    },
    async (request) => ({ data: await service.listAssignees(app.ctx, actorOf(request)) }),
  );

  app.get(
    '/staff-applications/:id/registry',
    {
      config: registrars,
      schema: {
        tags,
        summary: 'Datele de registru ale unei cereri înregistrate la ghișeu',
        params: ZIdParams,
        response: { 200: data(ZRegistryRecord) },
      },
    },
    async (request) => ({ data: await service.getRegistryRecord(app.ctx, actorOf(request), request.params.id) }),
  );

  app.get(
    '/staff-applications/:id/registry-slip',
    {
      config: registrars,
      schema: {
        tags,
        summary: 'Fișa de înregistrare (PDF) cu numărul de înregistrare și codul QR al paginii publice',
        params: ZIdParams,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await service.renderSlip(app.ctx, actorOf(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.patch(
    '/staff-applications/:id/registry-application',
    {
      config: registrars,
      schema: {
        tags,
        summary: 'Modifică datele de registru (merge-patch) cât timp cererea este REGISTERED',
        params: ZIdParams,
        body: ZRegistryApplicationPatch,
        response: { 200: data(ZRegistryRecord) },
      },
    },
    async (request) => ({
      data: await service.patchRegistryApplication(
        app.ctx,
        actorOf(request),
        request.params.id,
        request.body,
        requestMeta(request),
      ),
    }),
  );

  app.patch(
    '/staff-applications/:id/registry-application-form',
    {
      config: registrars,
      schema: {
        tags,
        summary: 'Modifică răspunsurile formularului (merge-patch, verificate complet) cât timp cererea este REGISTERED',
        params: ZIdParams,
        body: ZRegistryFormPatch,
        response: { 200: data(ZRegistryRecord) },
      },
    },
    async (request) => ({
      data: await service.patchRegistryForm(app.ctx, actorOf(request), request.params.id, request.body, requestMeta(request)),
    }),
  );

  app.patch(
    '/staff-applications/:id/generate-registry-doc',
    {
      config: registrars,
      schema: {
        tags,
        summary: 'Regenerează fișa de înregistrare (versiune nouă) cât timp cererea este REGISTERED',
        params: ZIdParams,
        response: { 200: data(ZRegistryRecord) },
      },
    },
    async (request) => ({
      data: await service.regenerateSlip(app.ctx, actorOf(request), request.params.id, requestMeta(request)),
    }),
  );

  app.put(
    '/staff-applications/:id/registry-send',
    {
      config: registrars,
      schema: {
        tags,
        summary: 'Trimite documentul înregistrat unui funcționar al instituției: devine responsabil, starea PENDING',
        params: ZIdParams,
        body: ZRegistrySendRequest,
        response: { 200: data(ZRegistryRecord) },
      },
    },
    async (request) => ({
      data: await service.sendRegistered(app.ctx, actorOf(request), request.params.id, request.body, requestMeta(request)),
    }),
  );

  app.post(
    '/notifications/invite-beneficiary',
    {
      config: registrars,
      schema: {
        tags,
        summary:
          'Invită prin e-mail beneficiarul unei cereri înregistrate să își creeze cont (BENEFICIARY_EMAIL_ALREADY_INVITED dacă a mai fost invitat sau are cont)',
        body: ZInviteBeneficiaryRequest,
        response: { 201: data(ZInviteBeneficiaryResult) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await service.inviteBeneficiary(app.ctx, actorOf(request), request.body, requestMeta(request)) }),
  );
}
