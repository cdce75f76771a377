import {
  acceptedPlaceholders,
  type NotificationTemplatePatch,
  type NotificationTemplatePreview,
  SAMPLE_PLACEHOLDER_VALUES,
  smsLength,
  unknownPlaceholders,
} from '@ghiseu/domain';
import type { Actor } from '../../../platform/auth/actor.js';
import type { AppContext } from '../../../platform/context.js';
import type { Db } from '../../../platform/db.js';
import { AppError } from '../../../platform/errors.js';
import { listPage, parseListQuery } from '../../../platform/list-query.js';
import { audit, invalidField, type RequestMeta } from '../../../platform/request.js';
import { measureTemplate, sanitizeTemplateHtml, stripTags } from './content.js';
import { mayEditTemplates, mayReadTemplates } from './policy.js';
import { presentTemplate } from './presenter.js';
import { renderTemplate } from './render.js';
import * as repo from './repository.js';

/**
 * Notification templates (spec /notifications-templates; issue 14): one per event, channel and
 * language, seeded (src/seed/notification-templates.ts) and edited by the super administrator.
 * A saved template is clean: HTML reduced to the allow-list (plain text for SMS), only the
 * event's placeholders, and within its character limit.
 */

const EMPTY_MESSAGE = 'Mesajul șablonului nu poate fi gol.';

/** Spec §9: notification templates 10 per page; the list always answers its total. */
const TEMPLATES_PER_PAGE = '10';

export async function listTemplates(ctx: AppContext, actor: Actor, query: Record<string, unknown>) {
  if (!mayReadTemplates(actor)) throw new AppError('FORBIDDEN');
  const parsed = parseListQuery(
    { ...query, limit: query.limit ?? TEMPLATES_PER_PAGE, pagination: query.pagination ?? 'true' },
    repo.TEMPLATE_LIST,
  );
  const list = repo.listTemplates(ctx.db, parsed);
  return listPage(parsed, async () => (await list.rows()).map(presentTemplate), list.total);
}

async function loadTemplate(db: Db, id: number) {
  const row = await repo.findTemplate(db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function getTemplate(ctx: AppContext, actor: Actor, id: number) {
  if (!mayReadTemplates(actor)) throw new AppError('FORBIDDEN');
  return presentTemplate(await loadTemplate(ctx.db, id));
}

/** A template's texts cleaned as they are stored: SMS plain and without subject, HTML sanitised, subjects plain. */
export function cleanTemplateTexts(
  channel: repo.TemplateRow['channel'],
  texts: { subject: string | null; message: string },
): { subject: string | null; message: string } {
  if (channel === 'sms') return { subject: null, message: stripTags(texts.message) };
  const subject = texts.subject === null ? null : stripTags(texts.subject);
  return { subject: subject === '' ? null : subject, message: sanitizeTemplateHtml(texts.message) };
}

/**
 * The rules of a saved template: its placeholders are the event's (UNKNOWN_PLACEHOLDER naming
 * the first other one) and its message fits its limit (NOTIFICATION_TEMPLATE_TOO_LONG), counted
 * on the template as written, SMS as the provider counts.
 */
export function checkTemplate(
  row: Pick<repo.TemplateRow, 'eventType' | 'channel'>,
  texts: { subject: string | null; message: string; characterLimit: number | null },
): void {
  const accepted = acceptedPlaceholders(row.eventType);
  const [unknown] = unknownPlaceholders(`${texts.subject ?? ''}\n${texts.message}`, accepted);
  if (unknown !== undefined) throw new AppError('UNKNOWN_PLACEHOLDER', { key: unknown });
  if (texts.characterLimit !== null) {
    const length = measureTemplate(row.channel, texts.message);
    if (length > texts.characterLimit)
      throw new AppError('NOTIFICATION_TEMPLATE_TOO_LONG', { length, limit: texts.characterLimit });
  }
}

/** PATCH /notifications/templates/{id} (merge-patch: absent fields stay, `null` clears subject or limit). */
export async function patchTemplate(
  ctx: AppContext,
  actor: Actor,
  id: number,
  patch: NotificationTemplatePatch,
  meta: RequestMeta,
) {
  if (!mayEditTemplates(actor)) throw new AppError('FORBIDDEN');
  await ctx.db.transaction(async (tx) => {
    const current = await loadTemplate(tx, id);
    const texts = cleanTemplateTexts(current.channel, {
      subject: patch.subject === undefined ? current.subject : patch.subject,
      message: patch.message ?? current.message,
    });
    // Nothing but disallowed HTML (a lone <script>) leaves an empty message: refused like an empty one.
    if (texts.message === '') throw invalidField('body.message', EMPTY_MESSAGE);
    const characterLimit = patch.character_limit === undefined ? current.characterLimit : patch.character_limit;
    checkTemplate(current, { ...texts, characterLimit });
    const title = patch.title ?? current.title;
    await repo.updateTemplate(tx, id, { title, ...texts, characterLimit, updatedBy: actor.userId });
    await audit(tx, actor, meta, {
      action: 'notification_template.update',
      entityType: 'notification_template',
      entityId: id,
      before: {
        title: current.title,
        subject: current.subject,
        message: current.message,
        character_limit: current.characterLimit,
      },
      after: { title, subject: texts.subject, message: texts.message, character_limit: characterLimit },
    });
  });
  return getTemplate(ctx, actor, id);
}

/**
 * POST /notifications/templates/{id}/preview: the stored template, or the unsaved texts sent,
 * cleaned as a save would clean them and filled with the sample values. `length` (and the SMS
 * parts) are those of the filled message, as a recipient would get it; unknown placeholders are
 * listed, not refused (the editor shows them before saving).
 */
export async function previewTemplate(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: { subject?: string | null; message?: string },
): Promise<NotificationTemplatePreview> {
  if (!mayReadTemplates(actor)) throw new AppError('FORBIDDEN');
  const row = await loadTemplate(ctx.db, id);
  const texts = cleanTemplateTexts(row.channel, {
    subject: body.subject === undefined ? row.subject : body.subject,
    message: body.message ?? row.message,
  });
  const unknown = unknownPlaceholders(`${texts.subject ?? ''}\n${texts.message}`, acceptedPlaceholders(row.eventType));
  const rendered = renderTemplate({ channel: row.channel, ...texts }, SAMPLE_PLACEHOLDER_VALUES);
  if (row.channel === 'sms') {
    const counted = smsLength(rendered.text);
    return {
      subject: null,
      message: rendered.text,
      length: counted.units,
      sms: { encoding: counted.encoding, segments: counted.segments },
      unknown_placeholders: unknown,
    };
  }
  return {
    subject: rendered.subject,
    message: rendered.html ?? '',
    length: measureTemplate(row.channel, rendered.html ?? ''),
    sms: null,
    unknown_placeholders: unknown,
  };
}
