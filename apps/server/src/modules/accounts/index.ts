/**
 * The accounts module's public face: the user-record operations other modules run in their own
 * transactions. Other modules import only this file.
 */
export { createUser, findProfile, type ProfileRow, replaceLinkKey, saveProfile, updateUser } from './users-service.js';
