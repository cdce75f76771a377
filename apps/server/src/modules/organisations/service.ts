import type { Actor } from '../../platform/auth/actor.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { listPage, parseListQuery } from '../../platform/list-query.js';
import { presentOrganisationList, presentOrganisationsFor } from '../administration/index.js';
import * as repo from './repository.js';

/**
 * Public reads of organisations (the sign-in page and the citizen screens show them), each with
 * the reader's abilities (all false for an anonymous reader) and the list's beside the page.
 */

export async function listOrganisations(ctx: AppContext, actor: Actor | null, query: Record<string, unknown>) {
  const parsed = parseListQuery(query, repo.ORGANISATIONS_LIST);
  const list = repo.listOrganisations(ctx.db, parsed);
  const page = await listPage(parsed, async () => presentOrganisationsFor(ctx.db, actor, await list.rows()), list.total);
  return presentOrganisationList(actor, page);
}

export async function getOrganisation(ctx: AppContext, actor: Actor | null, id: number) {
  const row = await repo.findOrganisation(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return (await presentOrganisationsFor(ctx.db, actor, [row]))[0];
}

/** Every organisation's logo with a download link signed for the token lifetime (logos are public). */
export async function listOrganisationLogos(ctx: AppContext) {
  const rows = await repo.organisationLogos(ctx.db);
  return rows.map((r) => {
    const token = ctx.signer.sign({ kind: 'download', fileId: r.logoFileId }, ctx.config.downloadTokenSeconds);
    return {
      organisation_id: r.id,
      file_id: r.logoFileId as number,
      url: `/api/files/${r.logoFileId}?token=${encodeURIComponent(token)}`,
    };
  });
}
