import {
  DEFAULT_NOTIFICATION_LANGUAGE,
  escapeHtml,
  fillPlaceholders,
  type NotificationChannel,
  type NotificationLanguage,
} from '@ghiseu/domain';
import type { Db } from '../../../platform/db.js';
import { htmlToText, sanitizeTemplateHtml } from './content.js';
import { findTemplateForRender } from './repository.js';

export type PlaceholderValues = Record<string, string | number | null | undefined>;

export interface RenderRequest {
  eventType: string;
  channel: NotificationChannel;
  /** The recipient's language; the Romanian template is used when theirs is missing. */
  language: NotificationLanguage;
  values: PlaceholderValues;
}

export interface RenderedNotification {
  /** E-mail subject or in-app title; null for SMS. */
  subject: string | null;
  /** Sanitised HTML (e-mail, in-app); null for SMS. */
  html: string | null;
  /** Plain text: the SMS, or the text version of the e-mail / in-app message. */
  text: string;
  /** The language of the template actually used. */
  language: NotificationLanguage;
}

const isEmpty = (value: PlaceholderValues[string]) => value === undefined || value === null || String(value).trim() === '';

/**
 * A placeholder without a value disappears with the space (and comma) before it when punctuation
 * follows ("Bună ziua, {{recipient_name}}," → "Bună ziua," when the name is unknown), then the rest is
 * filled; `encode` escapes the values of an HTML text.
 */
export function fillTemplateText(text: string, values: PlaceholderValues, encode?: (value: string) => string): string {
  const tidy = text.replace(/,?[ \t]*\{\{\s*([A-Za-z0-9_]+)\s*\}\}(?=[,.;:!?])/g, (whole, name: string) =>
    isEmpty(values[name]) ? '' : whole,
  );
  return fillPlaceholders(tidy, values, encode);
}

/**
 * Placeholders whose value is HTML already (the digest's list of items, built from rendered
 * lines; a circular's message, sanitised when it was sent, with its attachment links): filled
 * into an HTML message unescaped. The message is sanitised afterwards like any other.
 */
export const HTML_VALUE_PLACEHOLDERS: ReadonlySet<string> = new Set(['items', 'message']);

/** A value escaped into HTML; its line breaks kept as <br>. */
const htmlValue = (value: string) => escapeHtml(value.replace(/\uE000/g, '')).replace(/\r?\n/g, '<br>');

/** Fills an HTML text: values escaped, except those of {@link HTML_VALUE_PLACEHOLDERS}. */
function fillHtml(text: string, values: PlaceholderValues): string {
  // The HTML values go in last, through slots, so that text inside them is never read as a placeholder.
  const slots: string[] = [];
  const escaped: PlaceholderValues = { ...values };
  for (const name of HTML_VALUE_PLACEHOLDERS) {
    const value = values[name];
    if (isEmpty(value)) continue;
    escaped[name] = `\uE000${slots.length}\uE000`;
    slots.push(String(value));
  }
  const filled = fillTemplateText(text, escaped, (value) => (/^\uE000\d+\uE000$/.test(value) ? value : htmlValue(value)));
  return filled.replace(/\uE000(\d+)\uE000/g, (_slot, index: string) => slots[Number(index)] ?? '');
}

/** One template row filled for one recipient (shared by sending and the editor's preview). */
export function renderTemplate(
  template: { channel: NotificationChannel; subject: string | null; message: string },
  values: PlaceholderValues,
): Omit<RenderedNotification, 'language'> {
  if (template.channel === 'sms') {
    // An SMS is plain text: values go in as they are.
    return { subject: null, html: null, text: fillTemplateText(template.message, values).trim() };
  }
  const subject = template.subject === null ? null : fillTemplateText(template.subject, values).replace(/\s+/g, ' ').trim();
  // Values are escaped into the HTML, and the result is sanitised again: a template edited
  // straight in the database, or a value that slipped through, never reaches a reader raw.
  const html = sanitizeTemplateHtml(fillHtml(template.message, values));
  return { subject, html, text: htmlToText(html) };
}

/**
 * The template of an event and channel in the recipient's language (or Romanian), filled; null
 * when none exists. Nothing is cached: an edit is used by the next message in every process.
 */
export async function renderNotification(db: Db, request: RenderRequest): Promise<RenderedNotification | null> {
  const languages = [...new Set([request.language, DEFAULT_NOTIFICATION_LANGUAGE])];
  const rows = await findTemplateForRender(db, request.eventType, request.channel, languages);
  const template =
    rows.find((r) => r.language === request.language) ?? rows.find((r) => r.language === DEFAULT_NOTIFICATION_LANGUAGE);
  if (!template) return null;
  return { ...renderTemplate(template, request.values), language: template.language };
}
