import { describe, expect, it } from 'vitest';
import { ZComplaintCreateRequest, ZComplaintResolveRequest } from '../contracts/complaints.js';
import {
  complaintActionAllowed,
  complaintPlaceholderValues,
  complaintPlaceholdersIn,
  complaintStatusAfter,
  fillComplaintPlaceholders,
  isComplaintClosed,
  open311Status,
  unknownComplaintPlaceholdersIn,
} from './index.js';

describe('complaint lifecycle', () => {
  it('assigning takes a new or pending complaint in work', () => {
    expect(complaintStatusAfter('NEW', 'assign')).toBe('PENDING');
    expect(complaintStatusAfter('PENDING', 'assign')).toBe('PENDING');
  });

  it('resolve, reject and dismiss close an open complaint', () => {
    for (const from of ['NEW', 'PENDING'] as const) {
      expect(complaintStatusAfter(from, 'resolve')).toBe('RESOLVED');
      expect(complaintStatusAfter(from, 'reject')).toBe('REJECTED');
      expect(complaintStatusAfter(from, 'dismiss')).toBe('DISMISSED');
      expect(complaintStatusAfter(from, 'comment')).toBe(from);
    }
  });

  it('a closed complaint accepts nothing', () => {
    for (const closed of ['RESOLVED', 'REJECTED', 'DISMISSED'] as const) {
      expect(isComplaintClosed(closed)).toBe(true);
      expect(open311Status(closed)).toBe('closed');
      for (const action of ['assign', 'resolve', 'reject', 'dismiss', 'comment'] as const) {
        expect(complaintActionAllowed(closed, action)).toBe(false);
        expect(complaintStatusAfter(closed, action)).toBeNull();
      }
    }
    expect(open311Status('NEW')).toBe('open');
  });
});

describe('response placeholders', () => {
  const complaint = {
    entry_code: 'SES/7/2026',
    reporter: { name: 'Ana <Pop>' },
    address: 'Str. Gării 3',
    locality: { name: 'Târgu Mureș' },
    uat: { name: 'Municipiul Târgu Mureș' },
    complaint_type: { name: 'Drumuri' },
    created_at: '2026-03-01T23:30:00Z',
    organisation: { name: 'Primăria Târgu Mureș' },
  };

  it('fills known placeholders with escaped values and keeps unknown ones', () => {
    const values = complaintPlaceholderValues(complaint);
    expect(values.filed_date).toBe('02.03.2026');
    expect(values.address).toBe('Str. Gării 3, Târgu Mureș');
    const text = '<p>Sesizarea {{ entry_code }} a lui {{reporter_name}} ({{ other }})</p>';
    expect(fillComplaintPlaceholders(text, values)).toBe('<p>Sesizarea SES/7/2026 a lui Ana &lt;Pop&gt; ({{ other }})</p>');
    expect(complaintPlaceholdersIn(text)).toEqual(['entry_code', 'reporter_name']);
    expect(unknownComplaintPlaceholdersIn(text)).toEqual(['other']);
  });
});

describe('complaint contracts', () => {
  const valid = {
    complaint_type_id: 1,
    uat_id: 2,
    address: 'Str. Gării 3',
    description: 'Groapă în asfalt',
    contact_name: 'Ana Pop',
  };

  it('defaults the optional fields', () => {
    const parsed = ZComplaintCreateRequest.parse(valid);
    expect(parsed).toMatchObject({ locality_id: null, location: null, address_details: null, photo_file_ids: [] });
  });

  it('refuses the same file twice and answers in Romanian', () => {
    const result = ZComplaintCreateRequest.safeParse({ ...valid, photo_file_ids: [4], document_file_ids: [4] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe('Același fișier este atașat de mai multe ori.');
    const missing = ZComplaintCreateRequest.safeParse({ ...valid, address: '  ' });
    expect(missing.error?.issues[0].message).toBe('Acest câmp este obligatoriu');
  });

  it('requires a response to resolve', () => {
    const result = ZComplaintResolveRequest.safeParse({ response: ' ' });
    expect(result.error?.issues[0].message).toBe('Scrieți răspunsul pentru cetățean.');
  });
});
