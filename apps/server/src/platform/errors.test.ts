import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError, registerErrorHandler } from './errors.js';

/** The error mapper on its own: what a thrown error becomes on the wire. */
async function answerTo(error: Error) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.get('/boom', async () => {
    throw error;
  });
  const response = await app.inject({ method: 'GET', url: '/boom' });
  await app.close();
  return { status: response.statusCode, body: response.json() };
}

const clientError = (statusCode: number, code = 'SOME_PLUGIN_CODE') =>
  Object.assign(new Error('parser said no'), { statusCode, code });

describe('error mapper', () => {
  it('keeps a client error of a plugin or parser a client error, with a catalogue code', async () => {
    expect(await answerTo(clientError(400))).toEqual({
      status: 400,
      body: { message: 'VALIDATION_ERROR', data: { fields: [{ path: '', message: expect.any(String) }] } },
    });
    expect(await answerTo(clientError(415))).toEqual({ status: 415, body: { message: 'UNSUPPORTED_MEDIA_TYPE' } });
    expect(await answerTo(clientError(406))).toEqual({ status: 415, body: { message: 'UNSUPPORTED_MEDIA_TYPE' } });
    expect(await answerTo(clientError(404))).toEqual({ status: 404, body: { message: 'NOT_FOUND' } });
    expect(await answerTo(clientError(418))).toMatchObject({ status: 400, body: { message: 'VALIDATION_ERROR' } });
  });

  it('answers anything else with a bare 500, and catalogue errors with their own status', async () => {
    expect(await answerTo(new Error('bug'))).toEqual({ status: 500, body: { message: 'INTERNAL_ERROR' } });
    expect(await answerTo(clientError(502))).toEqual({ status: 500, body: { message: 'INTERNAL_ERROR' } });
    expect(await answerTo(new AppError('CONFLICT'))).toEqual({ status: 409, body: { message: 'CONFLICT' } });
  });
});
