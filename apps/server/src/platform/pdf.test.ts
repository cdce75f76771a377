import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { formatRomanianDate, qrCodeDataUrl, renderPdf } from './pdf.js';

/** The shared PDF helper: Romanian glyphs survive (pdftotext), QR images embed, nothing is fetched or read. */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ghiseu-pdf-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Writes the PDF and runs a poppler tool on it. */
function poppler(tool: 'pdftotext' | 'pdfimages', pdf: Buffer, args: string[]): string {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, pdf);
  return execFileSync(`/usr/bin/${tool}`, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8' });
}

describe('renderPdf', () => {
  it('keeps ș ț ă î â Ș Ț intact (comma below, as pdftotext reads them back)', async () => {
    const sentence = 'Județul Mureș, Târgu Mureș: ședința consiliului a aprobat înființarea ghișeului ÎN ȘASE ȚĂRI';
    const pdf = await renderPdf({
      content: [
        { text: 'ș ț ă î â Ș Ț', fontSize: 16 },
        { text: sentence },
        { text: 'Îmbunătățiri', bold: true },
        { text: 'Ștefănești', italics: true },
      ],
    });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = poppler('pdftotext', pdf, ['-enc', 'UTF-8']).normalize('NFC');
    for (const letter of ['ș', 'ț', 'ă', 'î', 'â', 'Ș', 'Ț']) expect(text).toContain(letter);
    expect(text.replace(/\s+/g, '')).toContain('șțăîâȘȚ');
    expect(text).toContain(sentence);
    expect(text).toContain('Îmbunătățiri');
    expect(text).toContain('Ștefănești');
    // Never the cedilla forms.
    expect(text).not.toMatch(/[şţŞŢ]/);
  });

  it('embeds a QR code given as a data URL', async () => {
    const image = await qrCodeDataUrl('https://ghiseu.example.ro/qr/42');
    expect(image).toMatch(/^data:image\/png;base64,/);
    const pdf = await renderPdf({ content: [{ image, width: 120 }] });
    const list = poppler('pdfimages', pdf, ['-list']);
    expect(list).toMatch(/^\s*1\s+0\s+image\s+\d+\s+\d+/m);
  });

  it('refuses remote and local resources instead of fetching or reading them', async () => {
    await expect(renderPdf({ content: [{ image: 'https://example.com/logo.png', width: 10 }] })).rejects.toThrow(/denied/i);
    await expect(renderPdf({ content: [{ image: '/etc/hostname', width: 10 }] })).rejects.toThrow(/denied/i);
  });

  it('forces the Roboto family, whatever the definition asks for', async () => {
    const pdf = await renderPdf({ content: ['Șoseaua Ștefan cel Mare'], defaultStyle: { font: 'Helvetica' } });
    expect(poppler('pdftotext', pdf, ['-enc', 'UTF-8'])).toContain('Șoseaua Ștefan cel Mare');
  });
});

describe('formatRomanianDate', () => {
  it('writes dd.mm.yyyy in Romania’s time zone', () => {
    // 22:30 UTC on 31 December is already 1 January in Bucharest (UTC+2).
    expect(formatRomanianDate(new Date('2025-12-31T22:30:00Z'))).toBe('01.01.2026');
    expect(formatRomanianDate(new Date('2026-07-05T09:07:00Z'), true)).toBe('05.07.2026 12:07');
  });
});
