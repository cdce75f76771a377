import {
  type BuildingFunction,
  type Citizenship,
  CONTROL_MESSAGES,
  type ControlBuildingBody,
  type ControlBuildingBodyRequest,
  type ControlComplaintOption,
  type ControlCreateRequest,
  type ControlDetail,
  type ControlPatchRequest,
  type ControlPerson,
  type ControlPersonRequest,
  type ControlPersonRole,
  type ControlPersonType,
  type ImportanceCategory,
  validateCnp,
} from '@ghiseu/domain';

/**
 * The forms of the control screen as plain values (text, ids as strings for the selects) and the
 * bodies they become: the preparation (with its inspectors), an offender or witness, a building
 * body. The server checks everything again; these rules only spare a round trip.
 */

export const REQUIRED = 'Acest câmp este obligatoriu.';

/* ───────────────────────────── Preparation ───────────────────────────── */

export interface StaffRow {
  /** A stable React key for the row. */
  key: string;
  user_id: number | null;
  name: string;
  function: string;
  control_body: string;
  id_number: string;
  id_expiry: string | null;
  id_issuer: string;
}

export interface PreparationValues {
  control_type_id: string | null;
  control_date: string | null;
  uat_id: string | null;
  locality_id: string | null;
  address: string;
  cadastral_number: string;
  complaint_id: string | null;
  staff: StaffRow[];
}

let rowSequence = 0;
const nextKey = () => `staff-${++rowSequence}`;

const str = (n: number | null | undefined) => (n === null || n === undefined ? null : String(n));
const idOf = (value: string | null) => (value ? Number(value) : null);

export const emptyStaffRow = (init: Partial<StaffRow> = {}): StaffRow => ({
  key: nextKey(),
  user_id: null,
  name: '',
  function: '',
  control_body: '',
  id_number: '',
  id_expiry: null,
  id_issuer: '',
  ...init,
});

/** Today in Romania as 'YYYY-MM-DD' (the default control date). */
export const todayIso = (now = new Date()): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest' }).format(now);

/** The preparation of a saved control, or of a new one (today, one inspector row, the complaint's place). */
export function preparationValues(
  control: ControlDetail | null,
  init: { complaint?: ControlComplaintOption | null; inspector?: Partial<StaffRow> } = {},
): PreparationValues {
  if (control)
    return {
      control_type_id: String(control.control_type.id),
      control_date: control.control_date,
      uat_id: String(control.uat.id),
      locality_id: str(control.locality?.id),
      address: control.address,
      cadastral_number: control.cadastral_number ?? '',
      complaint_id: str(control.complaint?.id),
      staff: control.staff.map((s) =>
        emptyStaffRow({
          key: `staff-id-${s.id}`,
          user_id: s.user_id,
          name: s.name,
          function: s.function,
          control_body: s.control_body,
          id_number: s.id_number,
          id_expiry: s.id_expiry,
          id_issuer: s.id_issuer ?? '',
        }),
      ),
    };
  const complaint = init.complaint ?? null;
  return {
    control_type_id: null,
    control_date: todayIso(),
    uat_id: str(complaint?.uat.id),
    locality_id: str(complaint?.locality?.id),
    address: complaint?.address ?? '',
    cadastral_number: '',
    complaint_id: str(complaint?.id),
    staff: [emptyStaffRow(init.inspector)],
  };
}

/** A blank inspector row adds nothing: it is dropped rather than refused. */
const isBlankRow = (row: StaffRow) =>
  !row.name.trim() &&
  !row.function.trim() &&
  !row.control_body.trim() &&
  !row.id_number.trim() &&
  !row.id_issuer.trim() &&
  !row.id_expiry;

/** Field problems of the preparation, keyed by field (`staff.0.name` for an inspector's). */
export function preparationErrors(values: PreparationValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.control_type_id) errors.control_type_id = REQUIRED;
  if (!values.control_date) errors.control_date = REQUIRED;
  if (!values.uat_id) errors.uat_id = REQUIRED;
  if (!values.address.trim()) errors.address = REQUIRED;
  const rows = values.staff.filter((row) => !isBlankRow(row));
  if (rows.length === 0) errors.staff = CONTROL_MESSAGES.staffRequired;
  values.staff.forEach((row, index) => {
    if (isBlankRow(row)) return;
    for (const field of ['name', 'function', 'control_body', 'id_number'] as const)
      if (!row[field].trim()) errors[`staff.${index}.${field}`] = REQUIRED;
  });
  return errors;
}

const staffBody = (values: PreparationValues) =>
  values.staff
    .filter((row) => !isBlankRow(row))
    .map((row) => ({
      user_id: row.user_id,
      name: row.name.trim(),
      function: row.function.trim(),
      control_body: row.control_body.trim(),
      id_number: row.id_number.trim(),
      id_expiry: row.id_expiry,
      id_issuer: row.id_issuer.trim() || null,
    }));

/** `POST /controls` from a checked preparation. */
export const createBody = (values: PreparationValues): ControlCreateRequest => ({
  control_type_id: Number(values.control_type_id),
  control_date: values.control_date ?? '',
  uat_id: Number(values.uat_id),
  locality_id: idOf(values.locality_id),
  address: values.address.trim(),
  cadastral_number: values.cadastral_number.trim() || null,
  complaint_id: idOf(values.complaint_id),
  staff: staffBody(values),
});

/** `PATCH /controls/:id`: the whole preparation (the staff list replaces the saved one) with the version seen. */
export const patchBody = (values: PreparationValues, version: number): ControlPatchRequest => ({
  version,
  ...createBody(values),
});

/** What the comparison of two preparations looks at (row keys are not data). */
const comparable = (values: PreparationValues) => JSON.stringify({ ...createBody(values), staff: staffBody(values) });

/** True when the form differs from the saved control (the "unsaved changes" rule of generate and close). */
export const preparationChanged = (values: PreparationValues, saved: PreparationValues): boolean =>
  comparable(values) !== comparable(saved);

/* ───────────────────────────── Persons ───────────────────────────── */

export interface PersonValues {
  role: ControlPersonRole;
  person_type: ControlPersonType;
  citizenship: Citizenship;
  first_name: string;
  last_name: string;
  company_name: string;
  unique_registration_code: string;
  personal_numeric_code: string;
  passport_number: string;
  id_card_series: string;
  id_card_number: string;
  id_card_issued_by: string;
  id_card_issued_at: string | null;
  address: string;
  phone: string;
  email: string;
}

export const personValues = (person: ControlPerson | null, role: ControlPersonRole = 'offender'): PersonValues => ({
  role: person?.role ?? role,
  person_type: person?.person_type ?? 'individual',
  citizenship: person?.citizenship ?? 'romanian',
  first_name: person?.first_name ?? '',
  last_name: person?.last_name ?? '',
  company_name: person?.company_name ?? '',
  unique_registration_code: person?.unique_registration_code ?? '',
  personal_numeric_code: person?.personal_numeric_code ?? '',
  passport_number: person?.passport_number ?? '',
  id_card_series: person?.id_card_series ?? '',
  id_card_number: person?.id_card_number ?? '',
  id_card_issued_by: person?.id_card_issued_by ?? '',
  id_card_issued_at: person?.id_card_issued_at ?? null,
  address: person?.address ?? '',
  phone: person?.phone ?? '',
  email: person?.email ?? '',
});

const CNP_MESSAGE = 'CNP-ul nu este valid.';

/**
 * Field problems of a person: names (or the company's), and the identity the duplicate rule
 * looks at: a Romanian citizen's CNP, a foreigner's passport (or CNP).
 */
export function personErrors(values: PersonValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (values.person_type === 'legal') {
    if (!values.company_name.trim()) errors.company_name = CONTROL_MESSAGES.companyRequired;
  } else {
    if (!values.first_name.trim()) errors.first_name = CONTROL_MESSAGES.firstNameRequired;
    if (!values.last_name.trim()) errors.last_name = CONTROL_MESSAGES.lastNameRequired;
  }
  const cnp = values.personal_numeric_code.trim();
  const passport = values.passport_number.replace(/\s+/g, '');
  if (values.citizenship === 'romanian') {
    if (values.person_type === 'individual' && !cnp) errors.personal_numeric_code = CONTROL_MESSAGES.cnpRequired;
  } else if (values.person_type === 'individual' && !cnp && !passport) errors.passport_number = CONTROL_MESSAGES.cnpForeign;
  if (cnp && !validateCnp(cnp, undefined, 0).ok) errors.personal_numeric_code = CNP_MESSAGE;
  if (passport && !/^[A-Za-z0-9]{4,20}$/.test(passport)) errors.passport_number = CONTROL_MESSAGES.passport;
  return errors;
}

const text = (value: string) => value.trim() || null;

/** The body of `POST /controls/:id/persons` (and its PATCH): only the fields that fit the person. */
export function personBody(values: PersonValues, version: number): ControlPersonRequest {
  const legal = values.person_type === 'legal';
  const romanian = values.citizenship === 'romanian';
  return {
    version,
    role: values.role,
    person_type: values.person_type,
    citizenship: values.citizenship,
    first_name: text(values.first_name),
    last_name: text(values.last_name),
    company_name: legal ? text(values.company_name) : null,
    unique_registration_code: legal ? text(values.unique_registration_code) : null,
    personal_numeric_code: text(values.personal_numeric_code),
    passport_number: romanian ? null : text(values.passport_number.replace(/\s+/g, '')),
    id_card_series: romanian ? text(values.id_card_series) : null,
    id_card_number: romanian ? text(values.id_card_number) : null,
    id_card_issued_by: romanian ? text(values.id_card_issued_by) : null,
    id_card_issued_at: romanian ? values.id_card_issued_at : null,
    address: text(values.address),
    phone: text(values.phone),
    email: text(values.email),
  };
}

/** A person's name as the tables show it. */
export const personName = (person: Pick<ControlPerson, 'person_type' | 'first_name' | 'last_name' | 'company_name'>) => {
  const name = [person.last_name, person.first_name].filter(Boolean).join(' ');
  if (person.person_type === 'legal') return name ? `${person.company_name ?? ''} (${name})` : (person.company_name ?? '');
  return name;
};

/** The identity document of a person in one line: CNP, passport or both. */
export const personIdentity = (
  person: Pick<ControlPerson, 'personal_numeric_code' | 'passport_number' | 'unique_registration_code'>,
) =>
  [
    person.personal_numeric_code ? `CNP ${person.personal_numeric_code}` : null,
    person.passport_number ? `Pașaport ${person.passport_number}` : null,
    person.unique_registration_code ? `CUI ${person.unique_registration_code}` : null,
  ]
    .filter(Boolean)
    .join(', ');

/* ───────────────────────────── Building bodies ───────────────────────────── */

export const BODY_TEXT_FIELDS = ['height_regime', 'construction_type', 'foundations', 'roof', 'heating', 'finishes'] as const;
export const BODY_MEASURE_FIELDS = [
  'height_cornice',
  'height_ridge',
  'built_area',
  'developed_area',
  'useful_area',
  'living_area',
] as const;
export const BODY_COUNT_FIELDS = [
  'levels_below',
  'levels_above',
  'apartments_1_room',
  'apartments_2_rooms',
  'apartments_3_rooms',
  'apartments_4_rooms',
  'apartments_5_plus_rooms',
] as const;

type BodyText = (typeof BODY_TEXT_FIELDS)[number];
type BodyNumber = (typeof BODY_MEASURE_FIELDS)[number] | (typeof BODY_COUNT_FIELDS)[number];

export type BodyValues = {
  name: string;
  function: BuildingFunction | null;
  importance_category: ImportanceCategory | null;
} & Record<BodyText, string> &
  Record<BodyNumber, number | string>;

export function bodyValues(body: ControlBuildingBody | null): BodyValues {
  const values = {
    name: body?.name ?? '',
    function: body?.function ?? null,
    importance_category: body?.importance_category ?? null,
  } as BodyValues;
  for (const field of BODY_TEXT_FIELDS) values[field] = body?.[field] ?? '';
  for (const field of [...BODY_MEASURE_FIELDS, ...BODY_COUNT_FIELDS]) values[field] = body?.[field] ?? '';
  return values;
}

const numberOrNull = (value: number | string): number | null => (value === '' || value === null ? null : Number(value));

export function bodyErrors(values: BodyValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.name.trim()) errors.name = REQUIRED;
  const cornice = numberOrNull(values.height_cornice);
  const ridge = numberOrNull(values.height_ridge);
  if (cornice !== null && ridge !== null && ridge < cornice) errors.height_ridge = CONTROL_MESSAGES.heights;
  return errors;
}

export function bodyBody(values: BodyValues, version: number): ControlBuildingBodyRequest {
  const body: Record<string, unknown> = {
    version,
    name: values.name.trim(),
    function: values.function,
    importance_category: values.importance_category,
  };
  for (const field of BODY_TEXT_FIELDS) body[field] = text(values[field]);
  for (const field of [...BODY_MEASURE_FIELDS, ...BODY_COUNT_FIELDS]) body[field] = numberOrNull(values[field]);
  return body as ControlBuildingBodyRequest;
}
