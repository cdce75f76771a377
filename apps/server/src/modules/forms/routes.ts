import {
  ZFormCreateRequest,
  ZFormListItem,
  ZFormPatchRequest,
  ZFormRecord,
  ZFormVersionParams,
  ZFormVersionRecord,
  ZIdParams,
  ZTrimmableListQuery,
} from '@ghiseu/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, requirePermission } from '../../platform/auth/guard.js';
import { listResponse, dataResponse } from '../../platform/list-query.js';
import { registerCrudRoutes } from '../../platform/crud-routes.js';
import { requestMeta } from '../../platform/request.js';
import * as forms from './service.js';

const data = dataResponse;
const tags = ['forms'];

/**
 * Form interfaces (spec §2 /forms, /form/new, /form/{id}; §7 Forms): super administrator only.
 * Reads need `formsRead`, every change `formsCreate`. Work is in service.ts.
 */
export async function formsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  registerCrudRoutes(app, {
    path: '/forms',
    tags,
    record: ZFormRecord,
    list: {
      permissions: ['formsRead'],
      summary: 'Formularele (listă; `?limit=500&fields=id,name` pentru autocomplete)',
      querystring: ZTrimmableListQuery,
      response: listResponse(ZFormListItem),
      run: forms.listForms,
    },
    read: { permissions: ['formsRead'], summary: 'Un formular: ciorna, starea și versiunile publicate', run: forms.getForm },
    create: {
      permissions: ['formsCreate'],
      summary: 'Creare formular în ciornă (NAME_NOT_UNIQUE)',
      body: ZFormCreateRequest,
      run: forms.createForm,
    },
    patch: {
      permissions: ['formsCreate'],
      summary: 'Modificare denumire, descriere sau ciornă (merge-patch; ciorna este verificată structural)',
      body: ZFormPatchRequest,
      run: forms.patchForm,
    },
    remove: {
      permissions: ['formsCreate'],
      summary: 'Ștergere formular nefolosit (CONFLICT `referenced` când un tip de cerere sau o cerere îl folosesc)',
      run: forms.deleteForm,
    },
  });

  app.post(
    '/forms/:id/publish',
    {
      config: requirePermission('formsCreate'),
      schema: {
        tags,
        summary: 'Publicare: ciorna devine versiunea n+1 (CONFLICT `unchanged` dacă nu diferă de ultima)',
        params: ZIdParams,
        response: { 200: data(ZFormRecord) },
      },
    },
    async (request) => ({ data: await forms.publishForm(app.ctx, actorOf(request), request.params.id, requestMeta(request)) }),
  );

  app.get(
    '/forms/:id/versions/:version',
    {
      config: requirePermission('formsRead'),
      schema: {
        tags,
        summary: 'O versiune publicată (neschimbabilă)',
        params: ZFormVersionParams,
        response: { 200: data(ZFormVersionRecord) },
      },
    },
    async (request) => ({
      data: await forms.getFormVersion(app.ctx, actorOf(request), request.params.id, request.params.version),
    }),
  );
}
