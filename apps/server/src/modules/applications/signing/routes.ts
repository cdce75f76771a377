import {
  ZApplicationSignConfirmRequest,
  ZApplicationSignConfirmResponse,
  ZApplicationSignQuery,
  ZAttachmentsConfirmRequest,
  ZAttachmentsResult,
  ZAttachmentsSealRequest,
  ZAttachmentsSignRequest,
  ZBulkConfirmRequest,
  ZBulkConfirmResponse,
  ZBulkSignRequest,
  ZBulkSignStartResponse,
  ZBulkStatusRequest,
  ZBulkStatusResponse,
  ZIdParams,
  ZOfflineCheckRequest,
  ZOfflineCheckResponse,
  ZOfflineFinishParams,
  ZOfflineFinishResponse,
  ZOfflineInitQuery,
  ZOfflineInitResponse,
  ZSealResponse,
  ZSignatureImageTokenResponse,
  ZSignConfirmRequest,
  ZSignConfirmResponse,
  ZSigningPinRequest,
  ZSigningProfile,
  ZSigningStatus,
  ZSignStartRequest,
  ZSignStartResponse,
  ZStaffSignParams,
} from '@ghiseu/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerFileAccessRule } from '../../files/index.js';
import { actorOf, requirePermission, signedIn } from '../../../platform/auth/guard.js';
import { dataResponse as data } from '../../../platform/list-query.js';
import { requestMeta } from '../../../platform/request.js';
import * as bulk from './bulk.js';
import * as offline from './offline.js';
import * as service from './service.js';

/**
 * Signing routes (spec §7; spec gaps C5). Staff: `applicationsStaffOwnEdit` to sign or seal,
 * `applicationsStaffOwnRead` for the status; the staff policy and the signing layout decide the
 * rest (403 for someone who is not the next signer). Applicant: `applicationsEdit` on their own
 * application. The PIN and the signing profile: any signed-in user, for themselves.
 */
export async function signingFlowRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const staffTags = ['staff-applications'];
  const tags = ['applications'];
  const read = requirePermission('applicationsStaffOwnRead');
  const edit = requirePermission('applicationsStaffOwnEdit');
  const citizen = requirePermission('applicationsEdit');

  registerFileAccessRule((db, actor, file) => service.applicantMayReadDocumentFile(db, actor, file.id));

  /* Staff: one document */
  app.put(
    '/staff-applications/:id/:action/sign',
    {
      config: edit,
      schema: {
        tags: staffTags,
        summary:
          'Pornește semnarea celulei următoare a documentului (action = approve | reject, după tipul documentului): cod SMS sau PIN; 403 dacă nu sunteți următorul semnatar',
        params: ZStaffSignParams,
        body: ZSignStartRequest,
        response: { 200: data(ZSignStartResponse) },
      },
    },
    async (request) => ({
      data: await service.startStaffSigning(
        app.ctx,
        actorOf(request),
        request.params.id,
        request.params.action,
        request.body.custom_image_id,
        requestMeta(request),
      ),
    }),
  );

  app.put(
    '/staff-applications/:id/confirm-signing',
    {
      config: edit,
      schema: {
        tags: staffTags,
        summary:
          'Confirmă semnarea cu codul SMS sau PIN-ul: semnează PDF-ul (semnătură vizibilă în caseta celulei), apoi sigiliul sau emiterea. Cod greșit: SIGNING_CODE_INVALID (3 încercări, apoi SIGNING_SESSION_EXPIRED); expirat: SIGNING_CODE_EXPIRED',
        params: ZIdParams,
        body: ZSignConfirmRequest,
        response: { 200: data(ZSignConfirmResponse) },
      },
    },
    async (request) => ({
      data: await service.confirmStaffSigning(app.ctx, actorOf(request), request.params.id, request.body, requestMeta(request)),
    }),
  );

  app.get(
    '/staff-applications/:id/check-signing-status',
    {
      config: read,
      schema: {
        tags: staffTags,
        summary: 'Starea semnării documentului: semnături făcute/total, următorul semnatar, cererea de semnare deschisă',
        params: ZIdParams,
        response: { 200: data(ZSigningStatus) },
      },
    },
    async (request) => ({ data: await service.staffSigningStatus(app.ctx, actorOf(request), request.params.id) }),
  );

  app.put(
    '/staff-applications/:id/seal',
    {
      config: edit,
      schema: {
        tags: staffTags,
        summary: 'Reia sigilarea după SEAL_ERROR (canSeal): documentul trece în sigilare, lucrarea documents.seal îl emite',
        params: ZIdParams,
        response: { 200: data(ZSealResponse) },
      },
    },
    async (request) => ({ data: await service.sealAgain(app.ctx, actorOf(request), request.params.id, requestMeta(request)) }),
  );

  /* Staff: bulk and attachments */
  app.post(
    '/staff-applications/bulk-sign',
    {
      config: edit,
      schema: {
        tags: staffTags,
        summary:
          'Semnare în masă (1–100 cereri): verifică fiecare cerere și trimite un singur cod pentru cele care pot fi semnate',
        body: ZBulkSignRequest,
        response: { 200: data(ZBulkSignStartResponse) },
      },
    },
    async (request) => ({ data: await bulk.startBulkSigning(app.ctx, actorOf(request), request.body, requestMeta(request)) }),
  );

  app.post(
    '/staff-applications/check-bulk-signing-status',
    {
      config: read,
      schema: {
        tags: staffTags,
        summary: 'Pentru fiecare cerere: starea, starea documentului și dacă o puteți semna acum (altfel codul motivului)',
        body: ZBulkStatusRequest,
        response: { 200: data(ZBulkStatusResponse) },
      },
    },
    async (request) => ({ data: await bulk.bulkStatus(app.ctx, actorOf(request), request.body.application_ids) }),
  );

  app.post(
    '/staff-applications/confirm-bulk-signing',
    {
      config: edit,
      schema: {
        tags: staffTags,
        summary:
          'Confirmă semnarea în masă: fiecare document în tranzacția lui (un eșec nu le oprește pe celelalte); success false și SIGNING_BULK_PARTIAL_FAILURE numesc cererile eșuate',
        body: ZBulkConfirmRequest,
        response: { 200: data(ZBulkConfirmResponse) },
      },
    },
    async (request) => ({
      data: await bulk.confirmBulkSigning(app.ctx, actorOf(request), request.body, requestMeta(request)),
    }),
  );

  app.post(
    '/staff-applications/attachments-bulk-sign',
    {
      config: edit,
      schema: {
        tags: staffTags,
        summary: 'Pornește semnarea atașamentelor PDF ale unei cereri (funcționarul care o lucrează): cod SMS sau PIN',
        body: ZAttachmentsSignRequest,
        response: { 200: data(ZSignStartResponse) },
      },
    },
    async (request) => ({
      data: await bulk.startAttachmentsSigning(app.ctx, actorOf(request), request.body, requestMeta(request)),
    }),
  );

  app.post(
    '/staff-applications/confirm-attachments-bulk-signing',
    {
      config: edit,
      schema: {
        tags: staffTags,
        summary: 'Confirmă semnarea atașamentelor: fiecare fișier semnat devine starea signed',
        body: ZAttachmentsConfirmRequest,
        response: { 200: data(ZAttachmentsResult) },
      },
    },
    async (request) => ({
      data: await bulk.confirmAttachmentsSigning(app.ctx, actorOf(request), request.body, requestMeta(request)),
    }),
  );

  app.post(
    '/staff-applications/attachments-bulk-sealing',
    {
      config: edit,
      schema: {
        tags: staffTags,
        summary: 'Sigilează cu sigiliul instituției atașamentele PDF de tip review și output ale cererii (starea sealed)',
        body: ZAttachmentsSealRequest,
        response: { 200: data(ZAttachmentsResult) },
      },
    },
    async (request) => ({
      data: await bulk.sealAttachments(app.ctx, actorOf(request), request.body.id, requestMeta(request)),
    }),
  );

  app.get(
    '/staff-applications/signature-custom-image-token',
    {
      config: edit,
      schema: {
        tags: staffTags,
        summary: 'Token de încărcare pentru imaginea personalizată a semnăturii (PNG sau JPEG, cel mult 10 MB)',
        response: { 200: data(ZSignatureImageTokenResponse) },
      },
    },
    async (request) => ({ data: bulk.signatureImageToken(app.ctx, actorOf(request)) }),
  );

  /* Applicant */
  app.put(
    '/applications/:id/sign-output-document',
    {
      config: citizen,
      schema: {
        tags,
        summary: 'Solicitantul pornește semnarea documentului emis (starea SIGN_APPLICANT_USER_PENDING): cod SMS sau PIN',
        params: ZIdParams,
        response: { 200: data(ZSignStartResponse) },
      },
    },
    async (request) => ({
      data: await service.startApplicantSigning(app.ctx, actorOf(request), request.params.id, requestMeta(request)),
    }),
  );

  app.put(
    '/applications/:id/confirm-signing-output-document',
    {
      config: citizen,
      schema: {
        tags,
        summary: 'Confirmă semnarea documentului de către solicitant, apoi sigiliul sau emiterea',
        params: ZIdParams,
        body: ZSignConfirmRequest,
        response: { 200: data(ZSignConfirmResponse) },
      },
    },
    async (request) => ({
      data: await service.confirmApplicantSigning(
        app.ctx,
        actorOf(request),
        request.params.id,
        request.body,
        requestMeta(request),
      ),
    }),
  );

  app.put(
    '/applications/:id/sign',
    {
      config: citizen,
      schema: {
        tags,
        summary: '„Semnează și depune”: pornește semnarea cererii (ciornă) sau, cu review=true, a răspunsului la clarificări',
        params: ZIdParams,
        querystring: ZApplicationSignQuery,
        response: { 200: data(ZSignStartResponse) },
      },
    },
    async (request) => ({
      data: await service.startRequestSigning(
        app.ctx,
        actorOf(request),
        request.params.id,
        request.query.review === 'true',
        requestMeta(request),
      ),
    }),
  );

  app.put(
    '/applications/:id/confirm-signing',
    {
      config: citizen,
      schema: {
        tags,
        summary:
          'Confirmă semnarea cererii: PDF-ul cererii semnat și atașat (fișier de intrare, stare signed); ciorna nu mai poate fi modificată',
        params: ZIdParams,
        body: ZApplicationSignConfirmRequest,
        response: { 200: data(ZApplicationSignConfirmResponse) },
      },
    },
    async (request) => ({
      data: await service.confirmRequestSigning(app.ctx, actorOf(request), request.params.id, request.body, requestMeta(request)),
    }),
  );

  app.get(
    '/applications/:id/check-signing-status',
    {
      config: requirePermission('applicationsRead'),
      schema: {
        tags,
        summary: 'Starea semnării documentului cererii, pentru solicitant',
        params: ZIdParams,
        response: { 200: data(ZSigningStatus) },
      },
    },
    async (request) => ({ data: await service.applicantSigningStatus(app.ctx, actorOf(request), request.params.id) }),
  );

  /* Applicant: offline */
  app.post(
    '/applications/:id/initialize-offline-sign',
    {
      config: citizen,
      schema: {
        tags,
        summary:
          'Semnare offline: token de descărcare a PDF-ului de semnat și token de încărcare (PDF, cel mult 50 MB) pentru fișierul semnat cu certificatul propriu',
        params: ZIdParams,
        querystring: ZOfflineInitQuery,
        response: { 200: data(ZOfflineInitResponse) },
      },
    },
    async (request) => ({
      data: await offline.initializeOffline(app.ctx, actorOf(request), request.params.id, requestMeta(request)),
    }),
  );

  app.post(
    '/applications/:id/check-offline-sign',
    {
      config: citizen,
      schema: {
        tags,
        summary:
          'Verifică PDF-ul semnat încărcat: documentul emis este prefix exact, fiecare semnătură validă, doar adăugiri de semnătură după el (PDF_INVALID, PDF_IS_ENCRYPTED, INVALID_PDF_ERROR, PDF_READING_ERROR, NOT_OK)',
        params: ZIdParams,
        body: ZOfflineCheckRequest,
        response: { 200: data(ZOfflineCheckResponse) },
      },
    },
    async (request) => ({ data: await offline.checkOffline(app.ctx, actorOf(request), request.params.id, request.body) }),
  );

  app.post(
    '/applications/:id/finish-offline-sign/:newPdfId',
    {
      config: citizen,
      schema: {
        tags,
        summary:
          'Finalizează semnarea offline cu PDF-ul verificat: revizia semnată a documentului; cererea nu mai poate fi modificată',
        params: ZOfflineFinishParams,
        response: { 200: data(ZOfflineFinishResponse) },
      },
    },
    async (request) => ({
      data: await offline.finishOffline(
        app.ctx,
        actorOf(request),
        request.params.id,
        request.params.newPdfId,
        requestMeta(request),
      ),
    }),
  );

  /* PIN and profile */
  app.get(
    '/signing/profile',
    {
      config: signedIn,
      schema: {
        tags: ['signing'],
        summary:
          'Poate semna utilizatorul? Înrolare, profil valid (CNP, act de identitate), PIN de semnare, telefonul pentru cod',
        response: { 200: data(ZSigningProfile) },
      },
    },
    async (request) => ({ data: await service.signingProfile(app.ctx, actorOf(request)) }),
  );

  app.put(
    '/signing/pin',
    {
      config: signedIn,
      schema: {
        tags: ['signing'],
        summary:
          'Setează PIN-ul de semnare (6 cifre; confirmat cu parola contului): semnările se confirmă cu el în loc de cod SMS',
        body: ZSigningPinRequest,
        response: { 200: data(ZSigningProfile) },
      },
    },
    async (request) => ({ data: await service.setPin(app.ctx, actorOf(request), request.body, requestMeta(request)) }),
  );

  app.delete(
    '/signing/pin',
    {
      config: signedIn,
      schema: {
        tags: ['signing'],
        summary: 'Șterge PIN-ul de semnare (semnările se confirmă din nou prin cod SMS)',
        response: { 200: data(ZSigningProfile) },
      },
    },
    async (request) => ({ data: await service.removePin(app.ctx, actorOf(request), requestMeta(request)) }),
  );
}
