import type { Actor } from '../../platform/auth/actor.js';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { notFound } from '../administration/support.js';
import { isApplicant, mayReadApplication } from './policy.js';
import { type ApplicationRow, findApplication, refreshQuickSearch } from './repository.js';

/**
 * Guards shared by every module that changes a draft (attachments, beneficiaries, real
 * estates): one place decides 404 / 403 / APPLICATION_ALREADY_SUBMITTED.
 */

/** An application the actor may see (404 otherwise, so nothing about others' files leaks). */
export async function loadReadableApplication(db: Db, actor: Actor, id: number): Promise<ApplicationRow> {
  const row = await findApplication(db, id);
  if (!row || !mayReadApplication(actor, row)) throw notFound();
  return row;
}

/**
 * The actor's own application, which must still be a draft. Inside a transaction the row is
 * locked (SELECT … FOR UPDATE) for the rest of it: the lock serialises the changes of one draft
 * with its submission, so nothing slips in between the submission's checks and its commit.
 * `lock: false` is the early check made before a network call that must stay outside the
 * transaction (the check runs again, locked, in the transaction).
 */
export async function ownDraft(db: Db, actor: Actor, id: number, options: { lock: boolean } = { lock: true }): Promise<ApplicationRow> {
  const row = await findApplication(db, id, options);
  if (!row || !mayReadApplication(actor, row)) throw notFound();
  if (!isApplicant(actor, row)) throw new AppError('FORBIDDEN');
  if (row.status !== 'DRAFT') throw new AppError('APPLICATION_ALREADY_SUBMITTED');
  return row;
}

/** After a change of a draft's children: search text and `updated_at` follow. */
export const draftChanged = (tx: Db, id: number): Promise<void> => refreshQuickSearch(tx, id);
