/**
 * The auth module's public face: sign-in, sign-out and the current user (`authRoutes`), and the
 * account look-ups and sign-in counters other modules use. Other modules import only this file.
 */
export {
  findUserByEmail,
  findUserById,
  getCurrentUser,
  recordSuccessfulLogin,
  VERIFICATION_TOKEN_PURPOSE,
  verifyCredentials,
} from './service.js';
