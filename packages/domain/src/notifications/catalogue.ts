/**
 * The notification catalogue (spec §3 notification, preferences, template; §4 notification;
 * §9 frequencies and languages; issue 14): every event the portal tells people about, who may
 * configure it, the channels it can use, the placeholders its templates may hold and the
 * defaults a user starts with. The server dispatches from it, the templates are checked against
 * it and the web app draws the preference and template screens from it.
 */

export const NOTIFICATION_LANGUAGES = ['ro', 'en', 'hu'] as const;
export type NotificationLanguage = (typeof NOTIFICATION_LANGUAGES)[number];
export const NOTIFICATION_LANGUAGE_LABELS: Record<NotificationLanguage, string> = {
  ro: 'Română',
  en: 'Engleză',
  hu: 'Maghiară',
};
/** Spec §9: the default language, and the fallback when a template is missing in the recipient's. */
export const DEFAULT_NOTIFICATION_LANGUAGE: NotificationLanguage = 'ro';

export const NOTIFICATION_CHANNELS = ['email', 'sms', 'in_app'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const NOTIFICATION_CHANNEL_LABELS: Record<NotificationChannel, string> = {
  email: 'E-mail',
  sms: 'SMS',
  in_app: 'În aplicație',
};

/** Spec §9 frequencies; `immediately` is the default (one message per event). */
export const NOTIFICATION_FREQUENCIES = ['immediately', 'daily', 'weekly', 'monthly'] as const;
export type NotificationFrequency = (typeof NOTIFICATION_FREQUENCIES)[number];
export const NOTIFICATION_FREQUENCY_LABELS: Record<NotificationFrequency, string> = {
  immediately: 'Imediat',
  daily: 'Zilnic (rezumat)',
  weekly: 'Săptămânal (rezumat)',
  monthly: 'Lunar (rezumat)',
};

export const NOTIFICATION_GROUPS = [
  'account',
  'application',
  'complaint',
  'payment',
  'beneficiary',
  'circular',
  'digest',
] as const;
export type NotificationGroup = (typeof NOTIFICATION_GROUPS)[number];
export const NOTIFICATION_GROUP_LABELS: Record<NotificationGroup, string> = {
  account: 'Cont',
  application: 'Cereri',
  complaint: 'Sesizări',
  payment: 'Plăți',
  beneficiary: 'Beneficiari',
  circular: 'Circulare',
  digest: 'Rezumate',
};

/** Placeholders every template may use, whatever its event. */
export const COMMON_PLACEHOLDERS = ['recipient_name', 'portal_url', 'portal_name'] as const;

/** Placeholders of the events about one application. */
const APPLICATION_PLACEHOLDERS = [
  'application_number',
  'application_type',
  'application_url',
  'organisation_name',
  'status',
] as const;

/** Placeholders of the events about one complaint (issue 15; message_source 'complain'). */
const COMPLAINT_PLACEHOLDERS = ['complaint_number', 'complaint_type', 'complaint_url', 'organisation_name', 'status'] as const;

export interface NotificationEventDefinition {
  type: string;
  group: NotificationGroup;
  /** Romanian label on the preference and template screens. */
  label: string;
  /** Who receives it, in plain Romanian (shown under the label). */
  recipients: string;
  /** The channels it can be sent on (its templates exist for these). */
  channels: readonly NotificationChannel[];
  /**
   * False for the messages a person must get to use their account (links, codes): they always
   * go out at once on their channel and have no preference row.
   */
  configurable: boolean;
  /** Placeholders besides the common ones. */
  placeholders: readonly string[];
  /** A configurable event's defaults before the user changes anything. */
  defaults: { email: boolean; sms: boolean; in_app: boolean; frequency: NotificationFrequency };
}

const ev = (d: NotificationEventDefinition) => d;
const ON_ALL = { email: true, sms: false, in_app: true, frequency: 'immediately' } as const;
const IN_APP_ONLY = { email: false, sms: false, in_app: true, frequency: 'immediately' } as const;
const OFF = { email: false, sms: false, in_app: false, frequency: 'immediately' } as const;
const APP_CHANNELS = ['email', 'sms', 'in_app'] as const;

export const NOTIFICATION_EVENTS = [
  // Account: links and codes, always sent, e-mail or SMS only.
  ev({
    type: 'account.email_confirmation',
    group: 'account',
    label: 'Confirmarea adresei de e-mail',
    recipients: 'Persoana care și-a creat contul',
    channels: ['email'],
    configurable: false,
    placeholders: ['link'],
    defaults: OFF,
  }),
  ev({
    type: 'account.password_reset',
    group: 'account',
    label: 'Resetarea parolei',
    recipients: 'Titularul contului',
    channels: ['email'],
    configurable: false,
    placeholders: ['link'],
    defaults: OFF,
  }),
  ev({
    type: 'account.invitation',
    group: 'account',
    label: 'Invitație în portal (setarea parolei)',
    recipients: 'Persoana invitată',
    channels: ['email'],
    configurable: false,
    placeholders: ['link', 'invited_by'],
    defaults: OFF,
  }),
  ev({
    type: 'account.password_changed',
    group: 'account',
    label: 'Parola a fost schimbată',
    recipients: 'Titularul contului',
    channels: ['email'],
    configurable: false,
    placeholders: [],
    defaults: OFF,
  }),
  ev({
    type: 'account.phone_code',
    group: 'account',
    label: 'Cod de verificare prin SMS',
    recipients: 'Titularul numărului de telefon',
    channels: ['sms'],
    configurable: false,
    // `minutes`: how long the code works (signing codes live 5 minutes, account codes 10).
    placeholders: ['code', 'minutes'],
    defaults: OFF,
  }),
  // Applications
  ev({
    type: 'application.submitted',
    group: 'application',
    label: 'Cerere depusă',
    recipients: 'Solicitantul și personalul care înregistrează cererile instituției',
    channels: APP_CHANNELS,
    configurable: true,
    placeholders: [...APPLICATION_PLACEHOLDERS, 'applicant_name'],
    defaults: ON_ALL,
  }),
  ev({
    type: 'application.registered',
    group: 'application',
    label: 'Cerere înregistrată',
    recipients: 'Solicitantul',
    channels: APP_CHANNELS,
    configurable: true,
    placeholders: [...APPLICATION_PLACEHOLDERS],
    defaults: ON_ALL,
  }),
  ev({
    type: 'application.assigned',
    group: 'application',
    label: 'Cerere repartizată',
    recipients: 'Persoana căreia i s-a repartizat cererea',
    channels: APP_CHANNELS,
    configurable: true,
    placeholders: [...APPLICATION_PLACEHOLDERS, 'assignee_name'],
    defaults: IN_APP_ONLY,
  }),
  ev({
    type: 'application.clarification_requested',
    group: 'application',
    label: 'Clarificări solicitate',
    recipients: 'Solicitantul',
    channels: APP_CHANNELS,
    configurable: true,
    placeholders: [...APPLICATION_PLACEHOLDERS, 'clarification_message'],
    defaults: { email: true, sms: true, in_app: true, frequency: 'immediately' },
  }),
  ev({
    type: 'application.clarification_answered',
    group: 'application',
    label: 'Clarificări trimise de solicitant',
    recipients: 'Persoana căreia i s-a repartizat cererea',
    channels: APP_CHANNELS,
    configurable: true,
    placeholders: [...APPLICATION_PLACEHOLDERS, 'applicant_name'],
    defaults: IN_APP_ONLY,
  }),
  ev({
    type: 'application.approved',
    group: 'application',
    label: 'Cerere aprobată',
    recipients: 'Solicitantul',
    channels: APP_CHANNELS,
    configurable: true,
    placeholders: [...APPLICATION_PLACEHOLDERS],
    defaults: ON_ALL,
  }),
  ev({
    type: 'application.rejected',
    group: 'application',
    label: 'Cerere respinsă',
    recipients: 'Solicitantul',
    channels: APP_CHANNELS,
    configurable: true,
    placeholders: [...APPLICATION_PLACEHOLDERS],
    defaults: ON_ALL,
  }),
  ev({
    type: 'application.document_ready_to_sign',
    group: 'application',
    label: 'Document gata de semnat',
    recipients: 'Semnatarii documentului (personal sau solicitant), la rândul lor',
    channels: APP_CHANNELS,
    configurable: true,
    placeholders: [...APPLICATION_PLACEHOLDERS],
    defaults: IN_APP_ONLY,
  }),
  ev({
    type: 'application.document_signed',
    group: 'application',
    label: 'Document semnat',
    recipients: 'Persoana căreia i s-a repartizat cererea',
    channels: APP_CHANNELS,
    configurable: true,
    placeholders: [...APPLICATION_PLACEHOLDERS, 'signer_name'],
    defaults: IN_APP_ONLY,
  }),
  ev({
    type: 'application.document_issued',
    group: 'application',
    label: 'Document emis',
    recipients: 'Solicitantul',
    channels: APP_CHANNELS,
    configurable: true,
    placeholders: [...APPLICATION_PLACEHOLDERS, 'document_number'],
    defaults: ON_ALL,
  }),
  // Complaints (issue 15)
  ev({
    type: 'complaint.filed',
    group: 'complaint',
    label: 'Sesizare depusă',
    recipients: 'Autorul sesizării (confirmare) și personalul instituției care soluționează sesizări',
    channels: APP_CHANNELS,
    configurable: true,
    placeholders: [...COMPLAINT_PLACEHOLDERS],
    defaults: IN_APP_ONLY,
  }),
  ev({
    type: 'complaint.assigned',
    group: 'complaint',
    label: 'Sesizare repartizată',
    recipients: 'Persoana căreia i s-a repartizat sesizarea',
    channels: APP_CHANNELS,
    configurable: true,
    placeholders: [...COMPLAINT_PLACEHOLDERS, 'solver_name'],
    defaults: IN_APP_ONLY,
  }),
  ev({
    type: 'complaint.status_changed',
    group: 'complaint',
    label: 'Sesizare preluată în lucru',
    recipients: 'Autorul sesizării',
    channels: APP_CHANNELS,
    configurable: true,
    placeholders: [...COMPLAINT_PLACEHOLDERS],
    defaults: IN_APP_ONLY,
  }),
  ev({
    type: 'complaint.answered',
    group: 'complaint',
    label: 'Răspuns la sesizare',
    recipients: 'Autorul sesizării (sesizare soluționată, respinsă sau clasată)',
    channels: APP_CHANNELS,
    configurable: true,
    placeholders: [...COMPLAINT_PLACEHOLDERS],
    defaults: ON_ALL,
  }),
  ev({
    type: 'complaint.commented',
    group: 'complaint',
    label: 'Comentariu nou la sesizare',
    recipients:
      'Autorul sesizării (comentariile publice ale instituției) sau persoana care o soluționează (comentariile autorului)',
    channels: APP_CHANNELS,
    configurable: true,
    placeholders: [...COMPLAINT_PLACEHOLDERS, 'comment_author'],
    defaults: IN_APP_ONLY,
  }),
  // Payments
  ev({
    type: 'payment.succeeded',
    group: 'payment',
    label: 'Plată reușită',
    recipients: 'Solicitantul',
    channels: APP_CHANNELS,
    configurable: true,
    placeholders: [...APPLICATION_PLACEHOLDERS, 'amount'],
    defaults: ON_ALL,
  }),
  ev({
    type: 'payment.failed',
    group: 'payment',
    label: 'Plată eșuată',
    recipients: 'Solicitantul',
    channels: APP_CHANNELS,
    configurable: true,
    placeholders: [...APPLICATION_PLACEHOLDERS, 'amount'],
    defaults: ON_ALL,
  }),
  ev({
    type: 'payment.link',
    group: 'payment',
    label: 'Link de plată',
    recipients: 'Adresa de e-mail indicată de funcționar',
    channels: ['email'],
    configurable: false,
    placeholders: [...APPLICATION_PLACEHOLDERS, 'amount', 'link'],
    defaults: OFF,
  }),
  // Beneficiaries
  ev({
    type: 'beneficiary.invited',
    group: 'beneficiary',
    label: 'Invitarea beneficiarului',
    recipients: 'Adresa de e-mail a beneficiarului',
    channels: ['email'],
    configurable: false,
    placeholders: [...APPLICATION_PLACEHOLDERS, 'signup_url', 'status_url'],
    defaults: OFF,
  }),
  // Circulars and digests
  ev({
    type: 'circular.sent',
    group: 'circular',
    label: 'Circulară',
    recipients: 'Departamentele, utilizatorii și adresele alese de expeditor',
    channels: ['email', 'in_app'],
    configurable: false,
    placeholders: ['subject', 'message', 'sender_name', 'organisation_name'],
    defaults: OFF,
  }),
  ev({
    type: 'digest',
    group: 'digest',
    label: 'Rezumatul notificărilor',
    recipients: 'Cei care au ales primirea notificărilor ca rezumat',
    channels: ['email', 'sms'],
    configurable: false,
    placeholders: ['period', 'count', 'items'],
    defaults: OFF,
  }),
] as const satisfies readonly NotificationEventDefinition[];

export type NotificationEventType = (typeof NOTIFICATION_EVENTS)[number]['type'];
export const NOTIFICATION_EVENT_TYPES = NOTIFICATION_EVENTS.map((e) => e.type) as NotificationEventType[];

const BY_TYPE = new Map<string, NotificationEventDefinition>(NOTIFICATION_EVENTS.map((e) => [e.type, e]));

export function notificationEvent(type: string): NotificationEventDefinition | undefined {
  return BY_TYPE.get(type);
}

/** Every placeholder a template of this event may hold (common ones included). */
export function acceptedPlaceholders(type: string): string[] {
  const event = BY_TYPE.get(type);
  return event ? [...COMMON_PLACEHOLDERS, ...event.placeholders] : [...COMMON_PLACEHOLDERS];
}

/** The events a user can set preferences for. */
export const CONFIGURABLE_EVENTS = NOTIFICATION_EVENTS.filter((e) => e.configurable);

/** Spec §9 and §4: the in-app window and the unread flag. */
export const NOTIFICATION_LIMITS = {
  /** Messages per GET /user-messages answer. */
  messagesPerPage: 100,
  /** An unread message younger than this lights the bell's dot. */
  recentUnreadMinutes: 30,
  /** Notification templates per page. */
  templatesPerPage: 10,
  /** Circular attachments: size per file, in bytes, and accepted types. */
  circularFileBytes: 50 * 1024 * 1024,
  circularFileTypes: ['application/pdf', 'image/png', 'image/jpeg'] as const,
  /** Circular text limits. */
  circularSubject: 200,
  circularMessage: 20_000,
  /** Template text limits (stored). */
  templateTitle: 200,
  templateSubject: 300,
  templateMessage: 20_000,
} as const;
