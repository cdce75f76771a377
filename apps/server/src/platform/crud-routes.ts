import { type PermissionKey, ZIdParams, ZListQuery } from '@ghiseu/domain';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Actor } from './auth/actor.js';
import { actorOf, requirePermission } from './auth/guard.js';
import type { AppContext } from './context.js';
import { dataResponse, listResponse, noContent } from './list-query.js';
import { type RequestMeta, requestMeta } from './request.js';

/**
 * The five routes of a configuration resource (list, read, create, patch, delete), declared once
 * with the shape every module's routes follow (ADR 0021): zod schemas for the OpenAPI document
 * and validation, the permission keys of the guard, one call into the service with the actor
 * (and the request metadata for changes), `{ data }` answers, 201 on create and 204 on delete.
 *
 * A resource declares only the operations it has; routes that do not fit (state changes such as
 * publish or activate, uploads, look-ups) stay written out beside it. The routes are registered
 * in the order list, read, create, patch, delete; the path of one record is `<path>/:<key>`.
 */

/** What every operation declares: who may call it and how it reads in the OpenAPI document. */
interface Operation {
  /** Any one of these keys lets the actor in (`requirePermission`). */
  permissions: readonly [PermissionKey, ...PermissionKey[]];
  summary: string;
}

/** A record's key in the path: `:id` (the default, `ZIdParams`) or another named parameter. */
type KeyParams = z.ZodObject;

/** The default answer of a list: `{ data: record[], pagination? }`. */
type ListOf<Rec extends z.ZodType> = ReturnType<typeof listResponse<Rec>>;

export interface CrudResource<
  Rec extends z.ZodType,
  Params extends KeyParams,
  K extends keyof z.infer<Params> & string,
  Create extends z.ZodType,
  Patch extends z.ZodType,
  List extends z.ZodType,
> {
  /** Collection path, e.g. `/departments`; one record is `<path>/:<key>`. */
  path: string;
  tags: string[];
  /** Schema of one record: the `data` of read, create and patch. */
  record: Rec;
  /** The record's key in the path: `{ params: ZPermissionParams, name: 'key' }`; default `ZIdParams`, `id`. */
  key?: { params: Params; name: K };
  list?: Operation & {
    /** Default `ZListQuery` (skip, limit, pagination, orLikeQuery, sortKey, filters). */
    querystring?: z.ZodType;
    /** Default `listResponse(record)`; lists with other items or list-level `abilities` give theirs. */
    response?: List;
    run: (ctx: AppContext, actor: Actor, query: Record<string, unknown>) => Promise<z.infer<List>>;
  };
  read?: Operation & { run: (ctx: AppContext, actor: Actor, key: z.infer<Params>[K]) => Promise<z.infer<Rec>> };
  create?: Operation & {
    body: Create;
    run: (ctx: AppContext, actor: Actor, body: z.infer<Create>, meta: RequestMeta) => Promise<z.infer<Rec>>;
  };
  patch?: Operation & {
    body: Patch;
    run: (
      ctx: AppContext,
      actor: Actor,
      key: z.infer<Params>[K],
      body: z.infer<Patch>,
      meta: RequestMeta,
    ) => Promise<z.infer<Rec>>;
  };
  remove?: Operation & { run: (ctx: AppContext, actor: Actor, key: z.infer<Params>[K], meta: RequestMeta) => Promise<void> };
}

/** Registers the declared operations of `resource` on `fastify` (see the top of this file). */
export function registerCrudRoutes<
  Rec extends z.ZodType,
  Create extends z.ZodType,
  Patch extends z.ZodType,
  Params extends KeyParams = typeof ZIdParams,
  K extends keyof z.infer<Params> & string = 'id' & keyof z.infer<Params>,
  List extends z.ZodType = ListOf<Rec>,
>(fastify: FastifyInstance, resource: CrudResource<Rec, Params, K, Create, Patch, List>): void {
  // The types are checked on `resource` (each service's answer against its schema): fastify's
  // type provider cannot resolve a response type that is still a type parameter here. Validation
  // and serialisation are the app's zod compilers, as for every other route.
  const app = fastify;
  const { path, tags, record } = resource;
  const params = (resource.key?.params ?? ZIdParams) as Params;
  const keyName = (resource.key?.name ?? 'id') as K;
  const one = `${path}/:${keyName}`;
  /** The validated key of the record in the path (the schema has already checked and coerced it). */
  const keyOf = (request: { params: unknown }) => (request.params as z.infer<Params>)[keyName];
  const guard = (operation: Operation) => requirePermission(...operation.permissions);

  const { list, read, create, patch, remove } = resource;
  if (list) {
    app.get(
      path,
      {
        config: guard(list),
        schema: {
          tags,
          summary: list.summary,
          querystring: list.querystring ?? ZListQuery,
          response: { 200: (list.response ?? listResponse(record)) as z.ZodType },
        },
      },
      async (request) => list.run(app.ctx, actorOf(request), request.query as Record<string, unknown>),
    );
  }

  if (read) {
    app.get(
      one,
      {
        config: guard(read),
        schema: { tags, summary: read.summary, params, response: { 200: dataResponse(record) } },
      },
      async (request) => ({ data: await read.run(app.ctx, actorOf(request), keyOf(request)) }),
    );
  }

  if (create) {
    app.post(
      path,
      {
        config: guard(create),
        schema: { tags, summary: create.summary, body: create.body, response: { 201: dataResponse(record) } },
      },
      async (request, reply) =>
        reply.status(201).send({
          data: await create.run(app.ctx, actorOf(request), request.body as z.infer<Create>, requestMeta(request)),
        }),
    );
  }

  if (patch) {
    app.patch(
      one,
      {
        config: guard(patch),
        schema: { tags, summary: patch.summary, params, body: patch.body, response: { 200: dataResponse(record) } },
      },
      async (request) => ({
        data: await patch.run(app.ctx, actorOf(request), keyOf(request), request.body as z.infer<Patch>, requestMeta(request)),
      }),
    );
  }

  if (remove) {
    app.delete(
      one,
      { config: guard(remove), schema: { tags, summary: remove.summary, params, response: noContent } },
      async (request, reply) => {
        await remove.run(app.ctx, actorOf(request), keyOf(request), requestMeta(request));
        return reply.status(204).send(null);
      },
    );
  }
}
