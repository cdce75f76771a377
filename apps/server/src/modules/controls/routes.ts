import type { FastifyInstance } from 'fastify';

/** Controls (inspections), control types, the closing report (issue 15). */
export async function controlsRoutes(_fastify: FastifyInstance): Promise<void> {}
