import { describe, expect, it } from 'vitest';
import { TokenSigner } from './tokens.js';
import { maskUrl, serializeError } from './logger.js';

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
