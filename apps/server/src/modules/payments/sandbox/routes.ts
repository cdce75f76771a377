import type { FastifyInstance } from 'fastify';

/** The built-in sandbox card gateway's HTTP face (issue 13). */
export async function sandboxGatewayRoutes(_fastify: FastifyInstance): Promise<void> {}
