import { describe, expect, it } from 'vitest';
import {
  DEFAULT_UPLOAD_RULES,
  dedupeName,
  isAllowedType,
  MULTIPLE_FILES_ERROR,
  resolveFileType,
  validateFiles,
} from './upload-rules';

const MB = 1024 * 1024;
const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('file types', () => {
  it('uses the MIME type when the browser gives one', () => {
    expect(isAllowedType(file('plan.pdf', 'application/pdf'), ['application/pdf'])).toBe(true);
    // A known, different type is refused even if the name says .pdf.
    expect(isAllowedType(file('plan.pdf', 'text/html'), ['application/pdf'])).toBe(false);
    expect(isAllowedType(file('poza.gif', 'image/gif'), DEFAULT_UPLOAD_RULES.types)).toBe(false);
  });

  it('normalises aliases such as Windows zip and image/jpg', () => {
    expect(resolveFileType(file('a.zip', 'application/x-zip-compressed'))).toBe('application/zip');
    expect(isAllowedType(file('a.jpg', 'image/jpg'), DEFAULT_UPLOAD_RULES.types)).toBe(true);
  });

  it('falls back to the extension when the MIME type is missing or generic', () => {
    expect(isAllowedType(file('arhiva.ZIP', ''), DEFAULT_UPLOAD_RULES.types)).toBe(true);
    expect(isAllowedType(file('scan.jpeg', 'application/octet-stream'), DEFAULT_UPLOAD_RULES.types)).toBe(true);
    expect(isAllowedType(file('script.exe', ''), DEFAULT_UPLOAD_RULES.types)).toBe(false);
    expect(isAllowedType(file('fara-extensie', ''), DEFAULT_UPLOAD_RULES.types)).toBe(false);
  });
});

describe('dedupeName', () => {
  it('adds a number in brackets to duplicate names', () => {
    expect(dedupeName('plan.pdf', [])).toBe('plan.pdf');
    expect(dedupeName('plan.pdf', ['plan.pdf'])).toBe('plan (1).pdf');
    expect(dedupeName('plan.pdf', ['plan.pdf', 'plan (1).pdf'])).toBe('plan (2).pdf');
    expect(dedupeName('Plan.PDF', ['plan.pdf'])).toBe('Plan (1).PDF');
    expect(dedupeName('plan (1).pdf', ['plan (1).pdf'])).toBe('plan (2).pdf');
    expect(dedupeName('README', ['README'])).toBe('README (1)');
  });
});

describe('validateFiles', () => {
  it('defaults to 25 files of 50 MB', () => {
    expect(DEFAULT_UPLOAD_RULES.maxFiles).toBe(25);
    expect(DEFAULT_UPLOAD_RULES.maxBytes).toBe(50 * MB);
  });

  it('refuses a batch that would exceed the count, naming the maximum and what remains', () => {
    const result = validateFiles(
      [file('a.pdf', 'application/pdf'), file('b.pdf', 'application/pdf'), file('c.pdf', 'application/pdf')],
      {
        existingCount: 23,
      },
    );
    expect(result.accepted).toEqual([]);
    expect(result.rejected.every((item) => item.code === 'VALIDATION.MAX_UPLOADED_FILES')).toBe(true);
    expect(result.batchMessage).toBe('Puteți încărca cel mult 25 fișiere (mai puteți adăuga 2).');
  });

  it('accepts exactly up to the maximum', () => {
    const result = validateFiles([file('a.pdf', 'application/pdf'), file('b.pdf', 'application/pdf')], { existingCount: 23 });
    expect(result.accepted).toHaveLength(2);
    expect(result.batchMessage).toBeUndefined();
  });

  it('refuses files above the size limit with the limit in 1024 steps', () => {
    const result = validateFiles([file('mare.pdf', 'application/pdf', 50 * MB + 1)]);
    expect(result.rejected).toEqual([
      {
        name: 'mare.pdf',
        code: 'VALIDATION.UPLOADED_FILE_SIZE',
        message: 'mare.pdf (50 MB): Fișierul depășește dimensiunea maximă permisă. Maximum 50 MB.',
      },
    ]);
    expect(validateFiles([file('exact.pdf', 'application/pdf', 50 * MB)]).accepted).toHaveLength(1);
    const custom = validateFiles([file('semnatura.png', 'image/png', 1536 * 1024)], {
      rules: { maxFiles: 1, maxBytes: MB, types: ['image/png'] },
    });
    expect(custom.rejected[0].message).toContain('(1,5 MB)');
    expect(custom.rejected[0].message).toContain('Maximum 1 MB.');
  });

  it('refuses files of other types', () => {
    const result = validateFiles([file('a.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')]);
    expect(result.rejected[0].code).toBe('VALIDATION.UPLOADED_FILE_TYPE');
    expect(result.rejected[0].message).toBe('a.docx: Tipul fișierului nu este permis. Tipuri permise: JPG, JPEG, PNG, PDF, ZIP.');
    // A single failing file needs no general message.
    expect(result.batchMessage).toBeUndefined();
  });

  it('adds the general message when several files are given and some fail', () => {
    const result = validateFiles([
      file('a.pdf', 'application/pdf'),
      file('b.exe', 'application/x-msdownload'),
      file('c.gif', 'image/gif'),
    ]);
    expect(result.accepted.map((item) => item.name)).toEqual(['a.pdf']);
    expect(result.rejected).toHaveLength(2);
    expect(result.batchMessage).toBe(MULTIPLE_FILES_ERROR);
  });

  it('numbers duplicates against the field and within the batch', () => {
    const result = validateFiles([file('plan.pdf', 'application/pdf'), file('plan.pdf', 'application/pdf')], {
      existingCount: 1,
      existingNames: ['plan.pdf'],
    });
    expect(result.accepted.map((item) => item.name)).toEqual(['plan (1).pdf', 'plan (2).pdf']);
  });
});
