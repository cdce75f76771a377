import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { TokenSigner } from './tokens.js';
import { baseLoggerOptions, lazyChildLogger, maskUrl, serializeError } from './logger.js';

describe('maskUrl', () => {
  it('hides every query value but paging and sorting in logged URLs', () => {
    expect(maskUrl('/api/files/3?token=abc.def&download=true')).toBe('/api/files/3?token=[redacted]&download=true');
    expect(maskUrl('/auth/set-password?confirmationKey=xyz')).toBe('/auth/set-password?confirmationKey=[redacted]');
    expect(maskUrl('/api/beneficiaries?orLikeQuery=1850101260011&skip=0&limit=10')).toBe(
      '/api/beneficiaries?orLikeQuery=[redacted]&skip=0&limit=10',
    );
    expect(maskUrl('/api/localities')).toBe('/api/localities');
  });
});

describe('serializeError', () => {
  it('keeps type, code, a message without values and the stack frames; drops params and detail', () => {
    const cause = Object.assign(new Error('invalid input syntax for type integer: "Ion Pop"'), {
      code: '22P02',
      detail: 'Key (personal_numeric_code)=(1850101260011) already exists.',
      where: 'SQL statement "insert … 1850101260011"',
    });
    const error = Object.assign(
      new Error('Failed query: select 1 where "cnp" = $1\nparams: 1850101260011,RO49AAAA1B31007593840000'),
      {
        query: 'select 1 where "cnp" = $1',
        params: ['1850101260011'],
        cause,
      },
    );
    const out = serializeError(error) as Record<string, unknown>;
    const text = JSON.stringify(out);
    expect(out).toMatchObject({ type: 'Error', message: 'Failed query: select 1 where "cnp" = $1' });
    expect(out.stack).toMatch(/^Error: Failed query: select 1 where "cnp" = \$1\n\s+at /);
    expect(out.cause).toMatchObject({ code: '22P02', message: 'invalid input syntax for type integer: "[redacted]"' });
    for (const value of ['1850101260011', 'RO49AAAA', 'Ion Pop', '"detail"', '"where"', 'params'])
      expect(text).not.toContain(value);
  });
});

describe('TokenSigner', () => {
  const signer = new TokenSigner('s'.repeat(40));
  it('verifies its own tokens until they expire', () => {
    const token = signer.sign({ fileId: 7 }, 60, 1_000_000);
    expect(signer.verify(token, 1_000_000)).toMatchObject({ fileId: 7 });
    expect(signer.verify(token, 1_000_000 + 61_000)).toBeNull();
  });
  it('rejects tampered tokens and tokens of another secret', () => {
    const token = signer.sign({ fileId: 7 }, 60);
    const [body, mac] = token.split('.');
    const forgedBody = Buffer.from(JSON.stringify({ fileId: 8, exp: 9e9 })).toString('base64url');
    expect(signer.verify(`${forgedBody}.${mac}`)).toBeNull();
    expect(new TokenSigner('t'.repeat(40)).verify(token)).toBeNull();
    expect(signer.verify(`${body}.`)).toBeNull();
  });
});

describe('lazyChildLogger', () => {
  const lines = () => {
    const written: Record<string, unknown>[] = [];
    const logger = pino({ ...baseLoggerOptions('warn') }, { write: (line: string) => written.push(JSON.parse(line)) });
    return { written, logger };
  };
  const childOf = (logger: pino.Logger, bindings: Record<string, unknown>, options: Record<string, unknown> = {}) =>
    (lazyChildLogger as unknown as (l: pino.Logger, b: Record<string, unknown>, o: Record<string, unknown>) => pino.Logger)(
      logger,
      bindings,
      options,
    );

  it('writes the lines pino’s own child would, with the request id, and builds the child only then', () => {
    const { written, logger } = lines();
    const made: unknown[] = [];
    const child = logger.child.bind(logger);
    logger.child = ((bindings: pino.Bindings, options?: pino.ChildLoggerOptions) => {
      made.push(bindings);
      return child(bindings, options);
    }) as unknown as typeof logger.child;
    const lazy = childOf(logger, { reqId: 'r-1' });
    lazy.info('below the level');
    expect(lazy.level).toBe('warn');
    expect(lazy.isLevelEnabled('info')).toBe(false);
    expect(made).toEqual([]);
    lazy.warn({ user: { password: 'secret' }, n: 1 }, 'careful');
    lazy.error(new Error('broken'));
    expect(made).toEqual([{ reqId: 'r-1' }]);
    expect(written.map(({ time: _time, pid: _pid, hostname: _hostname, ...rest }) => rest)).toEqual([
      { level: 40, reqId: 'r-1', user: { password: '[redacted]' }, n: 1, msg: 'careful' },
      expect.objectContaining({ level: 50, reqId: 'r-1', err: expect.objectContaining({ message: 'broken' }) }),
    ]);
  });

  it('gives a route with a log level of its own its child at once', () => {
    const { logger } = lines();
    const routeLogger = childOf(logger, { reqId: 'r-2' }, { level: 'debug' });
    expect(routeLogger.level).toBe('debug');
    expect(routeLogger.isLevelEnabled('debug')).toBe(true);
  });
});
