import { timestamp } from 'drizzle-orm/pg-core';

/**
 * Columns repeated across tables, written once. Each call returns new builders: drizzle's
 * builders are mutable objects, and no two tables should share one.
 *
 * The SQL is exactly what the tables declared before the helpers existed
 * (`timestamp with time zone NOT NULL DEFAULT now()`): `drizzle-kit generate` finds no change.
 */

/** When the row was written: `created_at timestamptz NOT NULL DEFAULT now()`. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * When the row last changed: `updated_at timestamptz NOT NULL DEFAULT now()`. The repositories
 * set it when they change a row (there is no trigger and no `$onUpdate`).
 */
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** The `created_at` / `updated_at` pair, spread into a table: `{ id, …, ...timestamps() }`. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });
