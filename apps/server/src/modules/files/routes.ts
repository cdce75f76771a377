import { UPLOAD_PURPOSES, ZFileRecord, ZIdParams } from '@ghiseu/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, publicRoute, signedIn } from '../../platform/auth/guard.js';
import { AppError } from '../../platform/errors.js';
import { presentFile } from './presenter.js';
import { issueDownloadToken, issueUploadToken, openDownload, storeUpload, verifyUploadToken } from './service.js';
import { contentDisposition } from '../../platform/request.js';

export async function filesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/files/upload-tokens',
    {
      config: signedIn,
      schema: {
        tags: ['files'],
        summary: 'Token de încărcare pentru un scop (reguli de tip și mărime)',
        body: z.object({ purpose: z.enum(UPLOAD_PURPOSES as [string, ...string[]]).default('default') }),
        response: { 200: z.object({ data: z.object({ token: z.string(), expires_in: z.number() }) }) },
      },
    },
    async (request) => ({
      data: issueUploadToken(app.ctx, actorOf(request), request.body.purpose as (typeof UPLOAD_PURPOSES)[number]),
    }),
  );

  app.post(
    '/files',
    {
      config: signedIn,
      schema: {
        tags: ['files'],
        summary: 'Încărcare fișier (multipart, antet x-file-upload-access-token)',
        consumes: ['multipart/form-data'],
        querystring: z.object({ echo: z.enum(['true', 'false']).optional() }),
        headers: z.object({ 'x-file-upload-access-token': z.string().optional() }),
        response: { 201: z.object({ data: z.union([ZFileRecord, z.object({ id: z.number().int() })]) }) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const purpose = verifyUploadToken(app.ctx, actor, request.headers['x-file-upload-access-token']);
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      const part = await request.file();
      if (!part) throw new AppError('VALIDATION_ERROR', { fields: [{ path: 'file', message: 'Fișierul lipsește' }] });
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('VALIDATION.UPLOADED_FILE_SIZE');
        throw error;
      }
      const row = await storeUpload(
        app.ctx,
        actor,
        purpose,
        { fileName: part.filename, data },
        { ip: request.ip, requestId: request.id },
      );
      return reply.status(201).send({ data: request.query.echo === 'true' ? presentFile(row) : { id: row.id } });
    },
  );

  app.post(
    '/files/:id/download-tokens',
    {
      config: signedIn,
      schema: {
        tags: ['files'],
        summary: 'Token de descărcare de scurtă durată',
        params: ZIdParams,
        response: { 200: z.object({ data: z.object({ token: z.string(), url: z.string(), expires_in: z.number() }) }) },
      },
    },
    async (request) => ({ data: await issueDownloadToken(app.ctx, actorOf(request), request.params.id) }),
  );

  app.get(
    '/files/:id',
    {
      // The short-lived download token is the authorisation: links open in a new window.
      config: publicRoute,
      schema: {
        tags: ['files'],
        summary: 'Descărcare fișier cu token',
        security: [],
        params: ZIdParams,
        querystring: z.object({ token: z.string().optional(), download: z.enum(['true', 'false']).optional() }),
      },
    },
    async (request, reply) => {
      const headerToken = request.headers['x-file-download-access-token'];
      const token = request.query.token ?? (typeof headerToken === 'string' ? headerToken : undefined);
      const { file, data } = await openDownload(app.ctx, request.params.id, token);
      const inline =
        request.query.download !== 'true' && (file.mimeType === 'application/pdf' || file.mimeType.startsWith('image/'));
      return reply
        .type(file.mimeType)
        .header('content-disposition', contentDisposition(file.name, inline))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(data);
    },
  );
}
