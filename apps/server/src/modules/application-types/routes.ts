import {
  ZApplicationTypeCreateRequest,
  ZApplicationTypeForm,
  ZApplicationTypeListItem,
  ZApplicationTypeListQuery,
  ZApplicationTypePatchRequest,
  ZApplicationTypeRecord,
  ZApplicationTypeTaxesRequest,
  ZIdParams,
  ZPublicApplicationType,
  ZPublicApplicationTypeQuery,
} from '@ghiseu/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, publicRoute, requirePermission } from '../../platform/auth/guard.js';
import { listResponse, dataResponse } from '../../platform/list-query.js';
import { requestMeta } from '../../platform/request.js';
import * as types from './service.js';

const data = dataResponse;
const tags = ['application-types'];

/**
 * Application types (spec §2 /application-type, §3, §7). Configuration is the super
 * administrator's (`applicationTypeRead`); staff and organisation administrators read their own
 * organisation's types; citizens read the public list of what they can file and its form.
 */
export async function applicationTypesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const readers = requirePermission('applicationTypeRead', 'applicationsStaffOwnRead', 'applicationsRegister');

  // Declared before `/application-types/:id` reads it as an id.
  app.get(
    '/application-types/organisation',
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'Tipurile de cereri pe care le poate depune un cetățean (active, cu formular publicat), după ordine și nume',
        querystring: ZPublicApplicationTypeQuery,
        response: { 200: data(z.array(ZPublicApplicationType)) },
      },
    },
    async (request) => ({ data: await types.listPublicApplicationTypes(app.ctx, request.query) }),
  );

  app.get(
    '/application-types/:id/citizen-form',
    {
      config: publicRoute,
      schema: {
        tags,
        summary: 'Versiunea publicată a formularului cetățeanului pentru un tip din lista publică',
        params: ZIdParams,
        response: { 200: data(ZApplicationTypeForm) },
      },
    },
    async (request) => ({ data: await types.getCitizenForm(app.ctx, request.params.id) }),
  );

  app.get(
    '/application-types',
    {
      config: readers,
      schema: {
        tags,
        summary:
          'Tipurile de cereri (super administrator: toate; ceilalți: ale instituției); `unpaged=true&fields=id,name` pentru autocomplete',
        querystring: ZApplicationTypeListQuery,
        response: { 200: listResponse(ZApplicationTypeListItem) },
      },
    },
    async (request) => types.listApplicationTypes(app.ctx, actorOf(request), request.query),
  );

  app.get(
    '/application-types/:id',
    {
      config: readers,
      schema: { tags, summary: 'Un tip de cerere', params: ZIdParams, response: { 200: data(ZApplicationTypeRecord) } },
    },
    async (request) => ({ data: await types.getApplicationType(app.ctx, actorOf(request), request.params.id) }),
  );

  app.post(
    '/application-types',
    {
      config: requirePermission('applicationTypeRead'),
      schema: {
        tags,
        summary: 'Creare tip de cerere (APPLICATION_TYPE_EXISTS; un tip automat nu are tipuri de referință)',
        body: ZApplicationTypeCreateRequest,
        response: { 201: data(ZApplicationTypeRecord) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await types.createApplicationType(app.ctx, actorOf(request), request.body, requestMeta(request)) }),
  );

  app.patch(
    '/application-types/:id',
    {
      config: requirePermission('applicationTypeRead'),
      schema: {
        tags,
        summary: 'Modificare tip de cerere (merge-patch)',
        params: ZIdParams,
        body: ZApplicationTypePatchRequest,
        response: { 200: data(ZApplicationTypeRecord) },
      },
    },
    async (request) => ({
      data: await types.patchApplicationType(app.ctx, actorOf(request), request.params.id, request.body, requestMeta(request)),
    }),
  );

  app.put(
    '/application-types/:id/all-taxes',
    {
      config: requirePermission('applicationTypeRead'),
      schema: {
        tags,
        summary: 'Înlocuiește toate categoriile de taxe (cele lipsă se golesc)',
        params: ZIdParams,
        body: ZApplicationTypeTaxesRequest,
        response: { 200: data(ZApplicationTypeRecord) },
      },
    },
    async (request) => ({
      data: await types.setTaxCategories(
        app.ctx,
        actorOf(request),
        request.params.id,
        request.body,
        'replace',
        requestMeta(request),
      ),
    }),
  );

  app.put(
    '/application-types/:id/taxes',
    {
      config: requirePermission('applicationTypeRead'),
      schema: {
        tags,
        summary: 'Setează categoriile de taxe trimise (celelalte rămân)',
        params: ZIdParams,
        body: ZApplicationTypeTaxesRequest,
        response: { 200: data(ZApplicationTypeRecord) },
      },
    },
    async (request) => ({
      data: await types.setTaxCategories(
        app.ctx,
        actorOf(request),
        request.params.id,
        request.body,
        'merge',
        requestMeta(request),
      ),
    }),
  );

  app.delete(
    '/application-types/:id',
    {
      config: requirePermission('applicationTypeRead'),
      schema: {
        tags,
        summary: 'Ștergere tip de cerere fără cereri (CONFLICT `referenced` altfel; dezactivați-l)',
        params: ZIdParams,
        response: { 204: z.null().describe('Fără conținut') },
      },
    },
    async (request, reply) => {
      await types.deleteApplicationType(app.ctx, actorOf(request), request.params.id, requestMeta(request));
      return reply.status(204).send(null);
    },
  );
}
