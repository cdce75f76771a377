import { Readable } from 'node:stream';
import {
  ZAllocation,
  ZAllocationCreateRequest,
  ZAllocationExportRequest,
  ZAllocationExtensionQuery,
  ZAllocationForExtension,
  ZAllocationGroup,
  ZAllocationPatch,
  ZIdParams,
  ZListQuery,
} from '@ghiseu/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requirePermission, signedIn } from '../../platform/auth/guard.js';
import { dataResponse, listResponse, noContent } from '../../platform/list-query.js';
import { requestMeta } from '../../platform/request.js';
import * as service from './service.js';

const tags = ['allocations'];
const readers = requirePermission('documentSeriesAllocationRead');

/**
 * Reserved series (spec §7 allocations): read with `documentSeriesAllocationRead` (staff and
 * super_admin), create with `…Create`, edit and delete with `…Edit` (staff of the allocation's
 * organisation). The extension look-ups need only a signed-in user and answer no personal data.
 */
export async function allocationsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/allocations',
    {
      config: readers,
      schema: {
        tags,
        summary:
          'Numerele rezervate ale instituției (filtre series, created_by, series_type_id, uat_id, allocation_date, issue_date; implicit -allocation_date). `group_by=created_by`: pe creatori (cel mult 100, fiecare cu cele mai noi 100)',
        querystring: ZListQuery.extend({ group_by: z.enum(['created_by']).optional() }),
        response: { 200: z.union([listResponse(ZAllocation), dataResponse(z.array(ZAllocationGroup))]) },
      },
    },
    async (request) => {
      const query = request.query as Record<string, unknown>;
      if (request.query.group_by === 'created_by')
        return { data: await service.groupByCreator(app.ctx, actorOf(request), query) };
      return service.listAllocations(app.ctx, actorOf(request), query);
    },
  );

  app.post(
    '/allocations',
    {
      config: requirePermission('documentSeriesAllocationCreate'),
      schema: {
        tags,
        summary:
          'Rezervă un număr: următorul din seria aleasă (source=series) sau unul alocat în afara portalului (source=external); SERIES_ALLOCATION_EXISTS dacă numărul există',
        body: ZAllocationCreateRequest,
        response: { 201: dataResponse(ZAllocation) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await service.createAllocation(app.ctx, actorOf(request), request.body, requestMeta(request)) }),
  );

  app.post(
    '/allocations/export',
    {
      config: readers,
      schema: {
        tags,
        summary: 'Export CSV (UTF-8 cu BOM, separator „;”, antete în română) al numerelor rezervate filtrate',
        body: ZAllocationExportRequest,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const stream = Readable.from(service.exportCsv(app.ctx, actorOf(request), request.body));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="alocari-serii.csv"')
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );

  app.get(
    '/allocations/:id',
    {
      config: readers,
      schema: { tags, summary: 'Un număr rezervat', params: ZIdParams, response: { 200: dataResponse(ZAllocation) } },
    },
    async (request) => ({ data: await service.getAllocation(app.ctx, actorOf(request), request.params.id) }),
  );

  app.patch(
    '/allocations/:id',
    {
      config: requirePermission('documentSeriesAllocationEdit'),
      schema: {
        tags,
        summary: 'Modifică datele unui număr rezervat (numărul doar dacă a fost alocat în afara portalului)',
        params: ZIdParams,
        body: ZAllocationPatch,
        response: { 200: dataResponse(ZAllocation) },
      },
    },
    async (request) => ({
      data: await service.patchAllocation(app.ctx, actorOf(request), request.params.id, request.body, requestMeta(request)),
    }),
  );

  app.delete(
    '/allocations/:id',
    {
      config: requirePermission('documentSeriesAllocationEdit'),
      schema: { tags, summary: 'Șterge un număr rezervat', params: ZIdParams, response: noContent },
    },
    async (request, reply) => {
      await service.deleteAllocation(app.ctx, actorOf(request), request.params.id, requestMeta(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/allocations-public/list-allocations-for-extension',
    {
      config: signedIn,
      schema: {
        tags,
        summary:
          'Numerele rezervate care pot fi prelungite (emise, cu valabilitate, neprelungite, încă valabile), fără date personale; cel mult 50',
        querystring: ZAllocationExtensionQuery,
        response: { 200: dataResponse(z.array(ZAllocationForExtension)) },
      },
    },
    async (request) => ({ data: await service.listForExtension(app.ctx, request.query, false) }),
  );

  app.get(
    '/allocations-public/search-allocation-for-extension',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Numărul rezervat cu exact această serie care poate fi prelungit (NOT_FOUND dacă nu există)',
        querystring: ZAllocationExtensionQuery.extend({ series: z.string().trim().min(1).max(100) }),
        response: { 200: dataResponse(z.array(ZAllocationForExtension)) },
      },
    },
    async (request) => ({ data: await service.listForExtension(app.ctx, request.query, true) }),
  );
}
