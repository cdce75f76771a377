import {
  ZApplicationTypeTaxRules,
  ZIdParams,
  ZListQuery,
  ZTax,
  ZTaxCategory,
  ZTaxCategoryCreateRequest,
  ZTaxCategoryPatchRequest,
  ZTaxCreateRequest,
  ZTaxPatchRequest,
} from '@ghiseu/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, requirePermission, signedIn } from '../../platform/auth/guard.js';
import { dataResponse as data, listResponse, noContent } from '../../platform/list-query.js';
import { requestMeta } from '../../platform/request.js';
import * as service from './service.js';

const tags = ['taxes'];

/**
 * Tax categories (spec /tax-category: super administrator, `taxCategoryRead`; organisation
 * administrators with `taxesEdit` read them), the organisation's taxes (`taxesEdit`, organisation
 * scope) and the tax rules of an application type (any signed-in user: the wizard's live summary).
 */
export async function taxesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /* ───────────────────────────── Categories ───────────────────────────── */

  app.get(
    '/tax-categories',
    {
      config: requirePermission('taxCategoryRead', 'taxesEdit'),
      schema: {
        tags,
        summary: 'Categoriile de taxe (`status[eq]=active`, `name[like]=…`)',
        querystring: ZListQuery,
        response: { 200: listResponse(ZTaxCategory) },
      },
    },
    async (request) => service.listCategories(app.ctx, actorOf(request), request.query),
  );

  app.get(
    '/tax-categories/:id',
    {
      config: requirePermission('taxCategoryRead', 'taxesEdit'),
      schema: { tags, summary: 'O categorie de taxe', params: ZIdParams, response: { 200: data(ZTaxCategory) } },
    },
    async (request) => ({ data: await service.getCategory(app.ctx, actorOf(request), request.params.id) }),
  );

  app.post(
    '/tax-categories',
    {
      config: requirePermission('taxCategoryRead'),
      schema: {
        tags,
        summary: 'Creare categorie de taxe',
        body: ZTaxCategoryCreateRequest,
        response: { 201: data(ZTaxCategory) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await service.createCategory(app.ctx, actorOf(request), request.body, requestMeta(request)) }),
  );

  app.patch(
    '/tax-categories/:id',
    {
      config: requirePermission('taxCategoryRead'),
      schema: {
        tags,
        summary: 'Modificare categorie de taxe (merge-patch)',
        params: ZIdParams,
        body: ZTaxCategoryPatchRequest,
        response: { 200: data(ZTaxCategory) },
      },
    },
    async (request) => ({
      data: await service.patchCategory(app.ctx, actorOf(request), request.params.id, request.body, requestMeta(request)),
    }),
  );

  app.delete(
    '/tax-categories/:id',
    {
      config: requirePermission('taxCategoryRead'),
      schema: {
        tags,
        summary: 'Ștergere categorie fără taxe și nefolosită de tipuri de cereri (CATEGORY_NOT_EMPTY)',
        params: ZIdParams,
        response: noContent,
      },
    },
    async (request, reply) => {
      await service.deleteCategory(app.ctx, actorOf(request), request.params.id, requestMeta(request));
      return reply.status(204).send(null);
    },
  );

  /* ───────────────────────────── Taxes ───────────────────────────── */

  app.get(
    '/taxes',
    {
      config: requirePermission('taxesEdit'),
      schema: {
        tags,
        summary:
          'Taxele instituției (`category_id[eq]`, `status[eq]`, `name[like]`, `entry_into_force[ge|lt]`, `organisation_id[eq]`)',
        querystring: ZListQuery,
        response: { 200: listResponse(ZTax) },
      },
    },
    async (request) => service.listTaxes(app.ctx, actorOf(request), request.query),
  );

  app.get(
    '/taxes/:id',
    {
      config: requirePermission('taxesEdit'),
      schema: { tags, summary: 'O taxă', params: ZIdParams, response: { 200: data(ZTax) } },
    },
    async (request) => ({ data: await service.getTax(app.ctx, actorOf(request), request.params.id) }),
  );

  app.post(
    '/taxes',
    {
      config: requirePermission('taxesEdit'),
      schema: {
        tags,
        summary: 'Creare taxă (intervalele verificate; TAX_ALREADY_EXISTS pentru aceeași versiune)',
        body: ZTaxCreateRequest,
        response: { 201: data(ZTax) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await service.createTax(app.ctx, actorOf(request), request.body, requestMeta(request)) }),
  );

  app.patch(
    '/taxes/:id',
    {
      config: requirePermission('taxesEdit'),
      schema: {
        tags,
        summary: 'Modificare taxă (merge-patch)',
        params: ZIdParams,
        body: ZTaxPatchRequest,
        response: { 200: data(ZTax) },
      },
    },
    async (request) => ({
      data: await service.patchTax(app.ctx, actorOf(request), request.params.id, request.body, requestMeta(request)),
    }),
  );

  app.delete(
    '/taxes/:id',
    {
      config: requirePermission('taxesEdit'),
      schema: {
        tags,
        summary: 'Ștergere taxă (o taxă din rezumatul unei cereri depuse devine inactivă)',
        params: ZIdParams,
        response: noContent,
      },
    },
    async (request, reply) => {
      await service.deleteTax(app.ctx, actorOf(request), request.params.id, requestMeta(request));
      return reply.status(204).send(null);
    },
  );

  /* ───────────────────────────── Application types ───────────────────────────── */

  app.get(
    '/application-types/:id/tax-rules',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Taxele tipului de cerere, pentru calculul din asistent (computeTaxSummary)',
        params: ZIdParams,
        response: { 200: data(ZApplicationTypeTaxRules) },
      },
    },
    async (request) => ({ data: await service.applicationTypeTaxRules(app.ctx, actorOf(request), request.params.id) }),
  );
}
