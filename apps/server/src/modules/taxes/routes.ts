import {
  ZApplicationTypeTaxRules,
  ZIdParams,
  ZTax,
  ZTaxCategory,
  ZTaxCategoryCreateRequest,
  ZTaxCategoryPatchRequest,
  ZTaxCreateRequest,
  ZTaxPatchRequest,
} from '@ghiseu/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, signedIn } from '../../platform/auth/guard.js';
import { registerCrudRoutes } from '../../platform/crud-routes.js';
import { dataResponse as data } from '../../platform/list-query.js';
import * as service from './service.js';

const tags = ['taxes'];

/**
 * Tax categories (spec /tax-category: super administrator, `taxCategoryRead`; organisation
 * administrators with `taxesEdit` read them), the organisation's taxes (`taxesEdit`, organisation
 * scope) and the tax rules of an application type (any signed-in user: the wizard's live summary).
 */
export async function taxesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  registerCrudRoutes(app, {
    path: '/tax-categories',
    tags,
    record: ZTaxCategory,
    list: {
      permissions: ['taxCategoryRead', 'taxesEdit'],
      summary: 'Categoriile de taxe (`status[eq]=active`, `name[like]=…`)',
      run: service.listCategories,
    },
    read: { permissions: ['taxCategoryRead', 'taxesEdit'], summary: 'O categorie de taxe', run: service.getCategory },
    create: {
      permissions: ['taxCategoryRead'],
      summary: 'Creare categorie de taxe',
      body: ZTaxCategoryCreateRequest,
      run: service.createCategory,
    },
    patch: {
      permissions: ['taxCategoryRead'],
      summary: 'Modificare categorie de taxe (merge-patch)',
      body: ZTaxCategoryPatchRequest,
      run: service.patchCategory,
    },
    remove: {
      permissions: ['taxCategoryRead'],
      summary: 'Ștergere categorie fără taxe și nefolosită de tipuri de cereri (CATEGORY_NOT_EMPTY)',
      run: service.deleteCategory,
    },
  });

  registerCrudRoutes(app, {
    path: '/taxes',
    tags,
    record: ZTax,
    list: {
      permissions: ['taxesEdit'],
      summary:
        'Taxele instituției (`category_id[eq]`, `status[eq]`, `name[like]`, `entry_into_force[ge|lt]`, `organisation_id[eq]`)',
      run: service.listTaxes,
    },
    read: { permissions: ['taxesEdit'], summary: 'O taxă', run: service.getTax },
    create: {
      permissions: ['taxesEdit'],
      summary: 'Creare taxă (intervalele verificate; TAX_ALREADY_EXISTS pentru aceeași versiune)',
      body: ZTaxCreateRequest,
      run: service.createTax,
    },
    patch: {
      permissions: ['taxesEdit'],
      summary: 'Modificare taxă (merge-patch)',
      body: ZTaxPatchRequest,
      run: service.patchTax,
    },
    remove: {
      permissions: ['taxesEdit'],
      summary: 'Ștergere taxă (o taxă din rezumatul unei cereri depuse devine inactivă)',
      run: service.deleteTax,
    },
  });

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
