import {
  ZAnafCheckRequest,
  ZAnafCheckResult,
  ZApplicationBeneficiary,
  ZApplicationBeneficiaryCreateRequest,
  ZBeneficiary,
  ZBeneficiaryInput,
  ZBeneficiaryPatchRequest,
  ZEchoQuery,
  ZIdParams,
  zIdParam,
  ZListQuery,
} from '@ghiseu/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requirePermission } from '../../platform/auth/guard.js';
import { listResponse, dataResponse, noContent } from '../../platform/list-query.js';
import { requestMeta } from '../../platform/request.js';
import { createAnafClient } from './anaf-client.js';
import { anafRecheckJob } from './jobs.js';
import * as service from './service.js';

const data = dataResponse;
const ZBeneficiaryParams = ZIdParams.extend({
  beneficiaryId: zIdParam().describe('Identificatorul beneficiarului pe cerere'),
});

/**
 * Beneficiaries (spec §3, §5, §7): those of a draft application, the user's own register
 * (/beneficiaries) and the tax-authority check of a CUI. The ANAF adapter is built from
 * `config.anaf`; its re-check job is in the job registry (jobs.ts).
 */
export async function beneficiariesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const anaf = createAnafClient(app.ctx.config.anaf);
  const deps: service.BeneficiaryDeps = { anaf, recheckJob: anafRecheckJob };

  /* ───────────────────────────── On applications ───────────────────────────── */

  app.post(
    '/applications/:id/beneficiaries',
    {
      config: requirePermission('applicationsEdit'),
      schema: {
        tags: ['beneficiaries'],
        summary: 'Adaugă un beneficiar pe o ciornă (sau copiază unul din registru cu from_beneficiary_id); CUI verificat la ANAF',
        params: ZIdParams,
        body: ZApplicationBeneficiaryCreateRequest,
        response: { 201: data(ZApplicationBeneficiary) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await service.addApplicationBeneficiary(
          app.ctx,
          deps,
          actorOf(request),
          request.params.id,
          request.body,
          requestMeta(request),
        ),
      }),
  );

  app.patch(
    '/applications/:id/beneficiaries/:beneficiaryId',
    {
      config: requirePermission('applicationsEdit'),
      schema: {
        tags: ['beneficiaries'],
        summary: 'Modifică un beneficiar al unei ciorne (merge-patch; regulile se verifică pe rezultat)',
        params: ZBeneficiaryParams,
        body: ZBeneficiaryPatchRequest,
        response: { 200: data(ZApplicationBeneficiary) },
      },
    },
    async (request) => ({
      data: await service.patchApplicationBeneficiary(
        app.ctx,
        deps,
        actorOf(request),
        request.params.id,
        request.params.beneficiaryId,
        request.body,
        requestMeta(request),
      ),
    }),
  );

  app.delete(
    '/applications/:id/beneficiaries/:beneficiaryId',
    {
      config: requirePermission('applicationsEdit'),
      schema: {
        tags: ['beneficiaries'],
        summary: 'Elimină un beneficiar de pe o ciornă',
        params: ZBeneficiaryParams,
        response: noContent,
      },
    },
    async (request, reply) => {
      await service.deleteApplicationBeneficiary(
        app.ctx,
        actorOf(request),
        request.params.id,
        request.params.beneficiaryId,
        requestMeta(request),
      );
      return reply.status(204).send(null);
    },
  );

  /* ───────────────────────────── The register ───────────────────────────── */

  app.get(
    '/beneficiaries',
    {
      config: requirePermission('beneficiariesRead'),
      schema: {
        tags: ['beneficiaries'],
        summary: 'Beneficiarii salvați de utilizator (listă cu filtre)',
        querystring: ZListQuery,
        response: { 200: listResponse(ZBeneficiary) },
      },
    },
    async (request) => service.listRegister(app.ctx, actorOf(request), request.query),
  );

  app.post(
    '/beneficiaries',
    {
      config: requirePermission('beneficiariesEdit'),
      schema: {
        tags: ['beneficiaries'],
        summary: 'Salvează un beneficiar în registrul propriu (?echo=true întoarce înregistrarea)',
        querystring: ZEchoQuery,
        body: ZBeneficiaryInput,
        response: { 201: data(z.union([ZBeneficiary, z.object({ id: z.number().int() })])) },
      },
    },
    async (request, reply) => {
      const created = await service.createRegisterBeneficiary(
        app.ctx,
        deps,
        actorOf(request),
        request.body,
        requestMeta(request),
      );
      return reply.status(201).send({ data: request.query.echo === 'true' ? created : { id: created.id } });
    },
  );

  app.post(
    '/beneficiaries/interogate-anaf',
    {
      config: requirePermission('beneficiariesEdit', 'applicationsEdit'),
      schema: {
        tags: ['beneficiaries'],
        summary: 'Verifică un CUI la ANAF: validated (găsit), invalid (negăsit) sau unvalidated (serviciu indisponibil)',
        querystring: ZEchoQuery,
        body: ZAnafCheckRequest,
        response: { 200: data(ZAnafCheckResult) },
      },
    },
    async (request) => ({ data: await service.checkCui(deps, request.body.cui) }),
  );

  app.get(
    '/beneficiaries/:id',
    {
      config: requirePermission('beneficiariesRead'),
      schema: {
        tags: ['beneficiaries'],
        summary: 'Un beneficiar din registrul propriu',
        params: ZIdParams,
        response: { 200: data(ZBeneficiary) },
      },
    },
    async (request) => ({ data: await service.getRegisterBeneficiary(app.ctx, actorOf(request), request.params.id) }),
  );

  app.put(
    '/beneficiaries/:id',
    {
      config: requirePermission('beneficiariesEdit'),
      schema: {
        tags: ['beneficiaries'],
        summary: 'Înlocuiește un beneficiar din registrul propriu',
        params: ZIdParams,
        body: ZBeneficiaryInput,
        response: { 200: data(ZBeneficiary) },
      },
    },
    async (request) => ({
      data: await service.replaceRegisterBeneficiary(
        app.ctx,
        deps,
        actorOf(request),
        request.params.id,
        request.body,
        requestMeta(request),
      ),
    }),
  );

  app.delete(
    '/beneficiaries/:id',
    {
      config: requirePermission('beneficiariesEdit'),
      schema: {
        tags: ['beneficiaries'],
        summary: 'Șterge un beneficiar din registrul propriu',
        params: ZIdParams,
        response: noContent,
      },
    },
    async (request, reply) => {
      await service.deleteRegisterBeneficiary(app.ctx, actorOf(request), request.params.id, requestMeta(request));
      return reply.status(204).send(null);
    },
  );
}
