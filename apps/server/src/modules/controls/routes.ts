import {
  ZControlActionRequest,
  ZControlActivitiesQuery,
  ZControlActivity,
  ZControlBodyParams,
  ZControlBuildingBodyRequest,
  ZControlComplaintOption,
  ZControlComplaintOptionsQuery,
  ZControlCreateRequest,
  ZControlDetail,
  ZControlFileParams,
  ZControlFileRequest,
  ZControlListItem,
  ZControlPatchRequest,
  ZControlPersonParams,
  ZControlPersonRequest,
  ZControlType,
  ZControlTypeCreateRequest,
  ZControlTypeListQuery,
  ZControlTypePatchRequest,
  ZControlVersionQuery,
  ZIdParams,
  ZListQuery,
} from '@ghiseu/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requirePermission } from '../../platform/auth/guard.js';
import { registerCrudRoutes } from '../../platform/crud-routes.js';
import { dataResponse, listResponse, noContent } from '../../platform/list-query.js';
import { requestMeta } from '../../platform/request.js';
import { registerFileAccessRule } from '../files/index.js';
import * as service from './service.js';

const tags = ['controls'];
const readers = requirePermission('controlRead');
const editors = requirePermission('controlEdit');
const detail = { 200: dataResponse(ZControlDetail) };

/**
 * Controls (inspections) and control types (issue 15). Types: the super administrator's
 * configuration (`controlTypeRead`), read by staff with `controlRead` for the pickers. Controls:
 * staff only, `controlRead` reads and creates, `controlEdit` edits and runs the actions; another
 * organisation's control answers 404. Generated and closed controls refuse every write with
 * CONTROL_LOCKED. The documents and the closing report download through /api/files for whoever
 * may read the control.
 */
export async function controlsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  registerFileAccessRule(service.mayReadControlFile);

  registerCrudRoutes(app, {
    path: '/control-types',
    tags,
    record: ZControlType,
    list: {
      permissions: ['controlTypeRead', 'controlRead'],
      summary:
        'Tipurile de control (`status=active` pentru alegere; filtre name[contains], status[eq], organisation_id[eq]); funcționarii văd tipurile instituției lor',
      querystring: ZControlTypeListQuery,
      run: service.listTypes,
    },
    read: { permissions: ['controlTypeRead', 'controlRead'], summary: 'Un tip de control', run: service.getType },
    create: {
      permissions: ['controlTypeRead'],
      summary: 'Creare tip de control (DUPLICATE_CONTROL_TYPE_NAME dacă denumirea există în instituție)',
      body: ZControlTypeCreateRequest,
      run: service.createType,
    },
    patch: {
      permissions: ['controlTypeRead'],
      summary: 'Modificare tip de control (merge-patch; DUPLICATE_CONTROL_TYPE_NAME)',
      body: ZControlTypePatchRequest,
      run: service.patchType,
    },
    remove: {
      permissions: ['controlTypeRead'],
      summary: 'Ștergere tip de control fără controale (altfel CONFLICT)',
      run: service.deleteType,
    },
  });

  app.get(
    '/controls',
    {
      config: readers,
      schema: {
        tags,
        summary:
          'Controalele instituției (filtre status[eq], control_type_id[eq], uat_id[eq], created_by[eq], complaint_id[eq], control_date[ge|lt|eq], entry_code[contains]; orLikeQuery în număr, adresă, nr. cadastral; implicit -control_date)',
        querystring: ZListQuery,
        response: { 200: listResponse(ZControlListItem) },
      },
    },
    async (request) => service.listControls(app.ctx, actorOf(request), request.query as Record<string, unknown>),
  );

  app.get(
    '/controls/complaint-options',
    {
      config: readers,
      schema: {
        tags,
        summary: 'Sesizările instituției la care se poate referi un control (cel mult 50, cele mai noi întâi)',
        querystring: ZControlComplaintOptionsQuery,
        response: { 200: dataResponse(z.array(ZControlComplaintOption)) },
      },
    },
    async (request) => ({ data: await service.complaintOptions(app.ctx, actorOf(request), request.query) }),
  );

  app.post(
    '/controls',
    {
      config: readers,
      schema: {
        tags,
        summary: 'Pregătește un control nou (ciornă): tip, dată, UAT, adresă, sesizare de referință, echipa de control',
        body: ZControlCreateRequest,
        response: { 201: dataResponse(ZControlDetail) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await service.createControl(app.ctx, actorOf(request), request.body, requestMeta(request)) }),
  );

  app.get(
    '/controls/:id',
    { config: readers, schema: { tags, summary: 'Un control, cu toate datele lui', params: ZIdParams, response: detail } },
    async (request) => ({ data: await service.getControl(app.ctx, actorOf(request), request.params.id) }),
  );

  app.patch(
    '/controls/:id',
    {
      config: editors,
      schema: {
        tags,
        summary:
          'Modifică datele de pregătire (cu version; CONFLICT dacă e depășită; CONTROL_LOCKED după generare sau închidere)',
        params: ZIdParams,
        body: ZControlPatchRequest,
        response: detail,
      },
    },
    async (request) => ({
      data: await service.patchControl(app.ctx, actorOf(request), request.params.id, request.body, requestMeta(request)),
    }),
  );

  app.delete(
    '/controls/:id',
    {
      config: editors,
      schema: {
        tags,
        summary: 'Șterge o ciornă de control (CONTROL_ACTION_NOT_ALLOWED după înregistrare)',
        params: ZIdParams,
        response: noContent,
      },
    },
    async (request, reply) => {
      await service.deleteControl(app.ctx, actorOf(request), request.params.id, requestMeta(request));
      return reply.status(204).send(null);
    },
  );

  /* Persons */

  app.post(
    '/controls/:id/persons',
    {
      config: editors,
      schema: {
        tags,
        summary: 'Adaugă un contravenient sau un martor (DUPLICATE_CONTROL_PERSON pentru același CNP sau pașaport)',
        params: ZIdParams,
        body: ZControlPersonRequest,
        response: detail,
      },
    },
    async (request) => ({
      data: await service.addPerson(app.ctx, actorOf(request), request.params.id, request.body, requestMeta(request)),
    }),
  );

  app.patch(
    '/controls/:id/persons/:personId',
    {
      config: editors,
      schema: {
        tags,
        summary: 'Înlocuiește datele unei persoane (toate câmpurile; DUPLICATE_CONTROL_PERSON)',
        params: ZControlPersonParams,
        body: ZControlPersonRequest,
        response: detail,
      },
    },
    async (request) => ({
      data: await service.patchPerson(
        app.ctx,
        actorOf(request),
        request.params.id,
        request.params.personId,
        request.body,
        requestMeta(request),
      ),
    }),
  );

  app.delete(
    '/controls/:id/persons/:personId',
    {
      config: editors,
      schema: {
        tags,
        summary: 'Elimină o persoană de la control',
        params: ZControlPersonParams,
        querystring: ZControlVersionQuery,
        response: detail,
      },
    },
    async (request) => ({
      data: await service.removePerson(
        app.ctx,
        actorOf(request),
        request.params.id,
        request.params.personId,
        request.query.version,
        requestMeta(request),
      ),
    }),
  );

  /* Building bodies */

  app.post(
    '/controls/:id/building-bodies',
    {
      config: editors,
      schema: {
        tags,
        summary: 'Adaugă un corp de clădire',
        params: ZIdParams,
        body: ZControlBuildingBodyRequest,
        response: detail,
      },
    },
    async (request) => ({
      data: await service.addBody(app.ctx, actorOf(request), request.params.id, request.body, requestMeta(request)),
    }),
  );

  app.patch(
    '/controls/:id/building-bodies/:bodyId',
    {
      config: editors,
      schema: {
        tags,
        summary: 'Înlocuiește datele unui corp de clădire (toate câmpurile)',
        params: ZControlBodyParams,
        body: ZControlBuildingBodyRequest,
        response: detail,
      },
    },
    async (request) => ({
      data: await service.patchBody(
        app.ctx,
        actorOf(request),
        request.params.id,
        request.params.bodyId,
        request.body,
        requestMeta(request),
      ),
    }),
  );

  app.delete(
    '/controls/:id/building-bodies/:bodyId',
    {
      config: editors,
      schema: {
        tags,
        summary: 'Elimină un corp de clădire',
        params: ZControlBodyParams,
        querystring: ZControlVersionQuery,
        response: detail,
      },
    },
    async (request) => ({
      data: await service.removeBody(
        app.ctx,
        actorOf(request),
        request.params.id,
        request.params.bodyId,
        request.query.version,
        requestMeta(request),
      ),
    }),
  );

  /* Files */

  app.post(
    '/controls/:id/files',
    {
      config: editors,
      schema: {
        tags,
        summary: 'Atașează un document încărcat de dumneavoastră (POST /api/files/upload-token, apoi încărcarea)',
        params: ZIdParams,
        body: ZControlFileRequest,
        response: detail,
      },
    },
    async (request) => ({
      data: await service.addFile(app.ctx, actorOf(request), request.params.id, request.body, requestMeta(request)),
    }),
  );

  app.delete(
    '/controls/:id/files/:fileId',
    {
      config: editors,
      schema: {
        tags,
        summary: 'Elimină un document încărcat (fileId: id-ul rândului din files[])',
        params: ZControlFileParams,
        querystring: ZControlVersionQuery,
        response: detail,
      },
    },
    async (request) => ({
      data: await service.removeFile(
        app.ctx,
        actorOf(request),
        request.params.id,
        request.params.fileId,
        request.query.version,
        requestMeta(request),
      ),
    }),
  );

  /* Actions */

  const action = (
    path: string,
    summary: string,
    run: (
      ctx: typeof app.ctx,
      actor: ReturnType<typeof actorOf>,
      id: number,
      version: number,
      meta: ReturnType<typeof requestMeta>,
    ) => Promise<z.infer<typeof ZControlDetail>>,
  ) =>
    app.post(
      `/controls/:id/${path}`,
      { config: editors, schema: { tags, summary, params: ZIdParams, body: ZControlActionRequest, response: detail } },
      async (request) => ({
        data: await run(app.ctx, actorOf(request), request.params.id, request.body.version, requestMeta(request)),
      }),
    );

  action(
    'register',
    'Înregistrează controlul: numărul de intrare din seria activă a instituției pentru tipul de serie al tipului de control (DOCUMENT_SERIES_NOT_DEFINED)',
    service.registerControl,
  );
  action('resolve', 'Marchează controlul ca soluționat', service.resolveControl);
  action(
    'generate-report',
    'Generează raportul de închidere (PDF) și blochează controlul; la eșec starea devine error și răspunsul CLOSING_REPORT_GENERATION_ERROR',
    service.generateReport,
  );
  action('close', 'Închide controlul și îl blochează', service.closeControl);

  app.get(
    '/controls/:id/activities',
    {
      config: readers,
      schema: {
        tags,
        summary: 'Istoricul controlului, cele mai noi întâi (50 pe pagină)',
        params: ZIdParams,
        querystring: ZControlActivitiesQuery,
        response: { 200: listResponse(ZControlActivity) },
      },
    },
    async (request) => service.listActivities(app.ctx, actorOf(request), request.params.id, request.query.page),
  );
}
