import {
  ZDocumentTemplateCreateRequest,
  ZDocumentTemplateListItem,
  ZDocumentTemplateListQuery,
  ZDocumentTemplateOption,
  ZDocumentTemplateOptionsQuery,
  ZDocumentTemplatePatchRequest,
  ZDocumentTemplateRecord,
  ZPlaceholder,
  ZPlaceholdersQuery,
} from '@ghiseu/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requirePermission } from '../../platform/auth/guard.js';
import { registerCrudRoutes } from '../../platform/crud-routes.js';
import { dataResponse, listResponse } from '../../platform/list-query.js';
import * as templates from './service.js';

const data = dataResponse;
const tags = ['document-templates'];

/**
 * Document templates (spec §2 /document-template*, §3; super_admin and admin:
 * documentTemplateRead / Create / Edit). The preview of a template on an application
 * (`POST /document-templates/{id}/preview`) is the applications' documents sub-module's.
 */
export async function documentTemplatesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // Declared before `/document-templates/:id` reads them as ids.
  app.get(
    '/document-templates/options',
    {
      config: requirePermission('documentTemplateRead', 'applicationTypeRead'),
      schema: {
        tags,
        summary: 'Șabloanele active pentru alegerea în tipul de cerere (comune și ale instituției; cel mult 500)',
        querystring: ZDocumentTemplateOptionsQuery,
        response: { 200: data(z.array(ZDocumentTemplateOption)) },
      },
    },
    async (request) => ({
      data: await templates.templateOptions(app.ctx, actorOf(request), request.query.organisation_id),
    }),
  );

  app.get(
    '/document-templates/placeholders',
    {
      config: requirePermission('documentTemplateRead'),
      schema: {
        tags,
        summary:
          'Substituenții disponibili: catalogul fix (cu system_type, doar grupurile permise tipului de sistem: raport_control are instituția și controlul) și, cu application_type_id, câmpurile formularelor tipului (form.<cheie>, form_staff.<cheie>)',
        querystring: ZPlaceholdersQuery,
        response: { 200: data(z.array(ZPlaceholder)) },
      },
    },
    async (request) => ({
      data: await templates.listPlaceholders(
        app.ctx,
        actorOf(request),
        request.query.application_type_id,
        request.query.system_type,
      ),
    }),
  );

  registerCrudRoutes(app, {
    path: '/document-templates',
    tags,
    record: ZDocumentTemplateRecord,
    list: {
      permissions: ['documentTemplateRead'],
      summary:
        'Șabloanele de documente: comune și ale instituției (filtre: name[contains], status, system_type; sortare: name, created_at)',
      querystring: ZDocumentTemplateListQuery,
      response: listResponse(ZDocumentTemplateListItem),
      run: templates.listTemplates,
    },
    read: {
      permissions: ['documentTemplateRead'],
      summary: 'Un șablon: textul (ProseMirror JSON), machetarea semnăturilor, substituenții folosiți',
      run: templates.getTemplate,
    },
    create: {
      permissions: ['documentTemplateCreate'],
      summary:
        'Creare șablon (al instituției; comun pentru super administrator). Erori: DUPLICATE_DOCUMENT_TEMPLATE_NAME, UNKNOWN_PLACEHOLDER {key}, INVALID_SIGNING_LAYOUT {problems}',
      body: ZDocumentTemplateCreateRequest,
      run: templates.createTemplate,
    },
    patch: {
      permissions: ['documentTemplateEdit'],
      summary: 'Modificare șablon (aceleași verificări ca la creare)',
      body: ZDocumentTemplatePatchRequest,
      run: templates.patchTemplate,
    },
    remove: {
      permissions: ['documentTemplateEdit'],
      summary: 'Ștergere șablon nefolosit (DOCUMENT_TEMPLATE_IN_USE când un tip de cerere îl folosește)',
      run: templates.deleteTemplate,
    },
  });
}
