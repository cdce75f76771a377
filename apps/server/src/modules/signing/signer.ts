import { AppError } from '../../platform/errors.js';
import type { SigningProvider } from './types.js';

export const signingProvider: SigningProvider = {
  async sign() {
    throw new AppError('ERROR_INIT_SIGNING', undefined, 'signing: not implemented yet');
  },
  async signMany() {
    throw new AppError('ERROR_INIT_SIGNING', undefined, 'signing: not implemented yet');
  },
};
