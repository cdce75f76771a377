import type { FastifyInstance } from 'fastify';

/** Routes of the beneficiaries module (being built). */
export async function beneficiariesRoutes(_fastify: FastifyInstance): Promise<void> {}
