import { describe, expect, it } from 'vitest';
import { fillResponseTemplate, isBlankHtml, placeholderValues } from './response-placeholders';

const complaint = {
  entry_code: 'SES/12/2026',
  reporter: { name: 'Ana <Pop>' },
  address: 'Str. Trandafirilor nr. 3',
  complaint_type: { name: 'Iluminat public' },
  created_at: '2026-03-02T10:00:00Z',
  organisation: { name: 'Primăria Târgu Mureș' },
};

describe('response templates', () => {
  it('fills every placeholder with the complaint’s escaped values', () => {
    const html = fillResponseTemplate(
      '<p>Stimată {{reporter_name}}, sesizarea {{ entry_code }} din {{filed_date}} ({{complaint_type}}, {{address}}) a fost soluționată de {{organisation}}.</p>',
      placeholderValues(complaint),
    );
    expect(html).toBe(
      '<p>Stimată Ana &lt;Pop&gt;, sesizarea SES/12/2026 din 02.03.2026 (Iluminat public, Str. Trandafirilor nr. 3) a fost soluționată de Primăria Târgu Mureș.</p>',
    );
  });

  it('keeps unknown placeholders visible', () => {
    expect(fillResponseTemplate('{{unknown}} {{entry_code}}', placeholderValues(complaint))).toBe('{{unknown}} SES/12/2026');
  });

  it('treats an empty editor as blank', () => {
    expect(isBlankHtml('<p></p>')).toBe(true);
    expect(isBlankHtml('<p>&nbsp; </p>')).toBe(true);
    expect(isBlankHtml('<p>Da</p>')).toBe(false);
  });
});
