import { describe, expect, it } from 'vitest';
import { TokenSigner } from './tokens.js';
import { maskUrl } from './logger.js';

describe('maskUrl', () => {
  it('hides secret query values in logged URLs', () => {
    expect(maskUrl('/api/files/3?token=abc.def&download=true')).toBe('/api/files/3?token=[redacted]&download=true');
    expect(maskUrl('/auth/set-password?confirmationKey=xyz')).toBe('/auth/set-password?confirmationKey=[redacted]');
    expect(maskUrl('/api/localities?search=targu')).toBe('/api/localities?search=targu');
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
