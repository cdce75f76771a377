import type { FastifyInstance } from 'fastify';

/** Stub: filled by the preferences part of issue 14. */
export async function preferencesRoutes(_app: FastifyInstance): Promise<void> {}
