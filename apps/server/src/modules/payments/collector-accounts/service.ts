import type { CollectorAccount, ZCollectorAccountCreateRequest, ZCollectorAccountPatchRequest } from '@ghiseu/domain';
import { and, count, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { collectorAccounts, payments } from '../../../db/schema/index.js';
import { type Actor, can } from '../../../platform/auth/actor.js';
import { inScope, organisationScope, scopeCondition, targetOrganisation } from '../../../platform/auth/scope.js';
import type { AppContext } from '../../../platform/context.js';
import type { Db } from '../../../platform/db.js';
import { AppError } from '../../../platform/errors.js';
import { buildListSql, type ListSpec, listPage, parseListQuery } from '../../../platform/list-query.js';
import { audit, invalidField, type RequestMeta } from '../../../platform/request.js';
import { organisationExists } from '../../administration/index.js';
import { collectorBinding, decryptProviderPassword, encryptProviderPassword } from '../secrets.js';

/**
 * The organisation's collector accounts (spec "collector account": its merchant account at the
 * payment provider). `bankAccountsEdit` inside the organisation scope; deleting needs
 * `bankAccountsDestroy` (super administrator). The provider password is stored encrypted and
 * bound to (organisation, username): it is never returned (`has_password`), never logged and the
 * audit only says it changed. An account that payments used is set inactive instead of deleted.
 */

type CreateRequest = z.infer<typeof ZCollectorAccountCreateRequest>;
type PatchRequest = z.infer<typeof ZCollectorAccountPatchRequest>;

/** What the audit shows instead of the password. */
const PASSWORD_CHANGED = '[schimbată]';

export const COLLECTOR_ACCOUNT_LIST: ListSpec = {
  fields: {
    id: { column: collectorAccounts.id, type: 'number', sortable: true },
    organisation_id: { column: collectorAccounts.organisationId, type: 'number', ops: ['eq'], sortable: true },
    name: { column: collectorAccounts.name, type: 'text', sortable: true, searchable: true },
    bank: { column: collectorAccounts.bank, type: 'text', sortable: true, searchable: true },
    status: { column: collectorAccounts.status, type: 'text', ops: ['eq'], sortable: true },
    created_at: { column: collectorAccounts.createdAt, type: 'date', sortable: true },
  },
  defaultSort: { field: 'name', descending: false },
  idColumn: collectorAccounts.id,
};

type AccountRow = typeof collectorAccounts.$inferSelect;

const mayEdit = (actor: Actor, organisationId: number): boolean =>
  can(actor, 'bankAccountsEdit') && inScope(actor, organisationId);

function present(actor: Actor, row: AccountRow): CollectorAccount {
  const canEdit = mayEdit(actor, row.organisationId);
  return {
    id: row.id,
    organisation_id: row.organisationId,
    name: row.name,
    bank: row.bank,
    iban: row.iban,
    provider_username: row.providerUsername,
    has_password: row.providerPasswordEncrypted.length > 0,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    abilities: { canEdit, canDelete: canEdit && can(actor, 'bankAccountsDestroy') },
  };
}

/** The audit's view of an account: no password, IBAN kept out as well (DESIGN.md: no IBAN in logs). */
const snapshot = (row: Pick<AccountRow, 'name' | 'bank' | 'providerUsername' | 'status'>) => ({
  name: row.name,
  bank: row.bank,
  provider_username: row.providerUsername,
  status: row.status,
});

export async function listAccounts(ctx: AppContext, actor: Actor, query: Record<string, unknown>) {
  const parsed = parseListQuery(query, COLLECTOR_ACCOUNT_LIST);
  const list = buildListSql(parsed, COLLECTOR_ACCOUNT_LIST, [
    scopeCondition(organisationScope(actor), collectorAccounts.organisationId),
  ]);
  const where: SQL | undefined = list.where;
  return listPage(
    parsed,
    async () =>
      (
        await ctx.db
          .select()
          .from(collectorAccounts)
          .where(where)
          .orderBy(...list.orderBy)
          .limit(list.limit)
          .offset(list.offset)
      ).map((row) => present(actor, row)),
    async () => (await ctx.db.select({ total: count() }).from(collectorAccounts).where(where))[0].total,
  );
}

async function load(db: Db, actor: Actor, id: number, lock = false): Promise<AccountRow> {
  const query = db.select().from(collectorAccounts).where(eq(collectorAccounts.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row || !inScope(actor, row.organisationId)) throw new AppError('NOT_FOUND');
  return row;
}

export async function getAccount(ctx: AppContext, actor: Actor, id: number) {
  return present(actor, await load(ctx.db, actor, id));
}

export async function createAccount(ctx: AppContext, actor: Actor, input: CreateRequest, meta: RequestMeta) {
  const target = targetOrganisation(actor, input.organisation_id);
  if (!target.allowed) throw new AppError('FORBIDDEN');
  if (target.organisationId === null) throw invalidField('body.organisation_id', 'Alegeți instituția');
  const organisationId = target.organisationId;
  if (!mayEdit(actor, organisationId)) throw new AppError('FORBIDDEN');
  if (!(await organisationExists(ctx.db, organisationId))) throw invalidField('body.organisation_id', 'Instituția nu există');
  const encrypted = encryptProviderPassword(
    ctx.config,
    input.provider_password,
    collectorBinding(organisationId, input.provider_username),
  );
  const id = await ctx.db.transaction(async (tx) => {
    const values = {
      organisationId,
      name: input.name,
      bank: input.bank,
      iban: input.iban ?? null,
      providerUsername: input.provider_username,
      providerPasswordEncrypted: encrypted,
      status: input.status,
    };
    const [row] = await tx.insert(collectorAccounts).values(values).returning({ id: collectorAccounts.id });
    await audit(tx, actor, meta, {
      organisationId,
      action: 'collector_account.create',
      entityType: 'collector_account',
      entityId: row.id,
      after: { ...snapshot(values), provider_password: PASSWORD_CHANGED },
    });
    return row.id;
  });
  return getAccount(ctx, actor, id);
}

export async function patchAccount(ctx: AppContext, actor: Actor, id: number, patch: PatchRequest, meta: RequestMeta) {
  await ctx.db.transaction(async (tx) => {
    const current = await load(tx, actor, id, true);
    if (!mayEdit(actor, current.organisationId)) throw new AppError('FORBIDDEN');
    const username = patch.provider_username ?? current.providerUsername;
    const binding = collectorBinding(current.organisationId, username);
    let encrypted: string | undefined;
    if (patch.provider_password !== undefined) {
      encrypted = encryptProviderPassword(ctx.config, patch.provider_password, binding);
    } else if (username !== current.providerUsername) {
      // The stored password is bound to the old username: re-encrypt it under the new binding.
      const password = decryptProviderPassword(
        ctx.config,
        current.providerPasswordEncrypted,
        collectorBinding(current.organisationId, current.providerUsername),
      );
      encrypted = encryptProviderPassword(ctx.config, password, binding);
    }
    const values = {
      name: patch.name,
      bank: patch.bank,
      iban: patch.iban,
      providerUsername: patch.provider_username,
      status: patch.status,
      providerPasswordEncrypted: encrypted,
      updatedAt: new Date(),
    };
    await tx.update(collectorAccounts).set(values).where(eq(collectorAccounts.id, id));
    await audit(tx, actor, meta, {
      organisationId: current.organisationId,
      action: 'collector_account.update',
      entityType: 'collector_account',
      entityId: id,
      before: snapshot(current),
      after: {
        ...snapshot({
          name: patch.name ?? current.name,
          bank: patch.bank ?? current.bank,
          providerUsername: username,
          status: patch.status ?? current.status,
        }),
        ...(patch.iban !== undefined ? { iban: '[schimbat]' } : {}),
        ...(patch.provider_password !== undefined ? { provider_password: PASSWORD_CHANGED } : {}),
      },
    });
  });
  return getAccount(ctx, actor, id);
}

/**
 * Deletes an account (super administrator, `bankAccountsDestroy`). An account that payments
 * went through stays for their history: it is set inactive instead (same 204 answer), so no new
 * card payment uses it.
 */
export async function deleteAccount(ctx: AppContext, actor: Actor, id: number, meta: RequestMeta) {
  await ctx.db.transaction(async (tx) => {
    const current = await load(tx, actor, id, true);
    if (!mayEdit(actor, current.organisationId) || !can(actor, 'bankAccountsDestroy')) throw new AppError('FORBIDDEN');
    const [used] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.collectorAccountId, id)))
      .limit(1);
    if (used)
      await tx.update(collectorAccounts).set({ status: 'inactive', updatedAt: new Date() }).where(eq(collectorAccounts.id, id));
    else await tx.delete(collectorAccounts).where(eq(collectorAccounts.id, id));
    await audit(tx, actor, meta, {
      organisationId: current.organisationId,
      action: used ? 'collector_account.deactivate' : 'collector_account.delete',
      entityType: 'collector_account',
      entityId: id,
      before: snapshot(current),
      ...(used ? { after: { status: 'inactive' } } : {}),
    });
  });
}
