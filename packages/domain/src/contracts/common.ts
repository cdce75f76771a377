import { z } from 'zod';

/** `{id}` path parameter of every record route. */
export const ZIdParams = z.object({ id: z.coerce.number().int().positive().describe('Identificatorul înregistrării') });

/** `?echo=true` on a POST returns the created record (DESIGN.md §4). */
export const ZEchoQuery = z.object({ echo: z.enum(['true', 'false']).optional() });
