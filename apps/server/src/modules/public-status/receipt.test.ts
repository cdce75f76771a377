import { describe, expect, it } from 'vitest';
import { type ReceiptData, receiptDocument, sameName } from './receipt.js';

const base: ReceiptData = {
  councilName: 'Consiliul Județean Mureș',
  organisationName: 'Consiliul Județean Mureș',
  identificationNumber: 'CJMS/1/2026',
  applicationDate: new Date('2026-03-02T10:00:00Z'),
  typeName: 'Certificat de urbanism',
  applicantName: 'Ioana Popescu',
  beneficiaries: [],
  realEstates: [],
  attachments: [],
  responseDueInDays: 30,
  responseDueDate: '2026-04-01',
  publicUrl: 'http://localhost/qr/1',
  qrImage: 'data:image/png;base64,',
  generatedAt: new Date('2026-03-02T10:00:00Z'),
};

/** The texts of the header: what comes before the title. */
function headerTexts(data: ReceiptData): string[] {
  const content = receiptDocument(data).content as { text?: unknown }[];
  const titleAt = content.findIndex((part) => part.text === 'Dovadă de înregistrare');
  return content.slice(0, titleAt).map((part) => String(part.text));
}

describe('the receipt header', () => {
  it('names the council once when the application is the council’s own', () => {
    expect(headerTexts(base)).toEqual(['Consiliul Județean Mureș']);
    expect(headerTexts({ ...base, organisationName: 'consiliul judetean  Mures' })).toEqual(['Consiliul Județean Mureș']);
  });

  it('names the council and the city hall that handles the application', () => {
    expect(headerTexts({ ...base, organisationName: 'Primăria Municipiului Sighișoara' })).toEqual([
      'Consiliul Județean Mureș',
      'Primăria Municipiului Sighișoara',
    ]);
  });

  it('compares names without case, accents or extra spaces', () => {
    expect(sameName('Primăria  Târgu Mureș', 'primaria targu mures')).toBe(true);
    expect(sameName('Primăria Târgu Mureș', 'Primăria Sighișoara')).toBe(false);
  });
});
