import type { FastifyServerOptions } from 'fastify';

/** Query parameters whose values never reach the logs. */
const SECRET_PARAMS = /([?&](token|confirmationKey|code|pin|password)=)[^&]*/gi;

/**
 * pino options: request ids, and no password, token or code in any log line. Bodies are never
 * logged; headers that carry secrets are removed; secret query values are masked in URLs.
 */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-file-upload-access-token"]',
        'req.headers["x-file-download-access-token"]',
        '*.password',
        '*.token',
        '*.authToken',
        '*.pin',
        '*.smsCode',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: { method: string; url: string; ip?: string; id?: string }) {
        return { method: request.method, url: maskUrl(request.url), ip: request.ip, id: request.id };
      },
    },
  };
}

export function maskUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[redacted]');
}
