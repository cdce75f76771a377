import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile, PNG_1x1, SMALL_PDF } from '../../../test/multipart.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { sanitiseFileName } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DOWNLOAD_TOKEN_SECONDS: '60' });
});
afterAll(async () => {
  await t?.close();
});

async function uploadToken(email: string, purpose = 'default'): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/files/upload-tokens',
    headers: await t.authHeaders(email),
    payload: { purpose },
  });
  expect(response.statusCode).toBe(200);
  return response.json().data.token;
}

async function upload(email: string, fileName: string, data: Buffer, purpose = 'default', token?: string) {
  const body = multipartFile(fileName, data);
  return t.app.inject({
    method: 'POST',
    url: '/api/files?echo=true',
    headers: {
      ...(await t.authHeaders(email)),
      ...body.headers,
      'x-file-upload-access-token': token ?? (await uploadToken(email, purpose)),
    },
    payload: body.payload,
  });
}

describe('uploads', () => {
  it('stores a PDF checked by content and echoes the record', async () => {
    const response = await upload('citizen@demo.ghiseu.ro', 'plan de situație.pdf', SMALL_PDF);
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({
      name: 'plan de situație.pdf',
      mime_type: 'application/pdf',
      size: SMALL_PDF.length,
      purpose: 'default',
    });
  });

  it('refuses a file whose content is not an allowed type, whatever its name says', async () => {
    const response = await upload('citizen@demo.ghiseu.ro', 'cerere.pdf', Buffer.from('#!/bin/sh\necho nu sunt un pdf\n'));
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('VALIDATION.UPLOADED_FILE_TYPE');
  });

  it('refuses a PNG where only PDF is allowed', async () => {
    const response = await upload('citizen@demo.ghiseu.ro', 'poza.pdf', PNG_1x1, 'pdfOnly');
    expect(response.json()).toMatchObject({ message: 'VALIDATION.UPLOADED_FILE_TYPE', data: { detected: 'image/png' } });
  });

  it('refuses a file over the size limit of its purpose', async () => {
    const big = Buffer.concat([PNG_1x1, Buffer.alloc(10 * 1024 * 1024)]);
    const response = await upload('citizen@demo.ghiseu.ro', 'semnatura.png', big, 'signatureImage');
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('VALIDATION.UPLOADED_FILE_SIZE');
  });

  it('refuses a missing, forged or foreign upload token', async () => {
    const forged = await upload('citizen@demo.ghiseu.ro', 'a.pdf', SMALL_PDF, 'default', 'forged.token');
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe('UPLOAD_TOKEN_INVALID');
    const othersToken = await uploadToken('company@demo.ghiseu.ro');
    const foreign = await upload('citizen@demo.ghiseu.ro', 'a.pdf', SMALL_PDF, 'default', othersToken);
    expect(foreign.json().message).toBe('UPLOAD_TOKEN_INVALID');
  });

  it('requires sign-in', async () => {
    const body = multipartFile('a.pdf', SMALL_PDF);
    const response = await t.app.inject({ method: 'POST', url: '/api/files', headers: body.headers, payload: body.payload });
    expect(response.statusCode).toBe(401);
  });

  it('keeps only the base name of a path-like file name', () => {
    expect(sanitiseFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitiseFileName('C:\\Users\\ion\\releveu.pdf')).toBe('releveu.pdf');
    expect(sanitiseFileName('a\u0000b.pdf')).toBe('ab.pdf');
    expect(sanitiseFileName('x'.repeat(300)).length).toBe(255);
  });

  it('drops bidi and other invisible characters and ends the name in the detected type', () => {
    // 'factura' + RIGHT-TO-LEFT OVERRIDE + 'fdp.exe' displays as 'facturaexe.pdf'.
    expect(sanitiseFileName('factura\u202Efdp.exe', 'pdf')).toBe('facturafdp.pdf');
    expect(sanitiseFileName('a\u2066b\u200Bc\u0085.pdf', 'pdf')).toBe('abc.pdf');
    expect(sanitiseFileName('plan', 'pdf')).toBe('plan.pdf');
    expect(sanitiseFileName('Plan v1.2 final', 'pdf')).toBe('Plan v1.2 final.pdf');
    expect(sanitiseFileName('poza.JPEG', 'jpg')).toBe('poza.JPEG');
    expect(sanitiseFileName('poza.png', 'jpg')).toBe('poza.jpg');
    expect(sanitiseFileName(`${'x'.repeat(300)}.exe`, 'pdf')).toMatch(/^x{251}\.pdf$/);
  });

  it('stores an upload under the name of its detected type', async () => {
    const response = await upload('citizen@demo.ghiseu.ro', 'releveu\u202Etxt.exe', SMALL_PDF);
    expect(response.statusCode).toBe(201);
    expect(response.json().data.name).toBe('releveutxt.pdf');
  });
});

describe('downloads', () => {
  it('serves the bytes with a short-lived token to the owner only', async () => {
    const uploaded = (await upload('company@demo.ghiseu.ro', 'memoriu tehnic.pdf', SMALL_PDF)).json().data;
    const denied = await t.app.inject({
      method: 'POST',
      url: `/api/files/${uploaded.id}/download-tokens`,
      headers: await t.authHeaders('citizen@demo.ghiseu.ro'),
    });
    // Not yours answers exactly like missing.
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/files/999999/download-tokens',
      headers: await t.authHeaders('citizen@demo.ghiseu.ro'),
    });
    expect(denied.statusCode).toBe(404);
    expect(denied.body).toBe(missing.body);
    expect(denied.json()).toEqual({ message: 'FILE_NOT_EXISTS' });

    const issued = await t.app.inject({
      method: 'POST',
      url: `/api/files/${uploaded.id}/download-tokens`,
      headers: await t.authHeaders('company@demo.ghiseu.ro'),
    });
    const { url, token } = issued.json().data;
    const download = await t.app.inject({ method: 'GET', url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''memoriu%20tehnic.pdf");
    expect(download.rawPayload.equals(SMALL_PDF)).toBe(true);

    // The same token in the header works too; it does not open another file.
    const viaHeader = await t.app.inject({
      method: 'GET',
      url: `/api/files/${uploaded.id}`,
      headers: { 'x-file-download-access-token': token },
    });
    expect(viaHeader.statusCode).toBe(200);
    const otherFile = await t.app.inject({
      method: 'GET',
      url: `/api/files/${uploaded.id + 1}?token=${encodeURIComponent(token)}`,
    });
    expect(otherFile.statusCode).toBe(403);
  });

  it('refuses an expired download token', async () => {
    const uploaded = (await upload('company@demo.ghiseu.ro', 'vechi.pdf', SMALL_PDF)).json().data;
    const expired = t.ctx.signer.sign({ kind: 'download', fileId: uploaded.id }, 60, Date.now() - 120_000);
    const response = await t.app.inject({ method: 'GET', url: `/api/files/${uploaded.id}?token=${encodeURIComponent(expired)}` });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'DOWNLOAD_TOKEN_INVALID' });
  });

  it('answers FILE_NOT_EXISTS for an unknown file', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/files/999999/download-tokens',
      headers: await t.authHeaders('company@demo.ghiseu.ro'),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('FILE_NOT_EXISTS');
  });
});
