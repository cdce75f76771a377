import {
  ZIdParams,
  zIdParam,
  ZParcel,
  ZParcelSearchRequest,
  ZRealEstate,
  ZRealEstateCreateRequest,
  ZRealEstatePatchRequest,
} from '@ghiseu/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requirePermission, signedIn } from '../../platform/auth/guard.js';
import { dataResponse } from '../../platform/list-query.js';
import { requestMeta } from '../../platform/request.js';
import * as service from './service.js';

const data = dataResponse;
const ZRealEstateParams = ZIdParams.extend({
  realEstateId: zIdParam().describe('Identificatorul imobilului pe cerere'),
});

/**
 * Real-estate targets of a draft application and the land-registry parcel search (spec §5,
 * §7), answered from the portal's cadastral table.
 */
export async function realEstateRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/applications/:id/real-estates',
    {
      config: requirePermission('applicationsEdit'),
      schema: {
        tags: ['real-estate'],
        summary: 'Adaugă un imobil pe o ciornă (număr cadastral unic pe cerere, UAT din județul instituției)',
        params: ZIdParams,
        body: ZRealEstateCreateRequest,
        response: { 201: data(ZRealEstate) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await service.addRealEstate(app.ctx, actorOf(request), request.params.id, request.body, requestMeta(request)),
      }),
  );

  app.patch(
    '/applications/:id/real-estates/:realEstateId',
    {
      config: requirePermission('applicationsEdit'),
      schema: {
        tags: ['real-estate'],
        summary: 'Modifică un imobil al unei ciorne (merge-patch)',
        params: ZRealEstateParams,
        body: ZRealEstatePatchRequest,
        response: { 200: data(ZRealEstate) },
      },
    },
    async (request) => ({
      data: await service.patchRealEstate(
        app.ctx,
        actorOf(request),
        request.params.id,
        request.params.realEstateId,
        request.body,
        requestMeta(request),
      ),
    }),
  );

  app.delete(
    '/applications/:id/real-estates/:realEstateId',
    {
      config: requirePermission('applicationsEdit'),
      schema: {
        tags: ['real-estate'],
        summary: 'Elimină un imobil de pe o ciornă',
        params: ZRealEstateParams,
        response: { 204: z.null().describe('Fără conținut') },
      },
    },
    async (request, reply) => {
      await service.deleteRealEstate(
        app.ctx,
        actorOf(request),
        request.params.id,
        request.params.realEstateId,
        requestMeta(request),
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/ancpi/parcels-search-requests',
    {
      // Land-registry data the applicant needs while filling a form and staff while checking it.
      config: signedIn,
      schema: {
        tags: ['real-estate'],
        summary: 'Căutare parcelă după număr cadastral și UAT sau după număr topografic (ATLAS_NO_SEARCH_RESULT când nu există)',
        body: ZParcelSearchRequest,
        response: { 200: data(z.array(ZParcel)) },
      },
    },
    async (request) => ({ data: await service.searchParcelRegistry(app.ctx, request.body) }),
  );
}
