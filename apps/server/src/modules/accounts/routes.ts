import { ZCurrentUser } from '@ghiseu/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, publicRoute, requirePermission, signedIn } from '../../platform/auth/guard.js';
import { listResponse } from '../../platform/list-query.js';
import { requestMeta } from '../../platform/request.js';
import {
  ZChangePasswordRequest,
  ZCheckValidationTokenQuery,
  ZCheckValidationTokenResponse,
  ZConfirmEmailRequest,
  ZCreateSubAccountRequest,
  ZEchoQuery,
  ZEmailBody,
  ZEmailQuery,
  ZIdParams,
  ZPhoneUpdateRequest,
  ZPhoneValidateRequest,
  ZProfile,
  ZProfileUpdateRequest,
  ZRegisterRequest,
  ZRegisterResponse,
  ZResetPasswordRequest,
  ZSubAccount,
  ZUpdateSubAccountRequest,
  ZUserPatchRequest,
  ZUserRecord,
  ZVerificationResponse,
} from '@ghiseu/domain';
import { getMyProfile, getUserRecord, patchCurrentUser, updateMyProfile } from './profile-service.js';
import {
  changePassword,
  checkValidationToken,
  confirmEmail,
  recoverPassword,
  registerAccount,
  requestOwnPasswordReset,
  resendEmailConfirmation,
  resetPassword,
  sendPhoneCode,
  validatePhoneCode,
} from './service.js';
import type { AccountSettings } from './settings.js';
import { createSubAccount, listSubAccounts, updateSubAccount } from './sub-accounts-service.js';

/**
 * Per-route limits on the calls that send messages or take guesses. Keyed by client address
 * (the plugin's default); lockouts and attempt counters protect the accounts themselves.
 */
const limited = (max: number) => ({ ...publicRoute, rateLimit: { max, timeWindow: '1 minute' } });
const noContent = { 204: z.null().describe('Fără conținut') };
const subAccountsAuth = requirePermission('legalEntityAccounts');

/**
 * Accounts: registration, e-mail and phone confirmation, passwords, profile, users and
 * professional sub-accounts (spec §3, §4, §7). Routes declare contracts and access, then call
 * one service function.
 */
export async function accountsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Validated by loadConfig at start (a bad value stops the server with the variable's name).
  const settings: AccountSettings = app.ctx.config.accounts;

  // ---- registration and e-mail confirmation ----

  app.post(
    '/auth/register',
    {
      config: limited(10),
      schema: {
        tags: ['accounts'],
        summary: 'Creare cont (personal sau profesional)',
        description:
          'Erori: REGISTRATION_EMAIL_ALREADY_EXISTS, REGISTRATION_EMAIL_DOMAIN_BLOCKED, REGISTRATION_INVALID_PASSWORD (data.rules), VALIDATION_ERROR.',
        security: [],
        body: ZRegisterRequest,
        response: { 201: ZRegisterResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await registerAccount(app.ctx, settings, request.body, requestMeta(request)) }),
  );

  app.get(
    '/auth/check-validation-token',
    {
      config: limited(60),
      schema: {
        tags: ['accounts'],
        summary: 'Verifică o cheie din link sau un token de verificare',
        description: 'INVALID_TOKEN când cheia este necunoscută, folosită sau expirată.',
        security: [],
        querystring: ZCheckValidationTokenQuery,
        response: { 200: ZCheckValidationTokenResponse },
      },
    },
    async (request) => ({ data: await checkValidationToken(app.ctx, request.query.token) }),
  );

  app.post(
    '/auth/confirm-email',
    {
      config: limited(30),
      schema: {
        tags: ['accounts'],
        summary: 'Confirmă adresa de e-mail cu cheia din link',
        description: 'Răspunde cu tokenul de verificare pentru pasul SMS. Erori: INVALID_TOKEN, AUTH_DISABLED.',
        security: [],
        body: ZConfirmEmailRequest,
        response: { 200: ZVerificationResponse },
      },
    },
    async (request) => confirmEmail(app.ctx, request.body.confirmationKey, requestMeta(request)),
  );

  app.get(
    '/auth/resend',
    {
      config: limited(5),
      schema: {
        tags: ['accounts'],
        summary: 'Retrimite e-mailul de confirmare',
        description: 'Răspunde 204 indiferent dacă adresa există.',
        security: [],
        querystring: ZEmailQuery,
        response: noContent,
      },
    },
    async (request, reply) => {
      await resendEmailConfirmation(app.ctx, request.query.email, requestMeta(request));
      return reply.status(204).send(null);
    },
  );

  // ---- phone confirmation ----

  app.post(
    '/auth/phone/update',
    {
      config: limited(5),
      schema: {
        tags: ['accounts'],
        summary: 'Trimite codul SMS de confirmare a telefonului',
        description:
          'Cu tokenul de verificare de la autentificare sau confirmarea e-mailului, ori autentificat (schimbarea telefonului). Erori: INVALID_TOKEN.',
        body: ZPhoneUpdateRequest,
        response: noContent,
      },
    },
    async (request, reply) => {
      await sendPhoneCode(app.ctx, request.body, request.actor, requestMeta(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/phone/validate',
    {
      config: limited(10),
      schema: {
        tags: ['accounts'],
        summary: 'Confirmă telefonul cu codul SMS',
        description:
          'Deschide o sesiune când și e-mailul este confirmat. Erori: SMS_CODE_INVALID (data.remaining_attempts), SMS_CODE_EXPIRED, INVALID_TOKEN.',
        body: ZPhoneValidateRequest,
        response: { 200: ZVerificationResponse },
      },
    },
    async (request) => validatePhoneCode(app.ctx, request.body, request.actor, requestMeta(request)),
  );

  // ---- passwords ----

  app.post(
    '/recover-password',
    {
      config: limited(5),
      schema: {
        tags: ['accounts'],
        summary: 'Am uitat parola: trimite linkul de resetare',
        description: 'Răspunde 204 indiferent dacă adresa există.',
        security: [],
        body: ZEmailBody,
        response: noContent,
      },
    },
    async (request, reply) => {
      await recoverPassword(app.ctx, request.body.email, requestMeta(request));
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/auth/reset-password',
    {
      config: limited(10),
      schema: {
        tags: ['accounts'],
        summary: 'Setează parola nouă cu cheia din link (resetare sau setare parolă)',
        description:
          'Erori: AUTH_INVALID_CONFIRMATION_VALIDATIONS, REGISTRATION_INVALID_PASSWORD, RESET_PASSWORD_ALREADY_USED, AUTH_DISABLED. Închide toate sesiunile.',
        security: [],
        body: ZResetPasswordRequest,
        response: noContent,
      },
    },
    async (request, reply) => {
      await resetPassword(app.ctx, request.body, requestMeta(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/change-password',
    {
      // Password guessing is stopped per account by the lockout of login, which this call shares.
      config: limited(30),
      schema: {
        tags: ['accounts'],
        summary: 'Schimbă parola expirată (cu parola veche)',
        description:
          'Erori: AUTH_FAILED (data.remaining_attempts; și pentru o adresă fără cont, ca la autentificare), AUTH_FAILED_ACCOUNT_LOCKED, AUTH_DISABLED, REGISTRATION_INVALID_PASSWORD, RESET_PASSWORD_ALREADY_USED.',
        security: [],
        body: ZChangePasswordRequest,
        response: noContent,
      },
    },
    async (request, reply) => {
      await changePassword(app.ctx, request.body, requestMeta(request));
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/users/me/password-reset',
    {
      config: { ...signedIn, rateLimit: { max: 5, timeWindow: '1 minute' } },
      schema: {
        tags: ['accounts'],
        summary: 'Resetare parolă din panoul utilizatorului: trimite linkul pe e-mail',
        response: noContent,
      },
    },
    async (request, reply) => {
      await requestOwnPasswordReset(app.ctx, actorOf(request), requestMeta(request));
      return reply.status(204).send(null);
    },
  );

  // ---- profile and users ----

  app.get(
    '/profiles/me',
    {
      config: signedIn,
      schema: { tags: ['accounts'], summary: 'Profilul utilizatorului curent', response: { 200: z.object({ data: ZProfile }) } },
    },
    async (request) => ({ data: await getMyProfile(app.ctx, actorOf(request)) }),
  );

  app.put(
    '/profiles/me',
    {
      config: signedIn,
      schema: {
        tags: ['accounts'],
        summary: 'Salvează profilul utilizatorului curent',
        description: 'Un profil complet marchează contul ca finalizat; missing_fields arată ce lipsește.',
        body: ZProfileUpdateRequest,
        response: { 200: z.object({ data: ZProfile }) },
      },
    },
    async (request) => ({ data: await updateMyProfile(app.ctx, actorOf(request), request.body, requestMeta(request)) }),
  );

  app.patch(
    '/users',
    {
      config: signedIn,
      schema: {
        tags: ['accounts'],
        summary: 'Modifică numele și fotografia utilizatorului curent (merge patch)',
        body: ZUserPatchRequest,
        response: { 200: z.object({ data: ZCurrentUser }) },
      },
    },
    async (request) => ({ data: await patchCurrentUser(app.ctx, actorOf(request), request.body, requestMeta(request)) }),
  );

  app.get(
    '/users/:id',
    {
      // Object rule in policy.ts: oneself, or accountsRead within the same organisation.
      config: signedIn,
      schema: {
        tags: ['accounts'],
        summary: 'Un utilizator (el însuși sau, cu accountsRead, din aceeași instituție)',
        params: ZIdParams,
        response: { 200: z.object({ data: ZUserRecord }) },
      },
    },
    async (request) => ({ data: await getUserRecord(app.ctx, actorOf(request), request.params.id) }),
  );

  // ---- sub-accounts (the legal entity's administrator account only; policy.ts) ----

  app.get(
    '/sub-accounts',
    {
      config: subAccountsAuth,
      schema: { tags: ['accounts'], summary: 'Subconturile contului profesional', response: { 200: listResponse(ZSubAccount) } },
    },
    async (request) => listSubAccounts(app.ctx, actorOf(request), request.query as Record<string, unknown>),
  );

  app.post(
    '/sub-accounts',
    {
      config: subAccountsAuth,
      schema: {
        tags: ['accounts'],
        summary: 'Invită un subcont (administrator sau editor)',
        description: 'Erori: USER_ALREADY_EXISTS, REGISTRATION_EMAIL_DOMAIN_BLOCKED, FORBIDDEN.',
        querystring: ZEchoQuery,
        body: ZCreateSubAccountRequest,
        response: { 201: z.object({ data: z.union([ZSubAccount, z.object({ id: z.number().int() })]) }) },
      },
    },
    async (request, reply) => {
      const created = await createSubAccount(app.ctx, settings, actorOf(request), request.body, requestMeta(request));
      return reply.status(201).send({ data: request.query.echo === 'true' ? created : { id: created.id } });
    },
  );

  app.patch(
    '/sub-accounts/:id',
    {
      config: subAccountsAuth,
      schema: {
        tags: ['accounts'],
        summary: 'Modifică rolul sau starea unui subcont (merge patch)',
        params: ZIdParams,
        body: ZUpdateSubAccountRequest,
        response: { 200: z.object({ data: ZSubAccount }) },
      },
    },
    async (request) => ({
      data: await updateSubAccount(app.ctx, actorOf(request), request.params.id, request.body, requestMeta(request)),
    }),
  );
}
