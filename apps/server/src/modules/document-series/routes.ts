import {
  ZDocumentSeries,
  ZDocumentSeriesCreateRequest,
  ZDocumentSeriesListItem,
  ZDocumentSeriesPatchRequest,
  ZDocumentSeriesType,
  ZDocumentSeriesTypeCreateRequest,
  ZDocumentSeriesTypePatchRequest,
  ZIdParams,
  ZListQuery,
  ZTrimmableListQuery,
} from '@ghiseu/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, requirePermission } from '../../platform/auth/guard.js';
import { listResponse, dataResponse, noContent } from '../../platform/list-query.js';
import { requestMeta } from '../../platform/request.js';
import * as series from './service.js';

const data = dataResponse;
const tags = ['document-series'];

/**
 * Document series types (spec §2 /document-series-type: super administrator,
 * `documentSeriesTypeRead`; organisation administrators read them to create series) and the
 * document series of an organisation (`documentSeriesEdit`: admins of the organisation and the
 * super administrator; staff allocating series read the list). The numbering engine is
 * engine.ts; `takeIncomingNumber` (numbers.ts) numbers applications at submission.
 */
export async function documentSeriesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /* ───────────────────────────── Series types ───────────────────────────── */

  app.get(
    '/document-series-types',
    {
      config: requirePermission('documentSeriesTypeRead', 'documentSeriesEdit'),
      schema: {
        tags,
        summary: 'Tipurile de serii de documente',
        querystring: ZListQuery,
        response: { 200: listResponse(ZDocumentSeriesType) },
      },
    },
    async (request) => series.listSeriesTypes(app.ctx, actorOf(request), request.query),
  );

  app.get(
    '/document-series-types/:id',
    {
      config: requirePermission('documentSeriesTypeRead', 'documentSeriesEdit'),
      schema: { tags, summary: 'Un tip de serie', params: ZIdParams, response: { 200: data(ZDocumentSeriesType) } },
    },
    async (request) => ({ data: await series.getSeriesType(app.ctx, actorOf(request), request.params.id) }),
  );

  app.post(
    '/document-series-types',
    {
      config: requirePermission('documentSeriesTypeRead'),
      schema: {
        tags,
        summary: 'Creare tip de serie (DOCUMENT_SERIES_TYPE_EXISTS)',
        body: ZDocumentSeriesTypeCreateRequest,
        response: { 201: data(ZDocumentSeriesType) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await series.createSeriesType(app.ctx, actorOf(request), request.body, requestMeta(request)) }),
  );

  app.patch(
    '/document-series-types/:id',
    {
      config: requirePermission('documentSeriesTypeRead'),
      schema: {
        tags,
        summary: 'Modificare tip de serie (merge-patch; DOCUMENT_SERIES_TYPE_EXISTS)',
        params: ZIdParams,
        body: ZDocumentSeriesTypePatchRequest,
        response: { 200: data(ZDocumentSeriesType) },
      },
    },
    async (request) => ({
      data: await series.patchSeriesType(app.ctx, actorOf(request), request.params.id, request.body, requestMeta(request)),
    }),
  );

  app.delete(
    '/document-series-types/:id',
    {
      config: requirePermission('documentSeriesTypeRead'),
      schema: {
        tags,
        summary: 'Ștergere tip de serie nefolosit (DOCUMENT_SERIES_TYPE_CANNOT_BE_DELETED)',
        params: ZIdParams,
        response: noContent,
      },
    },
    async (request, reply) => {
      await series.deleteSeriesType(app.ctx, actorOf(request), request.params.id, requestMeta(request));
      return reply.status(204).send(null);
    },
  );

  /* ───────────────────────────── Series ───────────────────────────── */

  app.get(
    '/document-series',
    {
      config: requirePermission('documentSeriesEdit', 'documentSeriesAllocationRead'),
      schema: {
        tags,
        summary: 'Seriile instituției, cu indexurile din acest an (`active[eq]=true&limit=500&fields=type_id,type_name`)',
        querystring: ZTrimmableListQuery,
        response: { 200: listResponse(ZDocumentSeriesListItem) },
      },
    },
    async (request) => series.listSeries(app.ctx, actorOf(request), request.query),
  );

  app.get(
    '/document-series/:id',
    {
      config: requirePermission('documentSeriesEdit', 'documentSeriesAllocationRead'),
      schema: { tags, summary: 'O serie de documente', params: ZIdParams, response: { 200: data(ZDocumentSeries) } },
    },
    async (request) => ({ data: await series.getSeries(app.ctx, actorOf(request), request.params.id) }),
  );

  app.post(
    '/document-series',
    {
      config: requirePermission('documentSeriesEdit'),
      schema: {
        tags,
        summary: 'Creare serie (DOCUMENT_SERIES_EXISTS); indexurile inițiale continuă un registru existent',
        body: ZDocumentSeriesCreateRequest,
        response: { 201: data(ZDocumentSeries) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await series.createSeries(app.ctx, actorOf(request), request.body, requestMeta(request)) }),
  );

  app.patch(
    '/document-series/:id',
    {
      config: requirePermission('documentSeriesEdit'),
      schema: {
        tags,
        summary: 'Modificare serie (merge-patch); indexurile doar înainte (INDEX_CANNOT_BE_LOWER_THAN_CURRENT_VALUE)',
        params: ZIdParams,
        body: ZDocumentSeriesPatchRequest,
        response: { 200: data(ZDocumentSeries) },
      },
    },
    async (request) => ({
      data: await series.patchSeries(app.ctx, actorOf(request), request.params.id, request.body, requestMeta(request)),
    }),
  );

  app.delete(
    '/document-series/:id',
    {
      config: requirePermission('documentSeriesEdit'),
      schema: {
        tags,
        summary: 'Ștergere serie care nu a dat numere (CONFLICT `referenced` altfel)',
        params: ZIdParams,
        response: noContent,
      },
    },
    async (request, reply) => {
      await series.deleteSeries(app.ctx, actorOf(request), request.params.id, requestMeta(request));
      return reply.status(204).send(null);
    },
  );
}
