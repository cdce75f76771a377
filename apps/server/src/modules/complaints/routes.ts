import type { FastifyInstance } from 'fastify';

/** Complaints, complaint types, response templates and the Open311 export (issue 15). */
export async function complaintsRoutes(_fastify: FastifyInstance): Promise<void> {}
