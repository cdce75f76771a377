import { describe, expect, it } from 'vitest';
import { csvField, lineOf, lineRange, USEFUL_LINKS_HEADER, usefulLinksToCsv } from './useful-links';

describe('useful links as CSV', () => {
  it('quotes the fields that need it (RFC 4180)', () => {
    expect(csvField('Ghidul solicitantului')).toBe('Ghidul solicitantului');
    expect(csvField('Legea 50/1991, republicată')).toBe('"Legea 50/1991, republicată"');
    expect(csvField('Formularul „F1” sau "F2"')).toBe('"Formularul „F1” sau ""F2"""');
  });

  it('writes the stored links back with the header line', () => {
    expect(
      usefulLinksToCsv([
        { name: 'Legea 50/1991, republicată', link: 'https://legislatie.just.ro/Public/DetaliiDocument/1527' },
        { name: 'Ghidul solicitantului', link: 'https://www.cjmures.ro' },
      ]),
    ).toBe(
      `${USEFUL_LINKS_HEADER}\n"Legea 50/1991, republicată",https://legislatie.just.ro/Public/DetaliiDocument/1527\nGhidul solicitantului,https://www.cjmures.ro`,
    );
    expect(usefulLinksToCsv([])).toBe('name,link');
  });

  it('finds the text and the offsets of a 1-based line, as the server counts them', () => {
    const text = 'name,link\r\nA,https://a.ro\nB,http://b.ro';
    expect(lineOf(text, 3)).toBe('B,http://b.ro');
    expect(lineOf(text, 4)).toBeNull();
    expect(lineOf(`\uFEFF${text}`, 1)).toBe('name,link');
    const range = lineRange(text, 3);
    expect(range && text.slice(...range)).toBe('B,http://b.ro');
    expect(lineRange('a\nb', 5)).toBeNull();
  });
});
