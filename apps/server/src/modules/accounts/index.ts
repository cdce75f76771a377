/**
 * The accounts module's public face: its routes (registration, verification, passwords,
 * profile, sub-accounts) and the user-record operations other modules run in their own
 * transactions. Other modules import only this file.
 */
export { accountsRoutes } from './routes.js';
export { createUser, findProfile, type ProfileRow, replaceLinkKey, saveProfile, updateUser } from './users-service.js';
