import {
  type StaffApplication,
  ZIdParams,
  ZStaffApplication,
  ZStaffApplicationListItem,
  ZStaffApplicationListQuery,
  ZStaffApproveRequest,
  ZStaffAssignRequest,
  ZStaffAssignReviewerRequest,
  ZStaffCandidate,
  ZStaffCandidatesQuery,
  ZStaffClarificationRequest,
  ZStaffCommentRequest,
  ZStaffConsultantReviewRequest,
  ZStaffCounters,
  ZStaffDownloadRequest,
  ZStaffFormRequest,
  ZStaffManualCompletionQuery,
  ZStaffModifyTypeRequest,
  ZStaffRejectRequest,
  ZStaffRelatedFile,
  ZStaffRemoveDocumentRequest,
  ZStaffResponseDaysRequest,
  ZStaffReviewRequest,
  ZStaffSearchQuery,
  ZStaffSearchResult,
  ZStaffSendToConsultantRequest,
  ZStaffVizaRejectRequest,
} from '@ghiseu/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requirePermission } from '../../../platform/auth/guard.js';
import { dataResponse as data, listResponse } from '../../../platform/list-query.js';
import { requestMeta } from '../../../platform/request.js';
import * as service from './service.js';

/**
 * Staff processing routes (spec §7 Staff applications; issue 11): the work lists and counters,
 * the staff record, related-document search and files, and every processing action. Reads need
 * `applicationsStaffOwnRead`; actions `applicationsStaffOwnEdit` (the consultant's answer, the
 * zip download and comments only the read key; the response term `responseDueDaysEdit`). Which
 * applications and actions are allowed beyond the key is the staff policy's (policy.ts) and the
 * transition table's (domain processing/transitions.ts).
 */
export async function staffApplicationsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['staff-applications'];
  const read = requirePermission('applicationsStaffOwnRead');
  const edit = requirePermission('applicationsStaffOwnEdit');
  const record = { 200: data(ZStaffApplication) };

  app.get(
    '/staff-applications',
    {
      config: read,
      schema: {
        tags,
        summary:
          'Listele de lucru ale funcționarului (inbox, new, in-work, completed; assigned, to_review, internal): doar cererile instituției proprii, cu filtre, căutare și sortare',
        querystring: ZStaffApplicationListQuery,
        response: { 200: listResponse(ZStaffApplicationListItem) },
      },
    },
    async (request) => service.listStaffApplications(app.ctx, actorOf(request), request.query),
  );

  app.get(
    '/staff-applications/counters',
    {
      config: read,
      schema: {
        tags,
        summary: 'Contoarele meniului: cereri nefinalizate alocate mie și de verificat de mine',
        response: { 200: data(ZStaffCounters) },
      },
    },
    async (request) => ({ data: await service.staffCounters(app.ctx, actorOf(request)) }),
  );

  app.get(
    '/staff-applications/search',
    {
      config: read,
      schema: {
        tags,
        summary: 'Căutarea documentelor conexe: numărul de înregistrare conține textul (cel mult 100, cele emise recent întâi)',
        querystring: ZStaffSearchQuery,
        response: { 200: data(z.array(ZStaffSearchResult)) },
      },
    },
    async (request) => ({
      data: await service.searchStaffApplications(app.ctx, actorOf(request), request.query.value, request.query.parentAppId),
    }),
  );

  app.get(
    '/staff-applications/candidates',
    {
      config: read,
      schema: {
        tags,
        summary: 'Persoanele care pot fi alese: funcționari activi ai instituției (alocare, verificare) sau consultanți activi',
        querystring: ZStaffCandidatesQuery,
        response: { 200: data(z.array(ZStaffCandidate)) },
      },
    },
    async (request) => ({
      data: await service.staffCandidates(app.ctx, actorOf(request), request.query.role ?? 'assignee'),
    }),
  );

  app.get(
    '/staff-applications/:id',
    {
      config: read,
      schema: {
        tags,
        summary:
          'Cererea, văzută de funcționar: dosarul complet, termenul legal, formularul funcționarului, consultări, note interne și acțiunile permise',
        params: ZIdParams,
        response: record,
      },
    },
    async (request) => ({ data: await service.getStaffApplication(app.ctx, actorOf(request), request.params.id) }),
  );

  app.get(
    '/staff-applications/:id/related-files',
    {
      config: read,
      schema: {
        tags,
        summary: 'Fișierele cererilor conexe (cererea părinte și cererile derivate)',
        params: ZIdParams,
        response: { 200: data(z.array(ZStaffRelatedFile)) },
      },
    },
    async (request) => ({ data: await service.relatedFiles(app.ctx, actorOf(request), request.params.id) }),
  );

  /** A PATCH/PUT action route answering the staff record. */
  const action = <B extends z.ZodType, Q extends z.ZodType>(
    method: 'PATCH' | 'PUT' | 'POST',
    suffix: string,
    options: {
      summary: string;
      body?: B;
      querystring?: Q;
      config?: ReturnType<typeof requirePermission>;
      status?: 200 | 201;
      run: (
        request: { actor: ReturnType<typeof actorOf>; id: number; body: z.infer<B>; query: z.infer<Q> },
        meta: ReturnType<typeof requestMeta>,
      ) => Promise<StaffApplication>;
    },
  ) => {
    const status = options.status ?? 200;
    app.route({
      method,
      url: `/staff-applications/:id/${suffix}`,
      config: options.config ?? edit,
      schema: {
        tags,
        summary: options.summary,
        params: ZIdParams,
        ...(options.body ? { body: options.body } : {}),
        ...(options.querystring ? { querystring: options.querystring } : {}),
        response: { [status]: data(ZStaffApplication) },
      },
      handler: async (request, reply) => {
        const result = await options.run(
          {
            actor: actorOf(request),
            id: (request.params as { id: number }).id,
            body: request.body as z.infer<B>,
            query: request.query as z.infer<Q>,
          },
          requestMeta(request),
        );
        return reply.status(status).send({ data: result });
      },
    });
  };
  const s = service;
  const ctx = () => app.ctx;

  action('PATCH', 'register', {
    summary:
      'Înregistrează cererea (NEW → REGISTERED): pornește termenul legal; număr din seria de intrare dacă nu are; REQUEST_ALREADY_CONFIRMED dacă este deja înregistrată',
    run: (r, m) => s.registerApplication(ctx(), r.actor, r.id, m),
  });
  action('PATCH', 'assign', {
    summary:
      'Alocă cererea (REGISTERED → PENDING): altcuiva doar cu CAN_ASSIGN_APPLICATION; sieși o cerere nealocată; funcționar activ al instituției',
    body: ZStaffAssignRequest,
    run: (r, m) => s.assignApplication(ctx(), r.actor, r.id, r.body.assignee_user_id, m),
  });
  action('PATCH', 'assign-reviewer', {
    summary: 'Desemnează verificatorul (funcționar activ al instituției)',
    body: ZStaffAssignReviewerRequest,
    run: (r, m) => s.assignReviewer(ctx(), r.actor, r.id, r.body.reviewer_user_id, m),
  });
  action('PATCH', 'send-to-consultant', {
    summary: 'Trimite cererea unui consultant, cu întrebarea',
    body: ZStaffSendToConsultantRequest,
    run: (r, m) => s.sendToConsultant(ctx(), r.actor, r.id, r.body, m),
  });
  action('PATCH', 'consultant-review', {
    summary: 'Răspunsul consultantului la consultarea deschisă către el',
    body: ZStaffConsultantReviewRequest,
    config: read,
    run: (r, m) => s.consultantReview(ctx(), r.actor, r.id, r.body.answer, m),
  });
  action('PATCH', 'staff-review', {
    summary: 'Verificarea verificatorului: review_status (approved, rejected, changes) și observații interne',
    body: ZStaffReviewRequest,
    run: (r, m) => s.staffReview(ctx(), r.actor, r.id, r.body, m),
  });
  action('PATCH', 'application-reviewed-by-staff-function', {
    summary: 'Salvează formularul funcționarului (validat complet față de versiunea publicată a tipului)',
    body: ZStaffFormRequest,
    run: (r, m) => s.saveStaffForm(ctx(), r.actor, r.id, r.body.form_staff, m),
  });
  action('PATCH', 'request-clarification', {
    summary: 'Cere clarificări solicitantului (→ REVIEW): mesajul devine comentariu vizibil, termenul legal se oprește',
    body: ZStaffClarificationRequest,
    run: (r, m) => s.requestClarification(ctx(), r.actor, r.id, r.body.message, m),
  });
  action('PATCH', 'response-due-in-days', {
    summary: 'Modifică termenul de răspuns (0–9999 zile lucrătoare, „Introdu un numar”) și recalculează data-limită',
    body: ZStaffResponseDaysRequest,
    config: requirePermission('responseDueDaysEdit'),
    run: (r, m) => s.changeResponseDays(ctx(), r.actor, r.id, r.body, m),
  });
  action('PATCH', 'modify-application-type', {
    summary: 'Schimbă tipul cererii cu un tip activ al aceleiași instituții',
    body: ZStaffModifyTypeRequest,
    run: (r, m) => s.modifyApplicationType(ctx(), r.actor, r.id, r.body.application_type_id, m),
  });
  action('PATCH', 'remove-document', {
    summary: 'Elimină un document al cererii (file_id: identificatorul din lista de fișiere)',
    body: ZStaffRemoveDocumentRequest,
    run: (r, m) => s.removeDocument(ctx(), r.actor, r.id, r.body.file_id, m),
  });
  action('PATCH', 'manual-completion', {
    summary:
      'Finalizare manuală (APPROVED → RESOLVED, REJECTED_IN_PROGRESS → REJECTED); fără document emis doar cu ?force=true (altfel APPLICATION_NO_OUTPUT_DOCUMENT)',
    querystring: ZStaffManualCompletionQuery,
    run: (r, m) => s.manualCompletion(ctx(), r.actor, r.id, r.query.force === 'true', m),
  });
  action('PATCH', 'close-application', {
    summary: 'Închide cererea soluționată sau respinsă (→ CLOSED)',
    run: (r, m) => s.closeApplication(ctx(), r.actor, r.id, m),
  });
  action('PATCH', 'start-process', {
    summary: 'Pornește procesul publicat al tipului de cerere (WORKFLOW_NOT_AVAILABLE dacă nu există)',
    run: (r, m) => s.startProcess(ctx(), r.actor, r.id, m),
  });
  action('PUT', 'approve', {
    summary: 'Aprobă cererea (→ APPROVED, în lucru), cu observații interne opționale',
    body: ZStaffApproveRequest,
    run: (r, m) => s.approveApplication(ctx(), r.actor, r.id, r.body.comment, m),
  });
  action('PUT', 'reject', {
    summary:
      'Respinge cererea (→ REJECTED_IN_PROGRESS): motivul și formularul de respingere al tipului (REJECT_FORM_STAFF dacă lipsește)',
    body: ZStaffRejectRequest,
    run: (r, m) => s.rejectApplication(ctx(), r.actor, r.id, r.body, m),
  });
  action('PUT', 'viza-reject', {
    summary: 'Refuză viza (→ REJECTED), cu motivul',
    body: ZStaffVizaRejectRequest,
    run: (r, m) => s.vizaReject(ctx(), r.actor, r.id, r.body.rejected_reason, m),
  });
  action('PUT', 'staff-review-document', {
    summary: 'Trimite documentul la verificarea funcționarului (→ APPROVED)',
    run: (r, m) => s.staffReviewDocument(ctx(), r.actor, r.id, m),
  });
  action('POST', 'comment', {
    summary: 'Comentariu al funcționarului: notă internă (implicit) sau vizibil solicitantului',
    body: ZStaffCommentRequest,
    config: read,
    status: 201,
    run: (r, m) => s.addStaffComment(ctx(), r.actor, r.id, r.body, m),
  });

  app.patch(
    '/staff-applications/:id/download-compression',
    {
      config: read,
      schema: {
        tags,
        summary: 'Arhivă zip cu fișierele alese ale cererii (transmisă în flux; ERROR_DOWNLOAD_COMPRESSION la eșec)',
        params: ZIdParams,
        body: ZStaffDownloadRequest,
      },
    },
    async (request, reply) => {
      const zip = await service.downloadCompression(
        app.ctx,
        actorOf(request),
        request.params.id,
        request.body.files,
        requestMeta(request),
      );
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${zip.name}"`)
        .header('cache-control', 'private, no-store')
        .send(zip.stream);
    },
  );
}
