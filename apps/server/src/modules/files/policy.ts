import { isStaffType } from '@ghiseu/domain';
import type { Actor } from '../../platform/auth/actor.js';
import type { Db } from '../../platform/db.js';
import type { FileRow } from './repository.js';

/**
 * Who may obtain a download link: the uploader, or staff of the organisation the file belongs
 * to. Later modules (applications, archive) widen this through their own rules ({@link registerFileAccessRule}).
 */
export function canDownload(actor: Actor, file: FileRow): boolean {
  if (file.ownerUserId === actor.userId) return true;
  return isStaffType(actor.userType) && file.organisationId !== null && file.organisationId === actor.organisationId;
}

/**
 * Further reasons a file may be read, registered by the modules that attach files to their
 * records (an application's attachments are readable by whoever may read the application).
 */
export type FileAccessRule = (db: Db, actor: Actor, file: FileRow) => Promise<boolean>;
const accessRules = new Set<FileAccessRule>();

export function registerFileAccessRule(rule: FileAccessRule): void {
  accessRules.add(rule);
}

/** {@link canDownload}, or any registered rule. */
export async function mayDownload(db: Db, actor: Actor, file: FileRow): Promise<boolean> {
  if (canDownload(actor, file)) return true;
  for (const rule of accessRules) if (await rule(db, actor, file)) return true;
  return false;
}
