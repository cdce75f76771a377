import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { DestinationStream } from 'pino';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { installRomanianValidationMessages, UPLOAD_RULES } from '@ghiseu/domain';
import { registerAuthGuard } from './platform/auth/guard.js';
import type { AppContext } from './platform/context.js';
import { registerErrorHandler, registerNotFoundHandler } from './platform/errors.js';
import { lazyChildLogger, loggerOptions } from './platform/logger.js';
import { registerJsonParsers, registerTextHygiene } from './platform/request-hygiene.js';
import { responseSerializerCompiler } from './platform/response-serializer.js';

import { registerApplicationParts, registerWorkflowHook } from './modules/applications/index.js';
import { accountsRoutes } from './modules/accounts/routes.js';
import { administrationRoutes } from './modules/administration/routes.js';
import { allocationsRoutes } from './modules/allocations/routes.js';
import { applicationTypesRoutes } from './modules/application-types/routes.js';
import { documentsRoutes } from './modules/applications/documents/routes.js';
import { issuedDocumentsRoutes } from './modules/applications/issued/routes.js';
import { registryRoutes } from './modules/applications/registry/routes.js';
import { applicationsRoutes } from './modules/applications/routes.js';
import { signingFlowRoutes } from './modules/applications/signing/routes.js';
import { staffApplicationsRoutes } from './modules/applications/staff/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { beneficiariesRoutes } from './modules/beneficiaries/routes.js';
import { complaintsRoutes } from './modules/complaints/routes.js';
import { controlsRoutes } from './modules/controls/routes.js';
import { devRoutes } from './modules/dev/routes.js';
import { documentSeriesRoutes } from './modules/document-series/routes.js';
import { documentTemplatesRoutes } from './modules/document-templates/routes.js';
import { filesRoutes } from './modules/files/routes.js';
import { formsRoutes } from './modules/forms/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { organisationsRoutes } from './modules/organisations/routes.js';
import { notificationsRoutes } from './modules/notifications/routes.js';
import { paymentsRoutes } from './modules/payments/routes.js';
import { processesRoutes } from './modules/processes/routes.js';
import { publicStatusRoutes } from './modules/public-status/routes.js';
import { realEstateRoutes } from './modules/real-estate/routes.js';
import { settingsRoutes } from './modules/settings/routes.js';
import { signingRoutes } from './modules/signing/routes.js';
import { taxesRoutes } from './modules/taxes/routes.js';
import { socialRoutes } from './modules/social/routes.js';
import { territoryRoutes } from './modules/territory/routes.js';
import { processEngine } from './modules/processes/index.js';

import { beneficiaryPart } from './modules/beneficiaries/index.js';
import { realEstatePart } from './modules/real-estate/index.js';

export type App = FastifyInstance;

/**
 * Builds the HTTP application: platform plugins, then the modules, then the error handler.
 * It never listens; main.ts and the tests (app.inject) decide that.
 */
export async function buildApp(ctx: AppContext, options: { logger?: boolean; logStream?: DestinationStream } = {}): Promise<App> {
  // Request checks without a message of their own answer in Romanian (VALIDATION_ERROR fields).
  installRomanianValidationMessages();
  const { config } = ctx;
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logStream),
    // Each request's child logger is built when the request first logs (most never do).
    ...(options.logger === false ? {} : { childLoggerFactory: lazyChildLogger }),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.production,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Answers: zod's check in tests and development, fast-json-stringify from the same schemas in
  // production (platform/response-serializer.ts).
  app.setSerializerCompiler(responseSerializerCompiler(config.production ? 'fast' : 'checked'));
  app.decorate('ctx', ctx);

  // JSON and merge-patch bodies: one parser with a depth limit; no NUL or lone surrogate in
  // any text of any request (both 400 VALIDATION_ERROR before the route's schema runs).
  registerJsonParsers(app);
  registerTextHygiene(app);

  // Security headers (CSP…): helmet's middleware built once. The Fastify plugin would build it
  // again on every request, which showed in the benchmark's profile. With no per-request
  // directive (no nonce, no function) its headers are constants: recorded once, replayed as
  // they are on every response (its eleven middlewares per request showed too).
  const securityHeaders = recordHeaders(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Mantine sets style attributes at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          workerSrc: ["'self'", 'blob:'],
          frameAncestors: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: config.production ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  // Given to fastify's own header object, not to the raw response: with no header set on the
  // raw response, Node writes fastify's object as it is (writeHead's fast path) instead of
  // storing each header once more through setHeader. The headers helmet removes (X-Powered-By)
  // are never set by fastify, so there is nothing to remove on a fresh response.
  const securityHeaderValues: Record<string, string | number | string[]> = Object.fromEntries(
    securityHeaders.set.map(([name, value]) => [name.toLowerCase(), typeof value === 'object' ? [...value] : value]),
  );
  // API answers carry personal data: no browser or proxy cache keeps them, unless a route sets
  // its own caching (public reference data may; its header replaces this one). Set with the
  // security headers before the route runs, in the same hook: one hook per request, none on send.
  const apiHeaderValues = { ...securityHeaderValues, 'cache-control': 'no-store' };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? apiHeaderValues : securityHeaderValues);
    done();
  });
  await app.register(cors, {
    origin: (origin, callback) => callback(null, !origin || config.corsOrigins.includes(origin)),
    credentials: false,
    exposedHeaders: ['x-request-id'],
  });
  await app.register(rateLimit, {
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    // The limit guards the API; the web app's static files (one page load is ~60 of them) and
    // the load balancer's health checks are never throttled.
    allowList: (request) => !request.url.startsWith('/api/') || request.url === '/api/health' || request.url === '/api/ready',
  });
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_RULES.default.maxBytes, files: 1, fields: 10, parts: 12 },
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Ghișeul Unic API', version: '0.1.0', description: 'API-ul portalului Ghișeul Unic' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    // Routes open to anyone (config.auth 'public') say so in the document: no bearer needed.
    transform: (input) => {
      const document = jsonSchemaTransform(input);
      const auth = (input.route.config as { auth?: string } | undefined)?.auth;
      return auth === 'public' ? { ...document, schema: { ...document.schema, security: [] } } : document;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerAuthGuard(app, { db: ctx.db, policy: config.session });
  registerErrorHandler(app);

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api' });
  await app.register(accountsRoutes, { prefix: '/api' });
  await app.register(socialRoutes, { prefix: '/api' });
  await app.register(administrationRoutes, { prefix: '/api' });
  await app.register(filesRoutes, { prefix: '/api' });
  await app.register(settingsRoutes, { prefix: '/api' });
  await app.register(organisationsRoutes, { prefix: '/api' });
  await app.register(territoryRoutes, { prefix: '/api' });
  await app.register(formsRoutes, { prefix: '/api' });
  await app.register(applicationTypesRoutes, { prefix: '/api' });
  await app.register(documentSeriesRoutes, { prefix: '/api' });
  await app.register(documentTemplatesRoutes, { prefix: '/api' });
  // An application's beneficiaries and real estates belong to modules that depend on the
  // applications module: they plug their parts in here instead of being imported by it.
  registerApplicationParts({ beneficiaries: beneficiaryPart, realEstates: realEstatePart });
  // The workflow engine runs inside the staff actions (the processes module depends on applications).
  registerWorkflowHook(processEngine);
  await app.register(applicationsRoutes, { prefix: '/api' });
  await app.register(staffApplicationsRoutes, { prefix: '/api' });
  await app.register(signingFlowRoutes, { prefix: '/api' });
  await app.register(processesRoutes, { prefix: '/api' });
  await app.register(beneficiariesRoutes, { prefix: '/api' });
  await app.register(realEstateRoutes, { prefix: '/api' });
  await app.register(registryRoutes, { prefix: '/api' });
  await app.register(documentsRoutes, { prefix: '/api' });
  await app.register(issuedDocumentsRoutes, { prefix: '/api' });
  await app.register(allocationsRoutes, { prefix: '/api' });
  await app.register(publicStatusRoutes, { prefix: '/api' });
  await app.register(signingRoutes, { prefix: '/api' });
  await app.register(taxesRoutes, { prefix: '/api' });
  await app.register(paymentsRoutes, { prefix: '/api' });
  await app.register(notificationsRoutes, { prefix: '/api' });
  await app.register(complaintsRoutes, { prefix: '/api' });
  await app.register(controlsRoutes, { prefix: '/api' });
  if (config.devOutbox) await app.register(devRoutes, { prefix: '/api' });

  registerWebApp(app, config.webDist);
  return app;
}

/** What a header middleware does to every response, when that never depends on the request. */
export interface RecordedHeaders {
  set: [string, string | number | readonly string[]][];
  removed: string[];
}

/**
 * Runs a synchronous header middleware (helmet's) once on a stand-in response and records the
 * headers it sets and removes, in order. Fails at start-up if it did anything else (read the
 * request, answered, deferred or failed): its headers would then not be constants.
 */
export function recordHeaders(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void,
): RecordedHeaders {
  const recorded: RecordedHeaders = { set: [], removed: [] };
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      recorded.set.push([name, value]);
      return response;
    },
    removeHeader: (name: string) => {
      recorded.removed.push(name);
    },
  };
  let completed = false;
  const request = new Proxy({} as IncomingMessage, {
    get: (_target, property) => {
      throw new Error(`recordHeaders: the middleware reads request.${String(property)}`);
    },
  });
  middleware(request, response as unknown as ServerResponse, (error) => {
    if (error) throw error;
    completed = true;
  });
  if (!completed) throw new Error('recordHeaders: the middleware did not finish synchronously');
  return recorded;
}

/** Cache-Control of the web app's files: see {@link webFileCacheControl}. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/** `assets/<name>-<hash>.<ext>`, the files Vite names after their content (possibly precompressed). */
const HASHED_ASSET = /^assets\/[^/]+-[\w-]{8,}\.[a-z0-9]+(\.br|\.gz)?$/i;

/**
 * A file whose name carries its content hash never changes under that name: browsers keep it a
 * year without asking again. Everything else (index.html, favicon…) is revalidated on each use
 * (ETag / Last-Modified), so that a new release is picked up at once.
 */
export function webFileCacheControl(root: string, filePath: string): string {
  const relative = path.relative(root, filePath).split(path.sep).join('/');
  return HASHED_ASSET.test(relative) ? IMMUTABLE : REVALIDATE;
}

/**
 * Serves the built single-page app at `/`, with index.html for every client-side route. The build
 * writes a brotli and a gzip copy of each text file beside it; the one the browser accepts is sent
 * as it is (`Content-Encoding`, `Vary: accept-encoding`), so no request pays for compression.
 */
function registerWebApp(app: FastifyInstance, configured: string | undefined): void {
  const root = configured ?? path.resolve(import.meta.dirname, '../../web/dist');
  const indexFile = path.join(root, 'index.html');
  if (!fs.existsSync(indexFile)) {
    registerNotFoundHandler(app);
    return;
  }
  app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => reply.header('cache-control', webFileCacheControl(root, filePath)),
  });
  registerNotFoundHandler(app, fs.readFileSync(indexFile));
}
