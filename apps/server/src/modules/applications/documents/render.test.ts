import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ProseMirrorNode } from '@ghiseu/domain';
import { describe, expect, it } from 'vitest';
import {
  bodyContent,
  type DocumentRenderData,
  MARGINS,
  PAGE,
  renderOutputDocument,
  SIGNATURE,
  signatureBoxes,
} from '../../../platform/document-pdf.js';
import { formatAnswer } from './values.js';

const text = (value: string, marks: string[] = []) => ({ type: 'text', text: value, marks: marks.map((type) => ({ type })) });
const para = (...content: ProseMirrorNode[]): ProseMirrorNode => ({ type: 'paragraph', content });

describe('ProseMirror → pdfmake', () => {
  it('turns marks, placeholders and breaks into runs; a missing value prints nothing', () => {
    const [node] = bodyContent(
      {
        type: 'doc',
        content: [
          para(
            text('Bold', ['bold']),
            text('Both', ['underline', 'strike', 'italic']),
            { type: 'hardBreak' },
            { type: 'placeholder', attrs: { key: 'applicant.name' } },
            { type: 'placeholder', attrs: { key: 'nothing.here' } },
          ),
        ],
      },
      { 'applicant.name': '<b>Ion</b> & {x}' },
    );
    expect(node).toMatchObject({
      text: [
        { text: 'Bold', bold: true },
        { text: 'Both', italics: true, decoration: ['underline', 'lineThrough'] },
        '\n',
        '<b>Ion</b> & {x}',
      ],
    });
  });

  it('converts headings, lists, quotes, rules and tables with spans', () => {
    const out = bodyContent(
      {
        type: 'doc',
        content: [
          { type: 'heading', attrs: { level: 2, textAlign: 'center' }, content: [text('Titlu')] },
          { type: 'bulletList', content: [{ type: 'listItem', content: [para(text('a'))] }] },
          { type: 'orderedList', attrs: { start: 3 }, content: [{ type: 'listItem', content: [para(text('b'))] }] },
          { type: 'blockquote', content: [para(text('citat'))] },
          { type: 'horizontalRule' },
          {
            type: 'table',
            content: [
              {
                type: 'tableRow',
                content: [
                  { type: 'tableHeader', attrs: { colspan: 2 }, content: [para(text('H'))] },
                  { type: 'tableCell', attrs: { rowspan: 2 }, content: [para(text('R'))] },
                ],
              },
              {
                type: 'tableRow',
                content: [
                  { type: 'tableCell', content: [para(text('x'))] },
                  { type: 'tableCell', content: [para(text('y'))] },
                ],
              },
            ],
          },
          { type: 'mystery' },
        ],
      },
      {},
    );
    expect(out).toHaveLength(6);
    expect(out[0]).toMatchObject({ bold: true, fontSize: 13.5, alignment: 'center' });
    expect(out[1]).toHaveProperty('ul');
    expect(out[2]).toMatchObject({ start: 3 });
    expect(out[3]).toMatchObject({ italics: true });
    expect(out[4]).toHaveProperty('canvas');
    const table = (out[5] as { table: { body: unknown[][]; widths: unknown[] } }).table;
    expect(table.widths).toHaveLength(3);
    expect(table.body[0][0]).toMatchObject({ colSpan: 2, bold: true });
    expect(table.body[0][1]).toEqual({});
    expect(table.body[0][2]).toMatchObject({ rowSpan: 2 });
    expect(table.body[1][2]).toEqual({});
    expect(table.body[1][0]).toHaveProperty('stack');
  });

  it('formats form answers', () => {
    expect(formatAnswer('2026-03-05')).toBe('05.03.2026');
    expect(formatAnswer(true)).toBe('Da');
    expect(formatAnswer(['a', 'b'])).toBe('a, b');
    expect(formatAnswer(120.5)).toBe('120,5');
    expect(formatAnswer({ street: 'Str. Morii', number: '5' })).toBe('Str. Morii, 5');
    expect(formatAnswer(null)).toBe('');
  });
});

describe('the signatures block', () => {
  it('puts each row of boxes above the footer, the first row highest', () => {
    const boxes = signatureBoxes(
      [
        [{ index: 3, label: 'Președinte', signer: 'president' }],
        [
          { index: 1, label: 'Întocmit', signer: 'assignee' },
          { index: 2, label: 'Verificat', signer: 'reviewer' },
        ],
      ],
      1,
    );
    const [president, first, second] = [boxes.get(3), boxes.get(1), boxes.get(2)];
    expect(president).toMatchObject({ page: 1, x: MARGINS.left + SIGNATURE.padding, height: SIGNATURE.boxHeight });
    expect(first?.y).toBe(MARGINS.bottom + SIGNATURE.rowHeight - SIGNATURE.boxHeight);
    expect(president?.y).toBe((first?.y ?? 0) + SIGNATURE.rowHeight);
    expect(second?.x).toBeGreaterThan((first?.x ?? 0) + (first?.width ?? 0));
    expect((second?.x ?? 0) + (second?.width ?? 0)).toBeCloseTo(PAGE.width - MARGINS.right - SIGNATURE.padding, 1);
  });

  it('renders a 2-page document fast, with the diacritics, and moves the block to the last page', async () => {
    const long = Array.from({ length: 45 }, (_, i) =>
      para(text(`Articolul ${i + 1}: ă â î ș ț Ă Â Î Ș Ț — conform Legii nr. 50/1991.`)),
    );
    const data: DocumentRenderData = {
      title: 'Certificat de urbanism',
      councilName: 'Județul Mureș',
      organisationName: 'Primăria Târgu Mureș',
      address: 'Târgu Mureș, județul Mureș',
      logo: null,
      entryNumber: 'TGM/12/2026',
      entryDate: new Date('2026-03-02T10:00:00Z'),
      outputNumber: 'IES/7/2026',
      outputDate: new Date('2026-03-20T10:00:00Z'),
      visaCodes: [{ label: 'Viza 1', code: 'V1/3/2026' }],
      content: { type: 'doc', content: long },
      values: {},
      rows: [
        [{ index: 2, label: 'Președinte', signer: 'president', signerName: 'Péter Ferenc' }],
        [{ index: 1, label: 'Întocmit', signer: 'assignee', signerName: 'Maria Ionescu' }],
      ],
      verificationUrl: 'https://ghiseu.example/verificare/abc',
      author: 'Primăria Târgu Mureș',
    };
    await renderOutputDocument(data); // warm-up (fonts)
    const started = performance.now();
    const { pdf, pageCount, boxes } = await renderOutputDocument(data);
    const elapsed = performance.now() - started;
    expect(pageCount).toBe(2);
    expect(boxes.get(2)?.page).toBe(1);
    expect(elapsed).toBeLessThan(1500);
    const dir = mkdtempSync(path.join(tmpdir(), 'render-'));
    writeFileSync(path.join(dir, 'd.pdf'), pdf);
    const lastPage = execFileSync('pdftotext', ['-f', '2', '-l', '2', '-layout', path.join(dir, 'd.pdf'), '-'], {
      encoding: 'utf8',
    });
    expect(lastPage).toContain('Președinte');
    expect(lastPage).toContain('Pagina 2 din 2');
    const all = execFileSync('pdftotext', [path.join(dir, 'd.pdf'), '-'], { encoding: 'utf8' });
    expect(all).toContain('ă â î ș ț Ă Â Î Ș Ț');
    expect(all).toContain('Nr. IES/7/2026 din 20.03.2026');
    const info = execFileSync('pdfinfo', [path.join(dir, 'd.pdf')], { encoding: 'utf8' });
    expect(info).toMatch(/Title:\s+Certificat de urbanism/);
    const fonts = execFileSync('pdffonts', [path.join(dir, 'd.pdf')], { encoding: 'utf8' });
    expect(fonts).toContain('Roboto');
    expect(fonts).not.toMatch(/\bno\s+no\b/); // every font embedded
    // No raster image (the QR is vectors): nothing transparent.
    const images = execFileSync('pdfimages', ['-list', path.join(dir, 'd.pdf')], { encoding: 'utf8' });
    expect(images).not.toContain('smask');
    console.info(`render: 2 pages in ${elapsed.toFixed(0)} ms`);
  });
});
