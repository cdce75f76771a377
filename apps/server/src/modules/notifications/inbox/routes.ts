import type { FastifyInstance } from 'fastify';

/** Stub: filled by the inbox part of issue 14. */
export async function inboxRoutes(_app: FastifyInstance): Promise<void> {}
