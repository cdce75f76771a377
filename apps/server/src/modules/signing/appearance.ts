import type { Content } from 'pdfmake/interfaces';
import { renderPdf } from '../../platform/pdf.js';
import type { SignOptions } from './types.js';

const BUCHAREST = new Intl.DateTimeFormat('ro-RO', {
  timeZone: 'Europe/Bucharest',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * The appearance of a visible signature as a one-page PDF of the box's size (pdfmake, Roboto:
 * diacritics render): the optional image on the left, then the signer's name, the caption and
 * the date. pdf-increment.ts turns the page into the widget's form XObject.
 */
export async function renderAppearance(
  visible: NonNullable<SignOptions['visible']>,
  signerName: string,
  signingTime: Date,
): Promise<Buffer> {
  const { width, height } = visible.box;
  const padding = Math.min(4, height / 10);
  const fontSize = Math.max(5, Math.min(9, (height - 2 * padding) / 5));
  const text: Content = {
    stack: [
      { text: 'Semnat electronic de', fontSize: fontSize * 0.8, color: '#555555' },
      { text: signerName, bold: true, fontSize },
      ...(visible.caption ? [{ text: visible.caption, fontSize: fontSize * 0.9 }] : []),
      { text: `Data: ${BUCHAREST.format(signingTime)}`, fontSize: fontSize * 0.8, color: '#555555' },
    ],
  };
  const imageSize = Math.min(height - 2 * padding, width / 3);
  const content: Content[] = visible.image
    ? [
        {
          columns: [
            {
              image: `data:${visible.image.mimeType};base64,${visible.image.data.toString('base64')}`,
              fit: [imageSize, imageSize] as [number, number],
              width: imageSize,
            },
            { stack: [text], width: '*' },
          ],
          columnGap: padding,
        },
      ]
    : [text];
  return renderPdf({
    pageSize: { width, height },
    pageMargins: [padding, padding, padding, padding],
    content,
    info: { title: 'Semnătură' },
  });
}
