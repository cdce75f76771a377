import type { FastifyInstance } from 'fastify';

/** Routes of the document-series module (being built; the engine is in engine.ts). */
export async function documentSeriesRoutes(_fastify: FastifyInstance): Promise<void> {}
