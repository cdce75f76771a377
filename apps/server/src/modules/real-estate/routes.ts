import type { FastifyInstance } from 'fastify';

/** Routes of the real-estate module (being built). */
export async function realEstateRoutes(_fastify: FastifyInstance): Promise<void> {}
