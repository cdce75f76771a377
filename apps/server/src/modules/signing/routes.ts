import type { FastifyInstance } from 'fastify';
import { configureSigning } from './config.js';

/** `/api/pki/root.crt` and `/api/tsa` (public). */
export async function signingRoutes(fastify: FastifyInstance): Promise<void> {
  configureSigning({ appSecret: fastify.ctx.config.appSecret, dataDir: fastify.ctx.config.dataDir });
}
