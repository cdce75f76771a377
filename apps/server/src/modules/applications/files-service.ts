import path from 'node:path';
import { APPLICATION_MAX_FILES, APPLICATION_MESSAGES } from '@ghiseu/domain';
import { and, eq } from 'drizzle-orm';
import { applicationFiles } from '../../db/schema/index.js';
import type { Actor } from '../../platform/auth/actor.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { invalidField, notFound, type RequestMeta } from '../../platform/request.js';
import { inDraft } from './draft.js';
import { attachmentField } from './form-rules.js';
import { presentFile } from './presenter.js';
import * as repo from './repository.js';
import { findOwnFile } from '../files/index.js';

/**
 * Attachments of a draft (spec §5): a file the actor uploaded (POST /files) is attached to an
 * attachment field of the form. Rules: the file is the actor's and not attached elsewhere; the
 * field exists; its MIME types and file count; at most 25 files per application; a name already
 * used on the application gets a numeric suffix ('plan.pdf' → 'plan (1).pdf').
 */

/** 'plan.pdf' → 'plan (1).pdf', 'plan (2).pdf'… until the name is free. */
export function uniqueFileName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  const extension = path.extname(name);
  const stem = extension ? name.slice(0, -extension.length) : name;
  for (let n = 1; ; n++) {
    const candidate = `${stem} (${n})${extension}`;
    if (!taken.has(candidate)) return candidate;
  }
}

export async function attachFile(
  ctx: AppContext,
  actor: Actor,
  applicationId: number,
  input: { file_id: number; category: string },
  meta: RequestMeta,
) {
  const { application, fileRowId } = await inDraft(ctx.db, actor, meta, applicationId, async (tx, application) => {
    const file = await findOwnFile(tx, input.file_id, actor.userId);
    if (!file) throw new AppError('FILE_NOT_EXISTS');
    if (await repo.isFileAttached(tx, file.id)) throw invalidField('body.file_id', APPLICATION_MESSAGES.fileAlreadyAttached);

    const version = await repo.findFormVersion(tx, application.formVersionId);
    const field = version ? attachmentField(version.definition, input.category) : undefined;
    if (!field) throw invalidField('body.category', APPLICATION_MESSAGES.unknownAttachmentField);
    if (!(field.accept as readonly string[]).includes(file.mimeType))
      throw new AppError('VALIDATION.UPLOADED_FILE_TYPE', {
        allowed: field.accept,
        detected: file.mimeType,
        category: field.key,
      });

    const inputs = (await repo.applicationFileRows(tx, applicationId)).filter((f) => f.fileType === 'input');
    if (inputs.length >= APPLICATION_MAX_FILES)
      throw new AppError('VALIDATION.MAX_UPLOADED_FILES', { maximum: APPLICATION_MAX_FILES, remaining: 0 });
    const inField = inputs.filter((f) => f.category === field.key).length;
    if (inField >= field.maxFiles)
      throw new AppError('VALIDATION.MAX_UPLOADED_FILES', { maximum: field.maxFiles, remaining: 0, category: field.key });

    // The file is the actor's own upload, not attached anywhere: its name can follow the application.
    const name = uniqueFileName(file.name, new Set(inputs.map((f) => f.name)));
    if (name !== file.name) await repo.renameFile(tx, file.id, name);
    const fileRowId = await repo.insertApplicationFile(tx, {
      applicationId,
      fileId: file.id,
      fileType: 'input',
      category: field.key,
      createdBy: actor.userId,
    });
    return {
      result: { application, fileRowId },
      audit: { action: 'application.file_attach', after: { file_id: file.id, name, category: field.key } },
    };
  });
  const [row] = await repo.applicationFileRows(ctx.db, applicationId, eq(applicationFiles.id, fileRowId));
  return presentFile(actor, application, row);
}

/** Detaches a file the actor attached to their draft; the upload itself stays theirs. */
export async function detachFile(ctx: AppContext, actor: Actor, applicationId: number, fileId: number, meta: RequestMeta) {
  await inDraft(ctx.db, actor, meta, applicationId, async (tx) => {
    const [row] = await repo.applicationFileRows(
      tx,
      applicationId,
      and(
        eq(applicationFiles.fileId, fileId),
        eq(applicationFiles.fileType, 'input'),
        eq(applicationFiles.createdBy, actor.userId),
      ),
    );
    if (!row) throw notFound();
    await repo.deleteApplicationFiles(tx, [row.id]);
    return {
      result: undefined,
      audit: { action: 'application.file_detach', before: { file_id: fileId, name: row.name, category: row.category } },
    };
  });
}
