import { SIGNING_LAYOUT_MAX_ROWS, type SigningLayout } from './lifecycle.js';

/**
 * Document templates (spec §3 Document template, Signing layout; §5): the placeholders a
 * template may use, the system types, the rules of a signing layout and the walk over the
 * editor's ProseMirror (TipTap) JSON document. One source for the template editor (web), the
 * template validation and the generation (server).
 */

/* ───────────────────────────── System types ───────────────────────────── */

/** Documents the portal generates itself; a template may be marked as one of them. */
export const DOCUMENT_SYSTEM_TYPES = [
  'certificat_urbanism',
  'autorizatie_construire',
  'autorizatie_desfiintare',
  'raspuns_respingere',
  'solicitare_clarificari',
  'aviz',
  'adresa_raspuns',
  'raport_control',
] as const;
export type DocumentSystemType = (typeof DOCUMENT_SYSTEM_TYPES)[number];

export const DOCUMENT_SYSTEM_TYPE_LABELS: Readonly<Record<DocumentSystemType, string>> = {
  certificat_urbanism: 'Certificat de urbanism',
  autorizatie_construire: 'Autorizație de construire',
  autorizatie_desfiintare: 'Autorizație de desființare',
  raspuns_respingere: 'Răspuns de respingere',
  solicitare_clarificari: 'Solicitare de clarificări',
  aviz: 'Aviz',
  adresa_raspuns: 'Adresă de răspuns',
  raport_control: 'Raport de închidere a controlului',
};

/**
 * The system types whose document is not an application's: a control's closing report is
 * filled from the control (and its organisation), so its templates use only those groups.
 */
export const CONTROL_REPORT_SYSTEM_TYPE = 'raport_control' satisfies DocumentSystemType;

export const DOCUMENT_TEMPLATE_STATUSES = ['active', 'inactive'] as const;
export type DocumentTemplateStatus = (typeof DOCUMENT_TEMPLATE_STATUSES)[number];
export const DOCUMENT_TEMPLATE_STATUS_LABELS: Readonly<Record<DocumentTemplateStatus, string>> = {
  active: 'Activ',
  inactive: 'Inactiv',
};

/* ───────────────────────────── Placeholders ───────────────────────────── */

export const PLACEHOLDER_GROUPS = [
  'application',
  'applicant',
  'beneficiary',
  'real_estate',
  'organisation',
  'document',
  'staff',
  'form',
  'form_staff',
  'control',
] as const;
export type PlaceholderGroup = (typeof PLACEHOLDER_GROUPS)[number];

export const PLACEHOLDER_GROUP_LABELS: Readonly<Record<PlaceholderGroup, string>> = {
  application: 'Cererea',
  applicant: 'Solicitantul',
  beneficiary: 'Beneficiarul',
  real_estate: 'Imobilul',
  organisation: 'Instituția',
  document: 'Documentul',
  staff: 'Funcționari',
  form: 'Formularul cererii',
  form_staff: 'Formularul funcționarului',
  control: 'Controlul',
};

export interface PlaceholderDefinition {
  key: string;
  label: string;
  group: PlaceholderGroup;
  /** Shown in the editor and used by the preview when a value is missing. */
  example: string;
}

/** The fixed catalogue; the form fields of a type come on top as `form.<key>` / `form_staff.<key>`. */
export const PLACEHOLDERS: readonly PlaceholderDefinition[] = [
  { key: 'application.entry_number', label: 'Numărul de înregistrare', group: 'application', example: 'CJMS/125/2026' },
  { key: 'application.entry_date', label: 'Data înregistrării', group: 'application', example: '12.03.2026' },
  { key: 'application.type_name', label: 'Tipul cererii', group: 'application', example: 'Certificat de urbanism' },
  { key: 'application.purpose', label: 'Scopul cererii', group: 'application', example: 'Construire locuință unifamilială' },
  { key: 'application.status', label: 'Starea cererii', group: 'application', example: 'Aprobată' },
  { key: 'application.rejected_reason', label: 'Motivul respingerii', group: 'application', example: 'Documentație incompletă' },
  { key: 'application.response_due_date', label: 'Termenul de răspuns', group: 'application', example: '11.04.2026' },
  { key: 'applicant.name', label: 'Numele solicitantului', group: 'applicant', example: 'Ion Popescu' },
  { key: 'applicant.cnp', label: 'CNP-ul solicitantului', group: 'applicant', example: '1800101123456' },
  { key: 'applicant.email', label: 'E-mailul solicitantului', group: 'applicant', example: 'ion.popescu@exemplu.ro' },
  { key: 'applicant.phone', label: 'Telefonul solicitantului', group: 'applicant', example: '0722123456' },
  { key: 'applicant.address', label: 'Adresa solicitantului', group: 'applicant', example: 'Str. Morii nr. 5, Târgu Mureș' },
  { key: 'beneficiary.name', label: 'Numele beneficiarului', group: 'beneficiary', example: 'SC Construct SRL' },
  { key: 'beneficiary.identifier', label: 'CNP / CUI beneficiar', group: 'beneficiary', example: 'RO12345678' },
  { key: 'beneficiary.address', label: 'Adresa beneficiarului', group: 'beneficiary', example: 'Str. Gării nr. 2, Reghin' },
  { key: 'real_estate.address', label: 'Adresa imobilului', group: 'real_estate', example: 'Str. Trandafirilor nr. 10' },
  { key: 'real_estate.uat', label: 'UAT-ul imobilului', group: 'real_estate', example: 'Târgu Mureș' },
  { key: 'real_estate.land_registry', label: 'Nr. carte funciară', group: 'real_estate', example: '123456' },
  { key: 'real_estate.cadastral_number', label: 'Nr. cadastral', group: 'real_estate', example: '654321' },
  { key: 'real_estate.type', label: 'Tipul imobilului', group: 'real_estate', example: 'Teren și construcții' },
  { key: 'organisation.name', label: 'Denumirea instituției', group: 'organisation', example: 'Consiliul Județean Mureș' },
  { key: 'organisation.council_name', label: 'Consiliul / primăria', group: 'organisation', example: 'Județul Mureș' },
  { key: 'organisation.address', label: 'Adresa instituției', group: 'organisation', example: 'Piața Victoriei nr. 1' },
  { key: 'organisation.email', label: 'E-mailul instituției', group: 'organisation', example: 'contact@cjmures.ro' },
  { key: 'organisation.phone', label: 'Telefonul instituției', group: 'organisation', example: '0265123456' },
  { key: 'document.output_number', label: 'Numărul de ieșire', group: 'document', example: 'CJMS/45/2026' },
  { key: 'document.output_date', label: 'Data documentului', group: 'document', example: '20.03.2026' },
  { key: 'document.visa_first_code', label: 'Viza 1', group: 'document', example: 'V1/12/2026' },
  { key: 'document.visa_second_code', label: 'Viza 2', group: 'document', example: 'V2/7/2026' },
  { key: 'document.current_date', label: 'Data curentă', group: 'document', example: '20.03.2026' },
  {
    key: 'document.verification_url',
    label: 'Adresa de verificare',
    group: 'document',
    example: 'https://ghiseu.ro/verificare/…',
  },
  { key: 'staff.assignee_name', label: 'Funcționarul responsabil', group: 'staff', example: 'Maria Ionescu' },
  { key: 'staff.reviewer_name', label: 'Verificatorul', group: 'staff', example: 'Andrei Pop' },
  { key: 'staff.president_name', label: 'Președintele / primarul', group: 'staff', example: 'Péter Ferenc' },
  { key: 'control.entry_code', label: 'Numărul controlului', group: 'control', example: 'CTRL/12/2026' },
  { key: 'control.date', label: 'Data controlului', group: 'control', example: '15.04.2026' },
  { key: 'control.type_name', label: 'Tipul controlului', group: 'control', example: 'Disciplina în construcții' },
  { key: 'control.uat', label: 'UAT-ul', group: 'control', example: 'Târgu Mureș' },
  { key: 'control.locality', label: 'Localitatea', group: 'control', example: 'Târgu Mureș' },
  { key: 'control.address', label: 'Adresa controlată', group: 'control', example: 'Str. Gheorghe Doja nr. 5' },
  { key: 'control.cadastral_number', label: 'Nr. cadastral', group: 'control', example: '123456' },
  { key: 'control.complaint_code', label: 'Sesizarea de referință', group: 'control', example: 'SES/7/2026' },
  {
    key: 'control.staff',
    label: 'Echipa de control (un rând de fiecare)',
    group: 'control',
    example: 'Maria Ionescu – inspector, Inspectoratul de Stat în Construcții, legitimația 123',
  },
  {
    key: 'control.offenders',
    label: 'Contravenienții (un rând de fiecare)',
    group: 'control',
    example: 'Ion Popescu, CNP 1800101123456, Str. Morii nr. 5, Târgu Mureș',
  },
  {
    key: 'control.witnesses',
    label: 'Martorii (un rând de fiecare)',
    group: 'control',
    example: 'Ana Pop, CNP 2850101123456, Str. Gării nr. 2, Reghin',
  },
  {
    key: 'control.building_bodies',
    label: 'Corpurile de clădire (un rând de fiecare)',
    group: 'control',
    example: 'Corpul C1: locuință, P+1E, Ac 120 m², Ad 240 m²',
  },
  {
    key: 'control.documents',
    label: 'Documentele controlului (un rând de fiecare)',
    group: 'control',
    example: 'Fotografii fațadă – starea construcției',
  },
  { key: 'control.report_date', label: 'Data raportului', group: 'control', example: '20.04.2026' },
];

/** The placeholder groups a template of `systemType` may use (the editor offers, the server accepts). */
export function placeholderGroupsFor(systemType: DocumentSystemType | null | undefined): readonly PlaceholderGroup[] {
  if (systemType === CONTROL_REPORT_SYSTEM_TYPE) return ['organisation', 'control'];
  return PLACEHOLDER_GROUPS.filter((g) => g !== 'control');
}

/** The group of a placeholder key (its prefix before the first dot), when it is one of the catalogue's groups. */
export function placeholderGroupOf(key: string): PlaceholderGroup | undefined {
  const group = key.split('.', 1)[0];
  return (PLACEHOLDER_GROUPS as readonly string[]).includes(group) ? (group as PlaceholderGroup) : undefined;
}

const PLACEHOLDER_BY_KEY: ReadonlyMap<string, PlaceholderDefinition> = new Map(PLACEHOLDERS.map((p) => [p.key, p]));

export function placeholderDefinition(key: string): PlaceholderDefinition | undefined {
  return PLACEHOLDER_BY_KEY.get(key);
}

/** Form placeholders: `form.<field key>` (citizen form) and `form_staff.<field key>` (staff form). */
export const FORM_PLACEHOLDER_PREFIXES = { form: 'form.', form_staff: 'form_staff.' } as const;

/**
 * Whether a key can be used in a template. Without the form keys of a type (`formKeys`
 * undefined), any well-formed `form.` / `form_staff.` key is accepted (a common template serves
 * many types); with them, only the type's fields.
 */
export function isKnownPlaceholder(
  key: string,
  formKeys?: { form: readonly string[]; form_staff: readonly string[] },
  systemType?: DocumentSystemType | null,
): boolean {
  const group = placeholderGroupOf(key);
  if (!group || !placeholderGroupsFor(systemType).includes(group)) return false;
  if (PLACEHOLDER_BY_KEY.has(key)) return true;
  for (const group of ['form_staff', 'form'] as const) {
    const prefix = FORM_PLACEHOLDER_PREFIXES[group];
    if (key.startsWith(prefix)) {
      const field = key.slice(prefix.length);
      if (!/^[A-Za-z0-9_-]{1,100}$/.test(field)) return false;
      return formKeys ? formKeys[group].includes(field) : true;
    }
  }
  return false;
}

/* ───────────────────────────── The editor's document ───────────────────────────── */

/** A ProseMirror JSON node, as TipTap writes it (validated by ZTemplateContent of the contract). */
export interface ProseMirrorNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: ProseMirrorNode[];
  text?: string;
  marks?: { type: string; attrs?: Record<string, unknown> }[];
}

export const TEMPLATE_CONTENT_MAX_DEPTH = 12;
export const TEMPLATE_CONTENT_MAX_CHARS = 300_000;

/** Every placeholder key used in a document, in order, without duplicates. */
export function placeholderKeysOf(doc: ProseMirrorNode): string[] {
  const keys = new Set<string>();
  const walk = (node: ProseMirrorNode) => {
    if (node.type === 'placeholder' && typeof node.attrs?.key === 'string') keys.add(node.attrs.key);
    for (const child of node.content ?? []) walk(child);
  };
  walk(doc);
  return [...keys];
}

/** "The document must have text before generation": some text or a placeholder somewhere. */
export function documentHasText(doc: ProseMirrorNode | null | undefined): boolean {
  if (!doc) return false;
  const walk = (node: ProseMirrorNode): boolean =>
    (node.type === 'text' && (node.text ?? '').trim() !== '') || node.type === 'placeholder' || (node.content ?? []).some(walk);
  return walk(doc);
}

/** The depth of a JSON value (objects and arrays), stopping early past `limit`. */
export function jsonDepth(value: unknown, limit = 64): number {
  if (value === null || typeof value !== 'object') return 0;
  if (limit <= 0) return 1;
  let max = 0;
  for (const v of Array.isArray(value) ? value : Object.values(value)) {
    const d = jsonDepth(v, limit - 1);
    if (d > max) max = d;
  }
  return max + 1;
}

/* ───────────────────────────── Signing layout rules ───────────────────────────── */

export const SIGNING_LAYOUT_MAX_CELLS_PER_ROW = 4;

/**
 * The rules of spec §3/§5 (Romanian messages, empty when the layout is valid): 1 to 7 rows, at
 * least one cell, at most 4 cells a row, unique indexes, at most one president cell, on the
 * first row, with the highest index among staff cells; applicant cells (any row) are signed after
 * every staff cell.
 */
export function signingLayoutProblems(layout: SigningLayout): string[] {
  const problems: string[] = [];
  const rows = layout?.rows ?? [];
  if (rows.length < 1) problems.push('Machetarea semnăturilor trebuie să aibă cel puțin un rând.');
  if (rows.length > SIGNING_LAYOUT_MAX_ROWS)
    problems.push(`Machetarea semnăturilor poate avea cel mult ${SIGNING_LAYOUT_MAX_ROWS} rânduri.`);
  const cells = rows.flat();
  if (rows.length >= 1 && cells.length === 0) problems.push('Machetarea trebuie să conțină cel puțin o semnătură.');
  rows.forEach((row, i) => {
    if (row.length === 0 && cells.length > 0) problems.push(`Rândul ${i + 1} nu are nicio semnătură.`);
    if (row.length > SIGNING_LAYOUT_MAX_CELLS_PER_ROW)
      problems.push(`Rândul ${i + 1} poate avea cel mult ${SIGNING_LAYOUT_MAX_CELLS_PER_ROW} semnături.`);
  });
  const seen = new Set<number>();
  const duplicates = new Set<number>();
  for (const c of cells) {
    if (seen.has(c.index)) duplicates.add(c.index);
    seen.add(c.index);
  }
  for (const d of duplicates) problems.push(`Ordinea ${d} este folosită de mai multe semnături.`);
  for (const c of cells) {
    if (c.signer === 'function' && c.functionId == null && !c.functionKey)
      problems.push(`Semnătura „${c.label}” trebuie să aibă o funcție aleasă.`);
  }
  const staff = cells.filter((c) => c.signer !== 'applicant');
  const applicants = cells.filter((c) => c.signer === 'applicant');
  const presidents = cells.filter((c) => c.signer === 'president');
  if (presidents.length > 1) problems.push('Machetarea poate avea o singură semnătură a președintelui.');
  const president = presidents[0];
  if (president) {
    if (!(rows[0] ?? []).includes(president)) problems.push('Semnătura președintelui trebuie să fie pe primul rând.');
    if (staff.some((c) => c !== president && c.index >= president.index))
      problems.push('Președintele semnează ultimul: semnătura sa trebuie să aibă cea mai mare ordine dintre funcționari.');
  }
  if (applicants.length > 0 && staff.length > 0) {
    const lastStaff = Math.max(...staff.map((c) => c.index));
    if (applicants.some((c) => c.index <= lastStaff))
      problems.push('Solicitantul semnează după toți funcționarii: ordinea sa trebuie să fie mai mare.');
  }
  return problems;
}
