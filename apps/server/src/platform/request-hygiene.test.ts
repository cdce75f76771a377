import { findUnstorableText, LIMITS, VALIDATION_MESSAGES } from '@ghiseu/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { auditLog } from '../db/schema/index.js';
import { writeAudit } from './audit.js';
import { DEMO_PASSWORD } from '../seed/demo.js';
import { holdsUnstorableText, jsonNestsDeeperThan } from './request-hygiene.js';

/**
 * The request boundary of issue 8: each input that used to reach a 500 is refused with a 4xx
 * at the root (contracts, parsers, the error mapper) before any query runs.
 */

describe('jsonNestsDeeperThan', () => {
  it('counts objects and arrays, not brackets inside strings', () => {
    expect(jsonNestsDeeperThan('{"a":[{"b":1}]}', 3)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":[{"b":1}]}', 2)).toBe(true);
    expect(jsonNestsDeeperThan(`{"a":"${'['.repeat(100)}"}`, 1)).toBe(false);
    expect(jsonNestsDeeperThan(`{"a":"\\"${'{'.repeat(100)}"}`, 1)).toBe(false);
    expect(jsonNestsDeeperThan('[]'.repeat(1000), 1)).toBe(false);
  });
});

describe('holdsUnstorableText', () => {
  it('finds what findUnstorableText finds, in values, keys, arrays and nested objects', () => {
    const values: unknown[] = [
      'plain',
      'a\u0000b',
      'x\uD800',
      'ok 😀',
      { a: 'b', c: ['d', { e: 'f' }] },
      { a: ['b', { c: 'd\u0000' }] },
      { 'k\uDC00': 1 },
      Object.assign(Object.create(null), { q: 'a\u0000' }),
      Object.assign(Object.create(null), { q: 'ă' }),
      [1, null, true, ['\uDBFF']],
      null,
      42,
    ];
    for (const value of values) expect(holdsUnstorableText(value)).toBe(findUnstorableText(value) !== null);
    expect(values.filter(holdsUnstorableText)).toHaveLength(6);
  });
});

describe('request boundary', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const field = (path: string, message: string) => ({ message: 'VALIDATION_ERROR', data: { fields: [{ path, message }] } });

  it('refuses ids outside int4 in paths, queries and bodies with 400 VALIDATION_ERROR', async () => {
    const admin = await t.authHeaders('superadmin@demo.ghiseu.ro');
    for (const url of [
      '/api/organisations/2147483648',
      '/api/users/9223372036854775808',
      '/api/localities?parent_id=2147483648',
    ]) {
      const response = await t.app.inject({ method: 'GET', url, headers: admin });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toBe('VALIDATION_ERROR');
    }
    const largest = await t.app.inject({ method: 'GET', url: '/api/organisations/2147483647', headers: admin });
    expect(largest.json()).toEqual({ message: 'NOT_FOUND' });
    const body = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: await t.authHeaders('citizen@demo.ghiseu.ro'),
      payload: { application_type_id: 2 ** 31 },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json().data.fields[0].path).toBe('body.application_type_id');
  });

  it('refuses a NUL in a query string, a path and an anonymous login body', async () => {
    const search = await t.app.inject({ method: 'GET', url: '/api/localities?search=a%00b' });
    expect(search.statusCode).toBe(400);
    expect(search.json()).toEqual(field('querystring.search', VALIDATION_MESSAGES.unstorableText));

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a\u0000@b.ro', password: 'x' },
    });
    expect(login.json()).toEqual(field('body.email', VALIDATION_MESSAGES.unstorableText));

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/applications?orLikeQuery=a%00',
      headers: await t.authHeaders('citizen@demo.ghiseu.ro'),
    });
    expect(list.json()).toEqual(field('querystring.orLikeQuery', VALIDATION_MESSAGES.unstorableText));

    const key = await t.app.inject({
      method: 'GET',
      url: '/api/permissions/a%00b',
      headers: await t.authHeaders('superadmin@demo.ghiseu.ro'),
    });
    expect(key.json()).toEqual(field('params.key', VALIDATION_MESSAGES.unstorableText));
  });

  it('refuses lone surrogates in texts and object keys', async () => {
    const admin = await t.authHeaders('admin@demo.ghiseu.ro');
    const name = await t.app.inject({
      method: 'POST',
      url: '/api/departments',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Urbanism \ud800' }),
    });
    expect(name.statusCode).toBe(400);
    expect(name.json()).toEqual(field('body.name', VALIDATION_MESSAGES.unstorableText));
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: { ...(await t.authHeaders('citizen@demo.ghiseu.ro')), 'content-type': 'application/json' },
      payload: JSON.stringify({ application_type_id: 1, form: { ok: { 'x\udc00': 1 } } }),
    });
    expect(key.json()).toEqual(field('body.form.ok.x\udc00', VALIDATION_MESSAGES.unstorableText));
  });

  it('answers malformed JSON and merge-patch bodies with 400 VALIDATION_ERROR', async () => {
    const headers = await t.authHeaders('citizen@demo.ghiseu.ro');
    for (const type of ['application/json', 'application/merge-patch+json']) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: '/api/users',
        headers: { ...headers, 'content-type': type },
        payload: '{"first_name":',
      });
      expect(response.statusCode, type).toBe(400);
      expect(response.json(), type).toEqual(field('body', VALIDATION_MESSAGES.malformedBody));
    }
    const poisoned = await t.app.inject({
      method: 'PATCH',
      url: '/api/users',
      headers: { ...headers, 'content-type': 'application/merge-patch+json' },
      payload: '{"__proto__":{"x":1}}',
    });
    expect(poisoned.statusCode).toBe(400);
  });

  it('still parses ordinary JSON and merge-patch bodies, with or without a charset', async () => {
    for (const type of ['application/json', 'application/json; charset=utf-8']) {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': type },
        payload: JSON.stringify({ email: 'citizen@demo.ghiseu.ro', password: DEMO_PASSWORD }),
      });
      expect(login.statusCode, type).toBe(200);
    }
    const headers = await t.authHeaders('citizen@demo.ghiseu.ro');
    for (const payload of ['', '{}', '{"first_name":"Ioana"}']) {
      const patch = await t.app.inject({
        method: 'PATCH',
        url: '/api/users',
        headers: { ...headers, 'content-type': 'application/merge-patch+json; charset=utf-8' },
        payload,
      });
      expect(patch.statusCode, payload).toBe(200);
    }
  });

  it('refuses a NUL or a lone surrogate written as a \\u escape in a raw JSON body, in a value or a key', async () => {
    const post = (payload: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload });
    const inValue = await post('{"email":"a\\u0000b@x.ro","password":"p"}');
    expect(inValue.json()).toEqual(field('body.email', VALIDATION_MESSAGES.unstorableText));
    const inKey = await post('{"email":"a@x.ro","password":"p","\\udc00":1}');
    expect(inKey.statusCode).toBe(400);
    expect(inKey.json().data.fields[0].message).toBe(VALIDATION_MESSAGES.unstorableText);
  });

  it('refuses bodies nested deeper than the limit, at the parser', async () => {
    const headers = await t.authHeaders('citizen@demo.ghiseu.ro');
    const deep = (depth: number) => `{"application_type_id":1,"form":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: deep(10_000),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(field('body', VALIDATION_MESSAGES.bodyTooDeep));
    // At the limit the body is parsed and reaches the route (the type does not exist).
    const atLimit = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: deep(LIMITS.maxJsonDepth - 2).replace('"application_type_id":1', '"application_type_id":999999'),
    });
    expect(atLimit.json().data?.fields?.[0]?.message).not.toBe(VALIDATION_MESSAGES.bodyTooDeep);
    expect(atLimit.statusCode).toBeLessThan(500);
  });

  it('maps client errors of fastify and parsers onto catalogue codes', async () => {
    const headers = await t.authHeaders('admin@demo.ghiseu.ro');
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/departments',
      headers: { ...headers, 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ message: 'UNSUPPORTED_MEDIA_TYPE' });
    const charset = await t.app.inject({
      method: 'POST',
      url: '/api/departments',
      headers: { ...headers, 'content-type': 'application/json; charset=latin1' },
      payload: '{}',
    });
    expect(charset.statusCode).toBeGreaterThanOrEqual(400);
    expect(charset.statusCode).toBeLessThan(500);
  });

  it('stores an audit entry whose texts came from elsewhere with NUL or lone surrogates', async () => {
    await writeAudit(t.ctx.db, {
      action: 'test.unstorable',
      entityType: 'test',
      after: { name: 'a\u0000b\ud800', 'k\udc00': ['x\u0000'] },
    });
    const [row] = await t.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'test.unstorable'));
    expect(row.after).toEqual({ name: 'a\ufffdb\ufffd', 'k\ufffd': ['x\ufffd'] });
  });
});
