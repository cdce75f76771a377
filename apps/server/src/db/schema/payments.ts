import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  PAYMENT_STATUSES,
  PAYMENT_TYPES,
  PRICE_MODELS,
  TAX_BASES,
  TAX_MOMENTS,
  TAX_PURPOSE_GROUPS,
  GATEWAY_ORDER_STATUSES,
} from '@ghiseu/domain';
import { applications, applicationTypes } from './applications.js';
import { timestamps } from './columns.js';
import { organisations } from './organisations.js';
import { files } from './platform.js';
import { users } from './users.js';

/**
 * Payments and taxes (issue 13; spec §3 tax, tax category, collector account, payment; §4 payment
 * flow). Money columns are numeric(14,2) lei: SQL sums are exact; the code works in integer bani
 * (packages/domain/src/payments/money.ts).
 */

/** Tax categories (super admin): the construction, land and extra categories application types point at. */
export const taxCategories = pgTable(
  'tax_categories',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('tax_categories_name_unique').on(sql`lower(${t.name})`)],
);

/** A tax of an organisation, in a category, from its entry-in-force date (a council decision). */
export const taxes = pgTable(
  'taxes',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => taxCategories.id),
    name: text('name').notNull(),
    entryIntoForce: date('entry_into_force', { mode: 'string' }).notNull(),
    decisionNumber: text('decision_number'),
    decisionDate: date('decision_date', { mode: 'string' }),
    justification: text('justification'),
    priceModel: text('price_model', { enum: PRICE_MODELS }).notNull(),
    base: text('base', { enum: TAX_BASES }).notNull().default('none'),
    moment: text('moment', { enum: TAX_MOMENTS }).notNull().default('application'),
    purpose: text('purpose', { enum: TAX_PURPOSE_GROUPS }),
    fixedValue: numeric('fixed_value', { precision: 14, scale: 2 }),
    /** Percent with four decimals ("0.5000" = 0.5 %). */
    percentageValue: numeric('percentage_value', { precision: 9, scale: 4 }),
    /** Ranges { start, end, value } with value in bani (integer). */
    ranges: jsonb('ranges').$type<{ start: number; end: number | null; value: number }[]>().notNull().default([]),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    ...timestamps(),
  },
  (t) => [
    // TAX_ALREADY_EXISTS: one version of a tax per organisation, category, name, rate group and entry date.
    uniqueIndex('taxes_version_unique').on(
      t.organisationId,
      t.categoryId,
      sql`lower(${t.name})`,
      sql`coalesce(${t.purpose}, '')`,
      t.entryIntoForce,
    ),
    index('taxes_category_idx').on(t.categoryId),
  ],
);

/** The organisation's bank accounts at the payment provider (spec "collector account"). */
export const collectorAccounts = pgTable(
  'collector_accounts',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    name: text('name').notNull(),
    bank: text('bank').notNull(),
    iban: text('iban'),
    providerUsername: text('provider_username').notNull(),
    /** AES-256-GCM under a key derived from APP_SECRET; never returned. */
    providerPasswordEncrypted: text('provider_password_encrypted').notNull(),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    ...timestamps(),
  },
  (t) => [index('collector_accounts_organisation_idx').on(t.organisationId)],
);

/**
 * One payment attempt. CREATED → SUCCESSFUL | FAILED exactly once (ledger.ts settles with a
 * conditional update). `idempotency_key` is the merchant order id sent to the gateway.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisations.id),
    applicationId: integer('application_id').references(() => applications.id),
    applicationTypeId: integer('application_type_id').references(() => applicationTypes.id),
    type: text('type', { enum: PAYMENT_TYPES }).notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('CREATED'),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('RON'),
    description: text('description').notNull(),
    clientName: text('client_name'),
    email: text('email'),
    /** CNP or CUI of the payer (personal data: never logged, masked in lists). */
    personalCode: text('personal_code'),
    idempotencyKey: text('idempotency_key').notNull(),
    gatewayOrderId: text('gateway_order_id'),
    redirectUrl: text('redirect_url'),
    providerTransactionId: text('provider_transaction_id'),
    collectorAccountId: integer('collector_account_id').references(() => collectorAccounts.id),
    /** OP / OFFICE: the bank or receipt document number, and the day the money was paid. */
    documentNumber: text('document_number'),
    paidOn: date('paid_on', { mode: 'string' }),
    /** OP: the proof uploaded by the applicant. */
    proofFileId: integer('proof_file_id').references(() => files.id),
    /** LINK: sha256 of the link token (the token itself is only in the e-mail). */
    linkTokenHash: text('link_token_hash'),
    failureReason: text('failure_reason'),
    createdBy: integer('created_by').references(() => users.id),
    settledBy: integer('settled_by').references(() => users.id),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** callback | status-query | settle-job | staff | discount */
    settlementSource: text('settlement_source'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('payments_idempotency_key_unique').on(t.idempotencyKey),
    uniqueIndex('payments_gateway_order_unique').on(t.gatewayOrderId),
    uniqueIndex('payments_link_token_unique').on(t.linkTokenHash),
    index('payments_application_idx').on(t.applicationId, t.createdAt),
    // The registry's default order (ORDER BY created_at DESC, id DESC) and its per-organisation
    // view. NULLS FIRST is what a plain DESC sorts by: a NULLS LAST index cannot serve it (at 1M
    // rows the first page took 159 ms with a sort, 0.09 ms with this index; docs/perf-lists.md).
    index('payments_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('payments_organisation_created_idx').on(t.organisationId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The settle job: gateway attempts still CREATED.
    index('payments_pending_idx').on(t.createdAt).where(sql`${t.status} = 'CREATED'`),
  ],
);

/** What happened to payments (callbacks, replays, forgeries, status queries): no personal data. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id').references(() => payments.id),
    /** callback | callback_replayed | callback_forged | callback_unknown | status_query | settled | registered | rejected | link_created */
    kind: text('kind').notNull(),
    orderId: text('order_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_events_payment_idx').on(t.paymentId, t.createdAt)],
);

/**
 * The built-in sandbox card gateway's own books (DESIGN.md §6): it stands where the bank would,
 * so the portal's payments table is never its source of truth.
 */
export const sandboxGatewayOrders = pgTable(
  'sandbox_gateway_orders',
  {
    /** The gateway's order id (random, in the hosted page's address). */
    id: text('id').primaryKey(),
    merchantUsername: text('merchant_username').notNull(),
    /** The merchant's order id (the portal's idempotency key): registering it twice returns the same order. */
    orderId: text('order_id').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('RON'),
    description: text('description').notNull(),
    status: text('status', { enum: GATEWAY_ORDER_STATUSES }).notNull().default('pending'),
    cardLast4: text('card_last4'),
    transactionId: text('transaction_id'),
    returnUrl: text('return_url').notNull(),
    callbackUrl: text('callback_url').notNull(),
    callbackAttempts: integer('callback_attempts').notNull().default(0),
    callbackDeliveredAt: timestamp('callback_delivered_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('sandbox_gateway_orders_merchant_order_unique').on(t.merchantUsername, t.orderId),
    index('sandbox_gateway_orders_created_idx').on(t.createdAt),
  ],
);

/** One day's reconciliation of the portal's gateway payments with the gateway's report. */
export const paymentReconciliations = pgTable('payment_reconciliations', {
  id: serial('id').primaryKey(),
  day: date('day', { mode: 'string' }).notNull().unique(),
  portalTotal: numeric('portal_total', { precision: 14, scale: 2 }).notNull(),
  gatewayTotal: numeric('gateway_total', { precision: 14, scale: 2 }).notNull(),
  portalCount: integer('portal_count').notNull(),
  gatewayCount: integer('gateway_count').notNull(),
  differences: jsonb('differences').$type<Record<string, unknown>[]>().notNull().default([]),
  ledgerBalanced: boolean('ledger_balanced').notNull(),
  ...timestamps(),
});
