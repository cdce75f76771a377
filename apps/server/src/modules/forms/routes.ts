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
import { z } from 'zod';
import { actorOf, requirePermission } from '../../platform/auth/guard.js';
import { listResponse, dataResponse } from '../../platform/list-query.js';
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

  app.get(
    '/forms',
    {
      config: requirePermission('formsRead'),
      schema: {
        tags,
        summary: 'Formularele (listă; `?limit=500&fields=id,name` pentru autocomplete)',
        querystring: ZTrimmableListQuery,
        response: { 200: listResponse(ZFormListItem) },
      },
    },
    async (request) => forms.listForms(app.ctx, actorOf(request), request.query),
  );

  app.get(
    '/forms/:id',
    {
      config: requirePermission('formsRead'),
      schema: {
        tags,
        summary: 'Un formular: ciorna, starea și versiunile publicate',
        params: ZIdParams,
        response: { 200: data(ZFormRecord) },
      },
    },
    async (request) => ({ data: await forms.getForm(app.ctx, actorOf(request), request.params.id) }),
  );

  app.post(
    '/forms',
    {
      config: requirePermission('formsCreate'),
      schema: {
        tags,
        summary: 'Creare formular în ciornă (NAME_NOT_UNIQUE)',
        body: ZFormCreateRequest,
        response: { 201: data(ZFormRecord) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await forms.createForm(app.ctx, actorOf(request), request.body, requestMeta(request)) }),
  );

  app.patch(
    '/forms/:id',
    {
      config: requirePermission('formsCreate'),
      schema: {
        tags,
        summary: 'Modificare denumire, descriere sau ciornă (merge-patch; ciorna este verificată structural)',
        params: ZIdParams,
        body: ZFormPatchRequest,
        response: { 200: data(ZFormRecord) },
      },
    },
    async (request) => ({
      data: await forms.patchForm(app.ctx, actorOf(request), request.params.id, request.body, requestMeta(request)),
    }),
  );

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

  app.delete(
    '/forms/:id',
    {
      config: requirePermission('formsCreate'),
      schema: {
        tags,
        summary: 'Ștergere formular nefolosit (CONFLICT `referenced` când un tip de cerere sau o cerere îl folosesc)',
        params: ZIdParams,
        response: { 204: z.null().describe('Fără conținut') },
      },
    },
    async (request, reply) => {
      await forms.deleteForm(app.ctx, actorOf(request), request.params.id, requestMeta(request));
      return reply.status(204).send(null);
    },
  );
}
