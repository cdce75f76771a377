import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import { UPLOAD_PURPOSES, UPLOAD_RULES, type UploadPurpose } from '@ghiseu/domain';
import { fileTypeFromBuffer } from 'file-type';
import type { Actor } from '../../platform/auth/actor.js';
import { writeAudit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db.js';
import type { FileStorage } from '../../platform/file-storage.js';
import { AppError } from '../../platform/errors.js';
import { mayDownload } from './policy.js';
import * as repo from './repository.js';
import type { FileRow } from './repository.js';

export type { FileRow } from './repository.js';

interface UploadTokenPayload extends Record<string, unknown> {
  kind: 'upload';
  userId: number;
  purpose: UploadPurpose;
}

interface DownloadTokenPayload extends Record<string, unknown> {
  kind: 'download';
  fileId: number;
}

export function issueUploadToken(ctx: AppContext, actor: Actor, purpose: UploadPurpose): { token: string; expires_in: number } {
  const payload: UploadTokenPayload = { kind: 'upload', userId: actor.userId, purpose };
  return { token: ctx.signer.sign(payload, ctx.config.uploadTokenSeconds), expires_in: ctx.config.uploadTokenSeconds };
}

export function verifyUploadToken(ctx: AppContext, actor: Actor, token: string | undefined): UploadPurpose {
  const payload = ctx.signer.verify<UploadTokenPayload>(token);
  if (payload?.kind !== 'upload' || payload.userId !== actor.userId || !UPLOAD_PURPOSES.includes(payload.purpose)) {
    throw new AppError('UPLOAD_TOKEN_INVALID');
  }
  return payload.purpose;
}

/** Extensions that name the same type as file-type's own (`jpg` for JPEG…). */
const SAME_TYPE: Record<string, readonly string[]> = { jpg: ['jpg', 'jpeg', 'jpe'], tif: ['tif', 'tiff'] };

/**
 * The name kept for an upload: its base name without path parts, control and format
 * characters (C0/C1, DEL, and the bidi overrides and isolates, zero-width marks, which can make
 * 'factura\u202Efdp.exe' read as 'factura.exe.pdf'), at most 255 characters. With `ext` (the type
 * detected from the bytes) the name ends in that extension: a PDF sent as 'plan.exe' is kept as
 * 'plan.pdf', one sent as 'plan' as 'plan.pdf'.
 */
export function sanitiseFileName(name: string, ext?: string): string {
  let base = path
    .basename(name.replace(/\\/g, '/'))
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, '')
    .trim();
  if (ext) {
    const dot = base.lastIndexOf('.');
    const current = dot > 0 && /^[a-z0-9]{1,5}$/i.test(base.slice(dot + 1)) ? base.slice(dot + 1).toLowerCase() : null;
    const same = current !== null && (SAME_TYPE[ext] ?? [ext]).includes(current);
    if (!same) {
      const stem = (current !== null ? base.slice(0, dot) : base).trim() || 'fisier';
      base = `${stem.slice(0, 254 - ext.length)}.${ext}`;
    }
  }
  return (base || 'fisier').slice(0, 255);
}

/**
 * Stores an upload after checking its type by content (magic bytes), never by the name or the
 * client's MIME claim, and its size against the purpose's limits (spec §5, §9).
 */
export async function storeUpload(
  ctx: AppContext,
  actor: Actor,
  purpose: UploadPurpose,
  upload: { fileName: string; data: Buffer },
  meta: { ip?: string; requestId?: string },
): Promise<FileRow> {
  const rules = UPLOAD_RULES[purpose];
  if (upload.data.length === 0) throw new AppError('VALIDATION.UPLOADED_FILE_TYPE', { reason: 'empty' });
  if (upload.data.length > rules.maxBytes) throw new AppError('VALIDATION.UPLOADED_FILE_SIZE', { max_bytes: rules.maxBytes });
  const detected = await fileTypeFromBuffer(upload.data);
  if (!detected || !(rules.types as readonly string[]).includes(detected.mime)) {
    throw new AppError('VALIDATION.UPLOADED_FILE_TYPE', { allowed: rules.types, detected: detected?.mime ?? null });
  }
  const now = new Date();
  const storageKey = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}`;
  await ctx.storage.put(storageKey, upload.data);
  try {
    return await ctx.db.transaction(async (tx) => {
      const row = await repo.insertFile(tx, {
        storageKey,
        name: sanitiseFileName(upload.fileName, detected.ext),
        mimeType: detected.mime,
        size: upload.data.length,
        sha256: createHash('sha256').update(upload.data).digest('hex'),
        purpose,
        ownerUserId: actor.userId,
        organisationId: actor.organisationId,
      });
      await writeAudit(tx, {
        actorUserId: actor.userId,
        action: 'file.upload',
        entityType: 'file',
        entityId: row.id,
        after: { name: row.name, size: row.size, mime: row.mimeType, purpose },
        ip: meta.ip,
        requestId: meta.requestId,
      });
      return row;
    });
  } catch (error) {
    // The row did not commit: do not leave orphan bytes behind.
    await ctx.storage.remove(storageKey);
    throw error;
  }
}

/**
 * Stores a file the portal made itself (a generated or signed PDF): the bytes first, then the row
 * in the caller's transaction. If that transaction rolls back, the bytes stay without a row
 * (never read; a row never points at missing bytes).
 */
export async function storeGeneratedFile(
  tx: Db,
  storage: FileStorage,
  file: {
    data: Buffer;
    name: string;
    mimeType: string;
    purpose: string;
    organisationId: number | null;
    ownerUserId: number | null;
  },
): Promise<FileRow> {
  const now = new Date();
  const storageKey = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}`;
  await storage.put(storageKey, file.data);
  return repo.insertFile(tx, {
    storageKey,
    name: sanitiseFileName(file.name),
    mimeType: file.mimeType,
    size: file.data.length,
    sha256: createHash('sha256').update(file.data).digest('hex'),
    purpose: file.purpose,
    ownerUserId: file.ownerUserId,
    organisationId: file.organisationId,
  });
}

/** The bytes of a stored file (for the modules that sign or verify them). */
export async function readStoredFile(db: Db, storage: FileStorage, fileId: number): Promise<{ file: FileRow; data: Buffer }> {
  const file = await repo.findFileRow(db, fileId);
  if (!file) throw new AppError('FILE_NOT_EXISTS');
  return { file, data: await storage.read(file.storageKey) };
}

/**
 * A stored file that `ownerUserId` uploaded, or undefined: someone else's file answers like a
 * missing one, so ids never reveal other users' uploads (nor hand them to another record).
 */
export async function findOwnFile(db: Db, fileId: number, ownerUserId: number): Promise<FileRow | undefined> {
  return repo.findFileOfOwner(db, fileId, ownerUserId);
}

export async function findFile(ctx: AppContext, id: number): Promise<FileRow> {
  const row = await repo.findFileRow(ctx.db, id);
  if (!row) throw new AppError('FILE_NOT_EXISTS');
  return row;
}

export async function issueDownloadToken(
  ctx: AppContext,
  actor: Actor,
  fileId: number,
): Promise<{ token: string; url: string; expires_in: number }> {
  const file = await findFile(ctx, fileId);
  // Someone else's file answers exactly like a missing one: ids tell nothing about other uploads.
  if (!(await mayDownload(ctx.db, actor, file))) throw new AppError('FILE_NOT_EXISTS');
  const payload: DownloadTokenPayload = { kind: 'download', fileId };
  const token = ctx.signer.sign(payload, ctx.config.downloadTokenSeconds);
  return { token, url: `/api/files/${fileId}?token=${encodeURIComponent(token)}`, expires_in: ctx.config.downloadTokenSeconds };
}

export async function openDownload(
  ctx: AppContext,
  fileId: number,
  token: string | undefined,
): Promise<{ file: FileRow; data: Buffer }> {
  const payload = ctx.signer.verify<DownloadTokenPayload>(token);
  if (payload?.kind !== 'download' || payload.fileId !== fileId) throw new AppError('DOWNLOAD_TOKEN_INVALID');
  const file = await findFile(ctx, fileId);
  return { file, data: await ctx.storage.read(file.storageKey) };
}
