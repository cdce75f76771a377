import { describe, expect, it } from 'vitest';
import {
  ZDocumentTemplateCreateRequest,
  ZTemplateContent,
  signingLayoutFromInput,
  signingLayoutToOutput,
} from '../contracts/documents.js';
import type { SigningCell } from './lifecycle.js';
import {
  DOCUMENT_SYSTEM_TYPE_LABELS,
  DOCUMENT_SYSTEM_TYPES,
  documentHasText,
  isKnownPlaceholder,
  PLACEHOLDER_GROUP_LABELS,
  PLACEHOLDERS,
  placeholderGroupOf,
  placeholderGroupsFor,
  placeholderKeysOf,
  signingLayoutProblems,
} from './placeholders.js';

const cell = (index: number, signer: SigningCell['signer'], extra: Partial<SigningCell> = {}): SigningCell => ({
  index,
  label: `Semnătura ${index}`,
  signer,
  ...extra,
});

describe('signingLayoutProblems', () => {
  it('accepts the usual layout: the president alone on the first row, signing last', () => {
    expect(signingLayoutProblems({ rows: [[cell(3, 'president')], [cell(1, 'assignee'), cell(2, 'reviewer')]] })).toEqual([]);
    expect(signingLayoutProblems({ rows: [[cell(1, 'assignee')]] })).toEqual([]);
  });

  it('wants 1 to 7 rows and at least one cell', () => {
    expect(signingLayoutProblems({ rows: [] })[0]).toContain('cel puțin un rând');
    expect(signingLayoutProblems({ rows: [[]] })[0]).toContain('cel puțin o semnătură');
    const eight = Array.from({ length: 8 }, (_, i) => [cell(i + 1, 'assignee')]);
    expect(signingLayoutProblems({ rows: eight }).join(' ')).toContain('cel mult 7 rânduri');
    expect(signingLayoutProblems({ rows: [[cell(1, 'assignee')], []] }).join(' ')).toContain('Rândul 2');
  });

  it('wants at most one president, on the first row, with the highest staff index', () => {
    expect(signingLayoutProblems({ rows: [[cell(1, 'assignee')], [cell(2, 'president')]] }).join(' ')).toContain('primul rând');
    expect(signingLayoutProblems({ rows: [[cell(1, 'president')], [cell(2, 'assignee')]] }).join(' ')).toContain('ultimul');
    expect(
      signingLayoutProblems({ rows: [[cell(2, 'president'), cell(3, 'president')], [cell(1, 'assignee')]] }).join(' '),
    ).toContain('o singură semnătură a președintelui');
  });

  it('puts the applicant after every staff cell, on any row, and wants unique indexes', () => {
    expect(signingLayoutProblems({ rows: [[cell(2, 'president')], [cell(1, 'assignee'), cell(3, 'applicant')]] })).toEqual([]);
    expect(signingLayoutProblems({ rows: [[cell(2, 'president')], [cell(1, 'applicant')]] }).join(' ')).toContain('Solicitantul');
    expect(
      signingLayoutProblems({ rows: [[cell(2, 'president')], [cell(1, 'assignee'), cell(1, 'reviewer')]] }).join(' '),
    ).toContain('Ordinea 1');
  });

  it('wants a function on a function cell and at most 4 cells a row', () => {
    expect(signingLayoutProblems({ rows: [[cell(1, 'function')]] }).join(' ')).toContain('funcție');
    expect(signingLayoutProblems({ rows: [[cell(1, 'function', { functionKey: 'chief_architect' })]] })).toEqual([]);
    const five = [Array.from({ length: 5 }, (_, i) => cell(i + 1, 'assignee'))];
    expect(signingLayoutProblems({ rows: five }).join(' ')).toContain('cel mult 4');
  });
});

describe('placeholders', () => {
  it('has unique keys with a Romanian label and an example', () => {
    expect(new Set(PLACEHOLDERS.map((p) => p.key)).size).toBe(PLACEHOLDERS.length);
    for (const p of PLACEHOLDERS) expect(p.label.length).toBeGreaterThan(2);
    for (const type of DOCUMENT_SYSTEM_TYPES) expect(DOCUMENT_SYSTEM_TYPE_LABELS[type]).toBeTruthy();
  });

  it('knows the catalogue and the form fields, with or without the type’s keys', () => {
    expect(isKnownPlaceholder('applicant.name')).toBe(true);
    expect(isKnownPlaceholder('applicant.shoe_size')).toBe(false);
    expect(isKnownPlaceholder('form.suprafata')).toBe(true);
    expect(isKnownPlaceholder('form_staff.observatii')).toBe(true);
    expect(isKnownPlaceholder('form.')).toBe(false);
    expect(isKnownPlaceholder('form.a b')).toBe(false);
    const keys = { form: ['suprafata'], form_staff: [] };
    expect(isKnownPlaceholder('form.suprafata', keys)).toBe(true);
    expect(isKnownPlaceholder('form.altceva', keys)).toBe(false);
    expect(isKnownPlaceholder('form_staff.observatii', keys)).toBe(false);
  });

  it('gives a control’s closing report (raport_control) the organisation and control groups only', () => {
    expect(DOCUMENT_SYSTEM_TYPE_LABELS.raport_control).toBe('Raport de închidere a controlului');
    expect(PLACEHOLDER_GROUP_LABELS.control).toBe('Controlul');
    expect(placeholderGroupsFor('raport_control')).toEqual(['organisation', 'control']);
    for (const type of [null, undefined, 'certificat_urbanism', 'aviz'] as const) {
      expect(placeholderGroupsFor(type)).not.toContain('control');
      expect(placeholderGroupsFor(type)).toContain('application');
      expect(placeholderGroupsFor(type)).toContain('form');
    }
    expect(placeholderGroupOf('control.offenders')).toBe('control');
    expect(placeholderGroupOf('nimic.x')).toBeUndefined();
    // A control report: organisation and control keys, nothing else.
    expect(isKnownPlaceholder('control.entry_code', undefined, 'raport_control')).toBe(true);
    expect(isKnownPlaceholder('organisation.name', undefined, 'raport_control')).toBe(true);
    expect(isKnownPlaceholder('control.unknown', undefined, 'raport_control')).toBe(false);
    expect(isKnownPlaceholder('applicant.name', undefined, 'raport_control')).toBe(false);
    expect(isKnownPlaceholder('form.suprafata', undefined, 'raport_control')).toBe(false);
    // The other types (and none) do not take the control keys.
    expect(isKnownPlaceholder('control.entry_code')).toBe(false);
    expect(isKnownPlaceholder('control.entry_code', undefined, 'aviz')).toBe(false);
    expect(isKnownPlaceholder('applicant.name', undefined, 'aviz')).toBe(true);
    const controlKeys = PLACEHOLDERS.filter((p) => p.group === 'control').map((p) => p.key);
    expect(controlKeys).toEqual(
      expect.arrayContaining([
        'control.entry_code',
        'control.date',
        'control.type_name',
        'control.uat',
        'control.locality',
        'control.address',
        'control.cadastral_number',
        'control.complaint_code',
        'control.staff',
        'control.offenders',
        'control.witnesses',
        'control.building_bodies',
        'control.documents',
        'control.report_date',
      ]),
    );
  });

  it('finds the keys used and whether the document has text', () => {
    const doc = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'placeholder', attrs: { key: 'applicant.name' } }] },
        {
          type: 'bulletList',
          content: [
            {
              type: 'listItem',
              content: [
                {
                  type: 'paragraph',
                  content: [
                    { type: 'placeholder', attrs: { key: 'form.x' } },
                    { type: 'placeholder', attrs: { key: 'applicant.name' } },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    expect(placeholderKeysOf(doc)).toEqual(['applicant.name', 'form.x']);
    expect(documentHasText(doc)).toBe(true);
    expect(documentHasText({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: '   ' }] }] })).toBe(
      false,
    );
    expect(documentHasText({ type: 'doc', content: [] })).toBe(false);
  });
});

describe('the template contract', () => {
  const valid = {
    type: 'doc',
    content: [
      {
        type: 'heading',
        attrs: { level: 2, textAlign: 'center' },
        content: [{ type: 'text', text: 'Titlu', marks: [{ type: 'bold' }] }],
      },
      {
        type: 'paragraph',
        content: [{ type: 'text', text: 'a' }, { type: 'hardBreak' }, { type: 'placeholder', attrs: { key: 'applicant.name' } }],
      },
      { type: 'horizontalRule' },
      { type: 'orderedList', attrs: { start: 3 }, content: [{ type: 'listItem', content: [{ type: 'paragraph' }] }] },
      {
        type: 'table',
        content: [
          {
            type: 'tableRow',
            content: [{ type: 'tableCell', attrs: { colspan: 1, rowspan: 1, colwidth: null }, content: [{ type: 'paragraph' }] }],
          },
        ],
      },
      { type: 'blockquote', content: [{ type: 'paragraph' }] },
    ],
  };

  it('accepts the StarterKit nodes, tables and placeholders; drops unknown attributes', () => {
    const parsed = ZTemplateContent.parse({
      ...valid,
      content: [{ type: 'paragraph', attrs: { textAlign: 'left', id: 'x' } }, ...valid.content],
    });
    expect(parsed.content[0]).toEqual({ type: 'paragraph', attrs: { textAlign: 'left' } });
  });

  it('refuses unknown nodes and marks, a heading of level 4, deep or huge documents', () => {
    expect(ZTemplateContent.safeParse({ type: 'doc', content: [{ type: 'image' }] }).success).toBe(false);
    expect(
      ZTemplateContent.safeParse({
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'a', marks: [{ type: 'link' }] }] }],
      }).success,
    ).toBe(false);
    expect(ZTemplateContent.safeParse({ type: 'doc', content: [{ type: 'heading', attrs: { level: 4 } }] }).success).toBe(false);
    expect(ZTemplateContent.safeParse({ type: 'paragraph' }).success).toBe(false);
    let deep: unknown = { type: 'text', text: 'x' };
    for (let i = 0; i < 10_000; i++) deep = { type: 'blockquote', content: [deep] };
    expect(ZTemplateContent.safeParse({ type: 'doc', content: [deep] }).error?.issues[0].message).toContain('niveluri');
    const huge = {
      type: 'doc',
      content: Array.from({ length: 400 }, () => ({ type: 'paragraph', content: [{ type: 'text', text: 'x'.repeat(1000) }] })),
    };
    expect(ZTemplateContent.safeParse(huge).error?.issues[0].message).toContain('prea mare');
  });

  it('maps the layout between the API and the stored shape', () => {
    const input = ZDocumentTemplateCreateRequest.parse({
      name: 'Certificat',
      content: valid,
      signing_layout: {
        rows: [[{ index: 1, label: 'Arhitect-șef', signer: 'function', function_key: 'chief_architect', visa: 'visa1' }]],
      },
    }).signing_layout;
    const stored = signingLayoutFromInput(input);
    expect(stored.rows[0][0]).toEqual({
      index: 1,
      label: 'Arhitect-șef',
      signer: 'function',
      functionId: null,
      functionKey: 'chief_architect',
      visa: 'visa1',
    });
    expect(signingLayoutToOutput(stored)).toEqual({
      rows: [
        [
          {
            index: 1,
            label: 'Arhitect-șef',
            signer: 'function',
            function_id: null,
            function_key: 'chief_architect',
            visa: 'visa1',
          },
        ],
      ],
    });
  });
});
