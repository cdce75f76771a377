import { isIsoDateOrDateTime, ZIdParams, ZUserMessage, ZUserMessagePatch } from '@ghiseu/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, signedIn } from '../../../platform/auth/guard.js';
import { dataResponse } from '../../../platform/list-query.js';
import { liveSessionIds, USER_MESSAGES_MAX } from './repository.js';
import * as service from './service.js';
import { UserMessageHub } from './stream-hub.js';

const tags = ['notifications'];

const zInstant = z
  .string()
  .refine(isIsoDateOrDateTime, { error: 'Data trebuie să fie în format ISO (AAAA-LL-ZZ sau dată și oră).' });

/**
 * `GET /user-messages` query: the created_date window (ISO dates or date-times), the only sort
 * (-created_date) and the limit (≤ 100). Strict: an unknown parameter is refused, never ignored.
 * Not the shared list-query parser: spec §7 names an inclusive `le` bound, which that parser's
 * operators (eq, contains, like, ge, lt) do not have, and the list has no pagination or search.
 */
const ZUserMessagesQuery = z
  .object({
    'created_date[ge]': zInstant.optional(),
    'created_date[le]': zInstant.optional(),
    'created_date[lt]': zInstant.optional(),
    sortKey: z.literal('-created_date').optional(),
    limit: z.coerce.number().int().min(1).max(USER_MESSAGES_MAX).optional(),
  })
  .strict();

/**
 * In-app messages of the signed-in user (spec §7): any role, only their own. The live stream is
 * the bell's push channel; see stream-hub.ts for how it works across server processes.
 */
export async function inboxRoutes(fastify: FastifyInstance, options: { pingMs?: number } = {}): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const hub = new UserMessageHub(app.ctx.db, app.ctx.database, app.log, {
    pingMs: options.pingMs,
    liveSessions: (ids) => liveSessionIds(app.ctx.db, ids, app.ctx.config.session.idleMinutes),
  });
  // Open streams would keep `close()` waiting for their sockets: end them first.
  app.addHook('preClose', async () => {
    await hub.close();
  });

  app.get(
    '/user-messages',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Notificările utilizatorului conectat, cele mai noi întâi (fereastră created_date, cel mult 100)',
        querystring: ZUserMessagesQuery,
        response: { 200: dataResponse(z.array(ZUserMessage)) },
      },
    },
    async (request) => ({ data: await service.listOwnMessages(app.ctx, actorOf(request), request.query) }),
  );

  app.get(
    '/user-messages/identification/:id',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Notificările utilizatorului conectat despre o cerere, cele mai noi întâi (cel mult 100)',
        params: ZIdParams,
        response: { 200: dataResponse(z.array(ZUserMessage)) },
      },
    },
    async (request) => ({
      data: await service.listOwnMessagesOfApplication(app.ctx, actorOf(request), request.params.id),
    }),
  );

  app.patch(
    '/user-messages/:id',
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Marchează o notificare proprie ca citită (sau necitită)',
        params: ZIdParams,
        body: ZUserMessagePatch,
        response: { 200: dataResponse(ZUserMessage) },
      },
    },
    async (request) => ({
      data: await service.markOwnMessage(app.ctx, actorOf(request), request.params.id, request.body.has_been_read),
    }),
  );

  app.get(
    '/user-messages/stream',
    {
      config: signedIn,
      schema: {
        tags,
        summary:
          'Flux text/event-stream al notificărilor noi (event: message, data: notificarea, id: identificatorul ei); Last-Event-ID reia de după mesajul primit ultima dată',
        produces: ['text/event-stream'],
        headers: z.object({ 'last-event-id': z.string().optional() }),
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const given = request.headers['last-event-id'];
      const lastEventId = typeof given === 'string' && /^\d{1,9}$/.test(given) ? Number(given) : undefined;
      const raw = reply.raw;
      // Events the hub writes before the answer starts (the resumed ones) wait here: the
      // headers go out only once the stream is subscribed, so a client that sees them knows
      // that every later message will reach it.
      const held: string[] = [];
      let live = false;
      let ended = false;
      let close: (() => void) | null = null;
      let gone = false;
      // The response's 'close': the socket went away (the request's fires once it was read).
      raw.on('close', () => {
        gone = true;
        close?.();
      });
      // A failure here (database down) is an ordinary error answer: nothing is written yet.
      close = await hub.open({ userId: actor.userId, sessionId: actor.sessionId }, lastEventId, {
        write: (chunk) => {
          if (!live) held.push(chunk);
          else if (!raw.destroyed) raw.write(chunk);
        },
        end: () => {
          ended = true;
          if (live) raw.end();
        },
      });
      if (gone) {
        close();
        return reply.hijack();
      }
      // The answer is written on the raw socket: no serialiser or onSend hook may buffer it.
      // The headers the platform set before the route (security, CORS, rate limit) go along.
      reply.hijack();
      const platformHeaders = Object.fromEntries(
        Object.entries(reply.getHeaders()).filter(
          (entry): entry is [string, string | number | string[]] => entry[1] !== undefined,
        ),
      );
      raw.writeHead(200, {
        ...platformHeaders,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        // The socket serves this stream only: when it ends, the connection ends too.
        connection: 'close',
      });
      // The client's reconnection delay (also a first byte that makes proxies pass the headers on).
      raw.write(`retry: 5000\n\n${held.join('')}`);
      live = true;
      if (ended) raw.end();
    },
  );
}
