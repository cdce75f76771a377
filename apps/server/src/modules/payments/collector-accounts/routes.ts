import { ZCollectorAccount, ZCollectorAccountCreateRequest, ZCollectorAccountPatchRequest } from '@ghiseu/domain';
import type { FastifyInstance } from 'fastify';
import { registerCrudRoutes } from '../../../platform/crud-routes.js';
import * as accounts from './service.js';

/**
 * Collector accounts (issue 13): the organisation's merchant accounts at the payment provider.
 * `bankAccountsEdit` (organisation scope); DELETE needs `bankAccountsDestroy` (super admin).
 */
export async function collectorAccountsRoutes(fastify: FastifyInstance): Promise<void> {
  registerCrudRoutes(fastify, {
    path: '/collector-accounts',
    tags: ['collector-accounts'],
    record: ZCollectorAccount,
    list: {
      permissions: ['bankAccountsEdit'],
      summary: 'Conturile colectoare (`organisation_id[eq]` pentru super administrator)',
      run: accounts.listAccounts,
    },
    read: { permissions: ['bankAccountsEdit'], summary: 'Un cont colector', run: accounts.getAccount },
    create: {
      permissions: ['bankAccountsEdit'],
      summary: 'Creare cont colector (parola se stochează criptat)',
      body: ZCollectorAccountCreateRequest,
      run: accounts.createAccount,
    },
    patch: {
      permissions: ['bankAccountsEdit'],
      summary: 'Modificare cont colector (parola doar dacă se schimbă)',
      body: ZCollectorAccountPatchRequest,
      run: accounts.patchAccount,
    },
    remove: {
      permissions: ['bankAccountsDestroy'],
      summary: 'Ștergere cont colector (super administrator; un cont folosit de plăți devine inactiv)',
      run: accounts.deleteAccount,
    },
  });
}
