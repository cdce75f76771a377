import {
  ZApplicationIdParams,
  ZIdParams,
  ZProcessCreateRequest,
  ZProcessListQuery,
  ZProcessRecord,
  ZProcessRun,
  ZProcessStepsRequest,
  ZProcessSummary,
  ZProcessUpdateRequest,
  ZPublishedProcess,
  ZPublishedProcessQuery,
} from '@ghiseu/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requirePermission } from '../../platform/auth/guard.js';
import { registerCrudRoutes } from '../../platform/crud-routes.js';
import { dataResponse, listResponse } from '../../platform/list-query.js';
import { requestMeta } from '../../platform/request.js';
import * as processes from './service.js';

const data = dataResponse;
const tags = ['processes'];

/**
 * Workflow processes (spec §2 /process-editor, /process/new, /process/{id}; §3; §4 Process
 * states): the super administrator's editor (processEditorRead / Create / Edit), the list of
 * published processes the application-type editor picks from, and where an application stands
 * in its process. Work is in service.ts; the engine (engine.ts) runs inside the staff actions.
 */
export async function processesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // Declared before `/processes/:id` reads it as an id.
  app.get(
    '/processes/published',
    {
      config: requirePermission('processEditorRead', 'applicationTypeRead'),
      schema: {
        tags,
        summary: 'Procesele publicate pe care le poate folosi un tip de cerere (comune și ale instituției date)',
        querystring: ZPublishedProcessQuery,
        response: { 200: data(z.array(ZPublishedProcess)) },
      },
    },
    async (request) => ({
      data: await processes.listPublishedProcesses(app.ctx, actorOf(request), request.query.organisation_id),
    }),
  );

  registerCrudRoutes(app, {
    path: '/processes',
    tags,
    record: ZProcessRecord,
    list: {
      permissions: ['processEditorRead'],
      summary: 'Procesele de lucru (filtre: status, organisation_id; sortare: name, updated_at…)',
      querystring: ZProcessListQuery,
      response: listResponse(ZProcessSummary),
      run: processes.listProcesses,
    },
    read: {
      permissions: ['processEditorRead'],
      summary: 'Un proces, cu pașii și problemele care împiedică publicarea',
      run: processes.getProcess,
    },
    create: {
      permissions: ['processEditorCreate'],
      summary: 'Creare proces în ciornă (WORKFLOW_EXISTS)',
      body: ZProcessCreateRequest,
      run: processes.createProcess,
    },
    remove: {
      permissions: ['processEditorEdit'],
      summary: 'Ștergere proces nefolosit (WORKFLOW_IN_USE când un tip de cerere sau o cerere îl folosesc)',
      run: processes.deleteProcess,
    },
  });

  app.put(
    '/processes/:id',
    {
      config: requirePermission('processEditorEdit'),
      schema: {
        tags,
        summary:
          'Modificare date generale: denumire, descriere, instituție (doar ciornă sau nepublicat: WORKFLOW_NOT_EDITABLE; WORKFLOW_EXISTS)',
        params: ZIdParams,
        body: ZProcessUpdateRequest,
        response: { 200: data(ZProcessRecord) },
      },
    },
    async (request) => ({
      data: await processes.updateProcess(app.ctx, actorOf(request), request.params.id, request.body, requestMeta(request)),
    }),
  );

  app.put(
    '/processes/:id/steps',
    {
      config: requirePermission('processEditorEdit'),
      schema: {
        tags,
        summary:
          'Înlocuiește toți pașii (denumiri unice, pașii următori, de revenire și din condiții există; regulile de publicare apar în `problems`)',
        params: ZIdParams,
        body: ZProcessStepsRequest,
        response: { 200: data(ZProcessRecord) },
      },
    },
    async (request) => ({
      data: await processes.replaceSteps(app.ctx, actorOf(request), request.params.id, request.body, requestMeta(request)),
    }),
  );

  app.post(
    '/processes/:id/publish',
    {
      config: requirePermission('processEditorEdit'),
      schema: {
        tags,
        summary:
          'Publicare (WORKFLOW_START_STEP_NOT_FIRST când pasul de start nu este primul, WORKFLOW_INVALID altfel; procesul rămâne „nepublicat”)',
        params: ZIdParams,
        response: { 200: data(ZProcessRecord) },
      },
    },
    async (request) => ({
      data: await processes.publishProcess(app.ctx, actorOf(request), request.params.id, requestMeta(request)),
    }),
  );

  app.get(
    '/application-processes/:applicationId',
    {
      config: requirePermission('applicationsStaffOwnRead', 'processEditorRead'),
      schema: {
        tags,
        summary:
          'Procesul unei cereri: pasul curent, starea și pașii parcurși (personalul instituției cererii, super administratorul)',
        params: ZApplicationIdParams,
        response: { 200: data(ZProcessRun) },
      },
    },
    async (request) => ({ data: await processes.getApplicationRun(app.ctx, actorOf(request), request.params.applicationId) }),
  );
}
