import {
  BUILDING_FUNCTION_LABELS,
  CONTROL_CITIZENSHIP_LABELS,
  type ControlBuildingBody,
  type ControlPerson,
  type ControlStaff,
  IMPORTANCE_CATEGORY_LABELS,
} from '../contracts/controls.js';

/**
 * The values of the `control.*` placeholders (documents/placeholders.ts) of a closing report made
 * from a document template (system type `raport_control`). Lists are text, one line a person,
 * body or document, numbered ("1. …"); an empty list or a missing value prints "–", as the
 * built-in layout does. The report is an official document: persons carry their identification
 * (CNP or passport, ID card), as in the built-in layout.
 */

export interface ControlReportFacts {
  entryCode: string;
  /** ISO date (yyyy-mm-dd). */
  controlDate: string;
  typeName: string;
  uatName: string;
  localityName: string | null;
  address: string;
  cadastralNumber: string | null;
  complaintEntryCode: string | null;
  staff: readonly ControlStaff[];
  persons: readonly ControlPerson[];
  bodies: readonly ControlBuildingBody[];
  documents: readonly { name: string; description: string | null }[];
  /** The report's date, already formatted (dd.mm.yyyy). */
  reportDate: string;
}

const DASH = '–';
const orDash = (value: string | number | null | undefined): string =>
  value === null || value === undefined || String(value).trim() === '' ? DASH : String(value);

/** An ISO date (yyyy-mm-dd) as dd.mm.yyyy. */
const isoDay = (iso: string | null | undefined): string => (iso ? iso.slice(0, 10).split('-').reverse().join('.') : DASH);

const decimal = (value: number | null, unit: string): string | null =>
  value === null ? null : `${value.toLocaleString('ro-RO', { maximumFractionDigits: 2 })} ${unit}`;

const lines = (items: readonly string[]): string =>
  items.length === 0 ? DASH : items.map((item, i) => `${i + 1}. ${item}`).join('\n');

const joined = (parts: readonly (string | null | undefined | false)[]): string =>
  parts.filter((p): p is string => typeof p === 'string' && p.trim() !== '').join(', ');

/** "Ion Popescu" or "SC Construct SRL, reprezentată de Ion Popescu". */
export function controlPersonName(p: Pick<ControlPerson, 'person_type' | 'first_name' | 'last_name' | 'company_name'>): string {
  const name = [p.last_name, p.first_name].filter(Boolean).join(' ');
  if (p.person_type === 'legal') return joined([p.company_name, name ? `reprezentată de ${name}` : null]);
  return name;
}

/** "Ionescu Maria – inspector, ISC Mureș, legitimația 123, valabilă până la 31.12.2026, emisă de ISC". */
export function controlStaffLine(s: ControlStaff): string {
  return `${s.name} – ${joined([
    s.function,
    s.control_body,
    `legitimația ${s.id_number}`,
    s.id_expiry ? `valabilă până la ${isoDay(s.id_expiry)}` : null,
    s.id_issuer ? `emisă de ${s.id_issuer}` : null,
  ])}`;
}

/**
 * "Popescu Ion (cetățean român), CNP 1800101123456, CI seria MS nr. 123456, eliberată de SPCLEP
 * Târgu Mureș la 01.02.2020, adresa: Str. Morii nr. 5, contact: 0722123456, ion@exemplu.ro".
 */
export function controlPersonLine(p: ControlPerson): string {
  const idCard =
    p.id_card_series || p.id_card_number
      ? joined([
          `CI seria ${orDash(p.id_card_series)} nr. ${orDash(p.id_card_number)}`,
          p.id_card_issued_by ? `eliberată de ${p.id_card_issued_by}` : null,
        ]) + (p.id_card_issued_at ? ` la ${isoDay(p.id_card_issued_at)}` : '')
      : null;
  const contact = joined([p.phone, p.email]);
  return joined([
    `${controlPersonName(p) || DASH} (${CONTROL_CITIZENSHIP_LABELS[p.citizenship].toLowerCase()})`,
    p.person_type === 'legal' && p.unique_registration_code ? `CUI ${p.unique_registration_code}` : null,
    p.personal_numeric_code ? `CNP ${p.personal_numeric_code}` : null,
    p.passport_number ? `pașaport ${p.passport_number}` : null,
    idCard,
    p.address ? `adresa: ${p.address}` : null,
    contact ? `contact: ${contact}` : null,
  ]);
}

/** "Corpul C1: Clădire de locuit (CL), categoria de importanță C – Normală, regim de înălțime P+1E, Ac 120 m², …". */
export function controlBodyLine(b: ControlBuildingBody): string {
  const apartments = [
    b.apartments_1_room,
    b.apartments_2_rooms,
    b.apartments_3_rooms,
    b.apartments_4_rooms,
    b.apartments_5_plus_rooms,
  ];
  const facts = joined([
    b.function ? `${BUILDING_FUNCTION_LABELS[b.function]} (${b.function})` : null,
    b.importance_category
      ? `categoria de importanță ${b.importance_category} – ${IMPORTANCE_CATEGORY_LABELS[b.importance_category]}`
      : null,
    b.height_regime ? `regim de înălțime ${b.height_regime}` : null,
    b.levels_below !== null || b.levels_above !== null
      ? `niveluri subterane / supraterane ${orDash(b.levels_below)} / ${orDash(b.levels_above)}`
      : null,
    b.height_cornice !== null ? `înălțime la cornișă ${decimal(b.height_cornice, 'm')}` : null,
    b.height_ridge !== null ? `înălțime la coamă ${decimal(b.height_ridge, 'm')}` : null,
    b.construction_type ? `construcție ${b.construction_type}` : null,
    b.foundations ? `fundații ${b.foundations}` : null,
    b.roof ? `acoperiș ${b.roof}` : null,
    b.heating ? `încălzire ${b.heating}` : null,
    b.finishes ? `finisaje ${b.finishes}` : null,
    b.built_area !== null ? `Ac ${decimal(b.built_area, 'm²')}` : null,
    b.developed_area !== null ? `Ad ${decimal(b.developed_area, 'm²')}` : null,
    b.useful_area !== null ? `Au ${decimal(b.useful_area, 'm²')}` : null,
    b.living_area !== null ? `arie locuibilă ${decimal(b.living_area, 'm²')}` : null,
    apartments.some((a) => a !== null) ? `apartamente cu 1 / 2 / 3 / 4 / 5+ camere: ${apartments.map(orDash).join(' / ')}` : null,
  ]);
  return facts ? `Corpul ${b.name}: ${facts}` : `Corpul ${b.name}`;
}

/** Every `control.*` placeholder's value. */
export function controlPlaceholderValues(f: ControlReportFacts): Record<string, string> {
  return {
    'control.entry_code': orDash(f.entryCode),
    'control.date': isoDay(f.controlDate),
    'control.type_name': orDash(f.typeName),
    'control.uat': orDash(f.uatName),
    'control.locality': orDash(f.localityName),
    'control.address': orDash(f.address),
    'control.cadastral_number': orDash(f.cadastralNumber),
    'control.complaint_code': orDash(f.complaintEntryCode),
    'control.staff': lines(f.staff.map(controlStaffLine)),
    'control.offenders': lines(f.persons.filter((p) => p.role === 'offender').map(controlPersonLine)),
    'control.witnesses': lines(f.persons.filter((p) => p.role === 'witness').map(controlPersonLine)),
    'control.building_bodies': lines(f.bodies.map(controlBodyLine)),
    'control.documents': lines(f.documents.map((d) => (d.description ? `${d.name} – ${d.description}` : d.name))),
    'control.report_date': orDash(f.reportDate),
  };
}
