import type { FastifyInstance } from 'fastify';
import { registerPermissionSource } from '../../platform/auth/permissions.js';
import { functionPermissionSource } from './permission-source.js';

/** Organisation administration: departments, functions, responsibilities, permissions, staff. */
export async function administrationRoutes(_fastify: FastifyInstance): Promise<void> {
  registerPermissionSource(functionPermissionSource);
}
