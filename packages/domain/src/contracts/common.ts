import { z } from 'zod';

/**
 * Largest value of a PostgreSQL `integer` (int4). Every record id is a `serial`, so a larger
 * number can name no record; the database would refuse it with an error ("out of range for type
 * integer") instead of finding nothing.
 */
export const PG_INT_MAX = 2_147_483_647;

/**
 * The one id schema of request bodies: a positive int4. Every `*_id` (and id list) a client
 * sends goes through it, so an id outside the column's range is a 400 VALIDATION_ERROR at the
 * contract, never a database error (ADR 0013).
 */
export const zId = (params?: Parameters<typeof z.number>[0]) => z.number(params).int().positive().max(PG_INT_MAX);

/** The same id in a path or query string (text on the wire, coerced to a number). */
export const zIdParam = () => z.coerce.number().int().positive().max(PG_INT_MAX);

/** `{id}` path parameter of every record route. */
export const ZIdParams = z.object({ id: zIdParam().describe('Identificatorul înregistrării') });

/** `?echo=true` on a POST returns the created record (DESIGN.md §4). */
export const ZEchoQuery = z.object({ echo: z.enum(['true', 'false']).optional() });
