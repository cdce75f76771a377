import {
  BUILDING_FUNCTION_LABELS,
  CONTROL_CITIZENSHIP_LABELS,
  CONTROL_PERSON_TYPE_LABELS,
  type ControlBuildingBody,
  type ControlPerson,
  type ControlStaff,
  controlPlaceholderValues,
  IMPORTANCE_CATEGORY_LABELS,
  type ProseMirrorNode,
  type SigningLayout,
} from '@ghiseu/domain';
import type { Content, TableCell } from 'pdfmake/interfaces';
import { type DocumentRenderData, renderOutputDocument } from '../../platform/document-pdf.js';
import { formatRomanianDate, type PdfDocument, renderPdf } from '../../platform/pdf.js';

/**
 * The closing report of a control (proces-verbal de închidere), the built-in layout: the
 * organisation, entry code, dates, type, place, complaint reference, control staff, offenders,
 * witnesses (with their identification: the report is an official document), the building
 * bodies with every field, and the list of documents. Rendered through platform/pdf.ts. When
 * the organisation has an active document template of system type `raport_control`, the report
 * is that template instead ({@link templateReportData}).
 */

export const REPORT_TITLE = 'Raport de închidere a controlului';

export interface ClosingReportData {
  organisationName: string;
  entryCode: string;
  controlDate: string;
  typeName: string;
  uatName: string;
  localityName: string | null;
  address: string;
  cadastralNumber: string | null;
  complaintEntryCode: string | null;
  staff: ControlStaff[];
  persons: ControlPerson[];
  bodies: ControlBuildingBody[];
  documents: { name: string; description: string | null }[];
  generatedAt: Date;
  generatedBy: string;
}

const MUTED = '#555555';
const ACCENT = '#1c3f7a';
const dash = (value: string | number | null | undefined): string =>
  value === null || value === undefined || value === '' ? '–' : String(value);
const day = (iso: string | null): string => (iso ? iso.split('-').reverse().join('.') : '–');
const decimal = (value: number | null, unit = ''): string =>
  value === null ? '–' : `${value.toLocaleString('ro-RO', { maximumFractionDigits: 2 })}${unit}`;

function facts(rows: [string, string][]): Content {
  return {
    table: {
      widths: [170, '*'],
      body: rows.map(([label, value]) => [{ text: label, color: MUTED }, { text: value }]),
    },
    layout: 'lightHorizontalLines',
    margin: [0, 0, 0, 12],
  };
}

function personName(p: ControlPerson): string {
  const name = [p.last_name, p.first_name].filter(Boolean).join(' ');
  if (p.person_type === 'legal') return [p.company_name, name ? `reprezentată de ${name}` : ''].filter(Boolean).join(', ');
  return name;
}

function personFacts(p: ControlPerson, index: number): Content[] {
  const identity: [string, string][] = [
    ['Tip persoană', CONTROL_PERSON_TYPE_LABELS[p.person_type]],
    ['Cetățenie', CONTROL_CITIZENSHIP_LABELS[p.citizenship]],
  ];
  if (p.person_type === 'legal') identity.push(['CUI', dash(p.unique_registration_code)]);
  if (p.personal_numeric_code) identity.push(['CNP', p.personal_numeric_code]);
  if (p.passport_number) identity.push(['Pașaport', p.passport_number]);
  if (p.id_card_series || p.id_card_number)
    identity.push([
      'Act de identitate',
      `seria ${dash(p.id_card_series)} nr. ${dash(p.id_card_number)}, eliberat de ${dash(p.id_card_issued_by)} la ${day(p.id_card_issued_at)}`,
    ]);
  identity.push(['Adresa', dash(p.address)], ['Contact', [p.phone, p.email].filter(Boolean).join(', ') || '–']);
  return [{ text: `${index + 1}. ${personName(p)}`, bold: true, margin: [0, 4, 0, 2] }, facts(identity)];
}

function bodyFacts(b: ControlBuildingBody): Content[] {
  return [
    { text: `Corpul ${b.name}`, bold: true, margin: [0, 4, 0, 2] },
    facts([
      ['Funcțiune', b.function ? `${b.function} – ${BUILDING_FUNCTION_LABELS[b.function]}` : '–'],
      [
        'Categoria de importanță',
        b.importance_category ? `${b.importance_category} – ${IMPORTANCE_CATEGORY_LABELS[b.importance_category]}` : '–',
      ],
      ['Înălțime la cornișă / coamă', `${decimal(b.height_cornice, ' m')} / ${decimal(b.height_ridge, ' m')}`],
      ['Niveluri subterane / supraterane', `${dash(b.levels_below)} / ${dash(b.levels_above)}`],
      ['Regim de înălțime', dash(b.height_regime)],
      ['Tip construcție', dash(b.construction_type)],
      ['Fundații', dash(b.foundations)],
      ['Acoperiș', dash(b.roof)],
      ['Încălzire', dash(b.heating)],
      ['Finisaje', dash(b.finishes)],
      ['Arie construită (Ac)', decimal(b.built_area, ' m²')],
      ['Arie desfășurată (Ad)', decimal(b.developed_area, ' m²')],
      ['Arie utilă (Au)', decimal(b.useful_area, ' m²')],
      ['Arie locuibilă', decimal(b.living_area, ' m²')],
      [
        'Apartamente (1 / 2 / 3 / 4 / 5+ camere)',
        [b.apartments_1_room, b.apartments_2_rooms, b.apartments_3_rooms, b.apartments_4_rooms, b.apartments_5_plus_rooms]
          .map(dash)
          .join(' / '),
      ],
    ]),
  ];
}

const section = (text: string): Content => ({ text, style: 'section' });
/** A row of the signatures table: the name, and room to sign. */
const signatureRow = (name: string): TableCell[] => [
  { text: name, margin: [0, 10, 0, 10] },
  { text: ' ', margin: [0, 10, 0, 10] },
];
const none = (text: string): Content => ({ text, color: MUTED, margin: [0, 0, 0, 12] });

export function closingReportDocument(data: ClosingReportData): PdfDocument {
  const offenders = data.persons.filter((p) => p.role === 'offender');
  const witnesses = data.persons.filter((p) => p.role === 'witness');
  const staffRows: TableCell[][] = [
    ['Nume', 'Funcția', 'Organul de control', 'Legitimația'].map((text) => ({ text, bold: true })),
    ...data.staff.map((s) => [
      s.name,
      s.function,
      s.control_body,
      `${s.id_number}${s.id_expiry ? `, valabilă până la ${day(s.id_expiry)}` : ''}${s.id_issuer ? `, emisă de ${s.id_issuer}` : ''}`,
    ]),
  ];
  const content: Content[] = [
    { text: data.organisationName, style: 'organisation' },
    { text: REPORT_TITLE, style: 'title' },
    { text: `Nr. ${data.entryCode}`, style: 'number' },
    facts([
      ['Număr de intrare', data.entryCode],
      ['Data controlului', day(data.controlDate)],
      ['Tipul controlului', data.typeName],
      ['UAT', data.uatName],
      ['Localitatea', dash(data.localityName)],
      ['Adresa', data.address],
      ['Număr cadastral', dash(data.cadastralNumber)],
      ['Sesizarea de referință', dash(data.complaintEntryCode)],
    ]),
    section('Echipa de control'),
    data.staff.length > 0
      ? {
          table: { headerRows: 1, widths: ['*', '*', '*', '*'], body: staffRows },
          layout: 'lightHorizontalLines',
          margin: [0, 0, 0, 12],
        }
      : none('Nu au fost trecuți membri ai echipei de control.'),
    section('Contravenienți'),
    ...(offenders.length > 0 ? offenders.flatMap(personFacts) : [none('Nu au fost constatați contravenienți.')]),
    section('Martori'),
    ...(witnesses.length > 0 ? witnesses.flatMap(personFacts) : [none('Nu au fost trecuți martori.')]),
    section('Corpuri de clădire'),
    ...(data.bodies.length > 0 ? data.bodies.flatMap(bodyFacts) : [none('Nu au fost trecute corpuri de clădire.')]),
    section('Documente'),
    data.documents.length > 0
      ? { ol: data.documents.map((d) => (d.description ? `${d.name} – ${d.description}` : d.name)), margin: [0, 0, 0, 12] }
      : none('Nu au fost atașate documente.'),
    section('Semnături'),
    {
      table: {
        widths: ['*', 160],
        body: [
          [
            { text: 'Nume', bold: true },
            { text: 'Semnătura', bold: true },
          ],
          ...data.staff.map((s) => signatureRow(`${s.name} (${s.function})`)),
          ...offenders.map((p) => signatureRow(`${personName(p)} (contravenient)`)),
          ...witnesses.map((p) => signatureRow(`${personName(p)} (martor)`)),
        ],
      },
      layout: 'lightHorizontalLines',
    },
    {
      text: `Generat la ${formatRomanianDate(data.generatedAt, true)} de ${data.generatedBy}.`,
      color: MUTED,
      fontSize: 8,
      margin: [0, 24, 0, 0],
    },
  ];
  return {
    pageSize: 'A4',
    pageMargins: [48, 56, 48, 56],
    info: { title: `${REPORT_TITLE} ${data.entryCode}`, author: data.organisationName, creator: 'Ghișeul Unic' },
    content,
    defaultStyle: { fontSize: 10 },
    styles: {
      organisation: { fontSize: 12, bold: true, color: ACCENT, margin: [0, 0, 0, 12] },
      title: { fontSize: 18, bold: true, color: ACCENT, margin: [0, 0, 0, 4] },
      number: { fontSize: 12, bold: true, margin: [0, 0, 0, 16] },
      section: { fontSize: 12, bold: true, color: ACCENT, margin: [0, 8, 0, 6] },
    },
  };
}

/* ───────────────────────────── From a document template ───────────────────────────── */

/** The organisation's active template of system type `raport_control` (document-templates face). */
export interface ReportTemplate {
  id: number;
  name: string;
  content: ProseMirrorNode;
  signingLayout: SigningLayout;
}

/** The header of a report made from a template, as the applications' output documents print it. */
export interface ReportLetterhead {
  councilName: string;
  organisationName: string;
  address: string | null;
  /** A PNG or JPEG data URL, or null. */
  logo: string | null;
}

/**
 * The data of a closing report made from a template: the shared document layout
 * (platform/document-pdf.ts: header with the council, organisation and "Nr. <entry code> din
 * <date>", the template's text with the organisation and control placeholders filled, the
 * signing layout's cells at the bottom of the last page, the footer without a verification QR:
 * a control has no public verification page).
 */
export function templateReportData(
  data: ClosingReportData,
  template: ReportTemplate,
  head: ReportLetterhead,
): DocumentRenderData {
  const values: Record<string, string> = {
    'organisation.name': head.organisationName,
    'organisation.council_name': head.councilName,
    ...(head.address ? { 'organisation.address': head.address } : {}),
    ...controlPlaceholderValues({
      entryCode: data.entryCode,
      controlDate: data.controlDate,
      typeName: data.typeName,
      uatName: data.uatName,
      localityName: data.localityName,
      address: data.address,
      cadastralNumber: data.cadastralNumber,
      complaintEntryCode: data.complaintEntryCode,
      staff: data.staff,
      persons: data.persons,
      bodies: data.bodies,
      documents: data.documents,
      reportDate: formatRomanianDate(data.generatedAt),
    }),
  };
  return {
    title: template.name,
    councilName: head.councilName,
    organisationName: head.organisationName,
    address: head.address,
    logo: head.logo,
    entryNumber: null,
    entryDate: null,
    outputNumber: data.entryCode,
    outputDate: data.generatedAt,
    visaCodes: [],
    content: template.content,
    values,
    rows: template.signingLayout.rows.map((row) => row.map((cell) => ({ ...cell, box: undefined, signerName: null }))),
    verificationUrl: null,
    author: head.organisationName,
  };
}

/**
 * How the report is rendered: from the organisation's template when it has one, else the
 * built-in layout. One indirection so that a test can make the generation fail (the `error`
 * status and its retry) without breaking the PDF library.
 */
export const closingReportRenderer = {
  render: async (
    data: ClosingReportData,
    fromTemplate?: { template: ReportTemplate; letterhead: ReportLetterhead },
  ): Promise<Buffer> =>
    fromTemplate
      ? (await renderOutputDocument(templateReportData(data, fromTemplate.template, fromTemplate.letterhead))).pdf
      : renderPdf(closingReportDocument(data)),
};
