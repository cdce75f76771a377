import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { webFileCacheControl } from './app.js';

/**
 * The built web app as the server sends it (issue 8, first paint): the precompressed copy the
 * browser accepts, a year of caching for content-hashed assets, revalidation for the rest.
 * A small stand-in for apps/web/dist, laid out as Vite and the compression plugin write it.
 */
const SCRIPT = `export const greeting = ${JSON.stringify('Bună ziua! '.repeat(200))};\n`;
const HASHED = 'assets/index-AbCd12_-.js';

let webDist: string;
let t: TestApp;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'ghiseu-web-dist-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  const write = (file: string, body: string | Buffer) => fs.writeFileSync(path.join(webDist, file), body);
  write('index.html', `<!doctype html><html lang="ro"><head><script type="module" src="/${HASHED}"></script></head></html>`);
  write(HASHED, SCRIPT);
  write(`${HASHED}.br`, zlib.brotliCompressSync(SCRIPT));
  write(`${HASHED}.gz`, zlib.gzipSync(SCRIPT));
  write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ WEB_DIST: webDist });
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('web app files', () => {
  it('sends the brotli copy of a hashed asset to a browser that accepts it, cached for a year', async () => {
    const response = await get(`/${HASHED}`, 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy when only gzip is accepted, and the plain file otherwise', async () => {
    const gzipped = await get(`/${HASHED}`, 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get(`/${HASHED}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    // The plain answer also depends on Accept-Encoding: a shared cache must not give it to everyone.
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has unhashed files and the pages of the app revalidated on each use', async () => {
    const favicon = await get('/favicon.svg', 'br');
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['cache-control']).toBe('no-cache');

    for (const url of ['/index.html', '/auth/signin', '/qr/1']) {
      const page = await get(url, 'br');
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
    }
  });

  it('answers 404 for a missing asset instead of the page', async () => {
    const response = await get('/assets/missing-AbCd1234.js', 'br');
    expect(response.statusCode).toBe(404);
  });
});

describe('webFileCacheControl', () => {
  it('caches only content-hashed files under assets/ for good', () => {
    const root = path.join(path.sep, 'srv', 'web');
    const at = (file: string) => webFileCacheControl(root, path.join(root, ...file.split('/')));
    expect(at('assets/index-ChKnvuBQ.js')).toBe('public, max-age=31536000, immutable');
    expect(at('assets/index-cCcChuMd.css.br')).toBe('public, max-age=31536000, immutable');
    expect(at('assets/chunk-6KYCQHYJ-ChZhjcY7.js.gz')).toBe('public, max-age=31536000, immutable');
    expect(at('index.html')).toBe('no-cache');
    expect(at('index.html.br')).toBe('no-cache');
    expect(at('favicon.svg')).toBe('no-cache');
    expect(at('assets/logo.svg')).toBe('no-cache');
  });
});
