import { z } from 'zod';
import { LIMITS, UPLOAD_RULES } from '../limits.js';
import { FORM_MESSAGES as FM } from './messages.js';

/**
 * The field catalogue of the form interfaces (spec §3 "Form interface … field types"): one zod
 * schema per field type, combined into {@link ZFormField}. A definition is stored as the parsed
 * output (defaults filled in), so the renderer, the server and the tests read the same shape.
 * Cross-field rules (unique keys, conditions on earlier fields, numeric operands) live in
 * `definition.ts`.
 */

export const FORM_FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'decimal',
  'date',
  'select',
  'radio',
  'checkboxes',
  'address',
  'cadastral_number',
  'real_estate_target',
  'beneficiaries',
  'attachments',
  'section_title',
  'repeatable_group',
  'computed',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/** Romanian names of the field types, for the builder's palette. */
export const FORM_FIELD_TYPE_LABELS: Record<FormFieldType, string> = {
  text: 'Text',
  textarea: 'Text pe mai multe rânduri',
  number: 'Număr întreg',
  decimal: 'Număr zecimal',
  date: 'Dată',
  select: 'Listă de opțiuni',
  radio: 'Alegere unică',
  checkboxes: 'Alegere multiplă',
  address: 'Adresă',
  cadastral_number: 'Număr cadastral',
  real_estate_target: 'Imobile vizate',
  beneficiaries: 'Beneficiari',
  attachments: 'Documente atașate',
  section_title: 'Titlu de secțiune',
  repeatable_group: 'Grup repetabil',
  computed: 'Valoare calculată',
};

/** Types whose value is a number (usable as operands of a computed field). */
export const NUMERIC_FIELD_TYPES = ['number', 'decimal', 'computed'] as const satisfies readonly FormFieldType[];

/** Types a visibility condition may look at: a plain value the user chose or typed. */
export const CONDITION_FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'decimal',
  'date',
  'select',
  'radio',
  'checkboxes',
  'cadastral_number',
  'computed',
] as const satisfies readonly FormFieldType[];

/**
 * Types that carry no value in the form data: a heading, the two markers whose data live in
 * their own tables (real estates, beneficiaries) and attachments (files of the application).
 */
export const VALUELESS_FIELD_TYPES = [
  'section_title',
  'real_estate_target',
  'beneficiaries',
  'attachments',
] as const satisfies readonly FormFieldType[];

/** Types a repeatable group may not hold: another group, files and the markers (one per form). */
export const GROUP_FORBIDDEN_TYPES = [
  'repeatable_group',
  'attachments',
  'real_estate_target',
  'beneficiaries',
] as const satisfies readonly FormFieldType[];

/** The MIME types an attachment field may accept: those the upload rules know. */
export const ATTACHMENT_MIME_TYPES = [...new Set(Object.values(UPLOAD_RULES).flatMap((rule) => rule.types))] as [
  string,
  ...string[],
];

export const FIELD_WIDTHS = ['full', 'half', 'third'] as const;
export type FieldWidth = (typeof FIELD_WIDTHS)[number];

/** The most files one attachment field may ask for (spec §9: 25 files). */
export const MAX_FILES_PER_ATTACHMENT = UPLOAD_RULES.default.maxFiles;

/* ───────────────────────────── Common parts ───────────────────────────── */

/** snake_case key: the property name of the value in the form data. */
export const ZFormFieldKey = z
  .string({ error: FM.fieldKey })
  .max(64, { error: FM.fieldKey })
  .regex(/^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/, { error: FM.fieldKey })
  .describe('Cheia valorii în datele formularului (snake_case, unică în formular)');

const label = z
  .string({ error: FM.requiredFields })
  .trim()
  .min(1, { error: FM.requiredFields })
  .max(LIMITS.textMaxLength)
  .describe('Eticheta afișată (în română)');
const description = z.string().trim().max(2000).optional().describe('Text de ajutor afișat sub câmp');
const placeholder = z.string().trim().max(LIMITS.textMaxLength).optional().describe('Text afișat în câmpul gol');
const unit = z.string().trim().max(20).optional().describe('Unitatea de măsură afișată (mp, lei, m)');
const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: FM.date })
  .describe('Data în formatul aaaa-ll-zz');

/**
 * Shows a field only when an earlier field has a value: equal to `equals`, one of `in`, or
 * anything (`notEmpty`). A hidden field is neither validated nor kept in the data.
 */
export const ZVisibleWhen = z
  .object({
    field: ZFormFieldKey.describe('Cheia câmpului anterior de care depinde afișarea'),
    equals: z.union([z.string(), z.number(), z.boolean()]).optional().describe('Afișat când valoarea este egală cu aceasta'),
    in: z
      .array(z.union([z.string(), z.number()]))
      .min(1)
      .max(100)
      .optional()
      .describe('Afișat când valoarea este una dintre acestea'),
    notEmpty: z.literal(true).optional().describe('Afișat când câmpul este completat'),
  })
  .refine(
    (rule) => [rule.equals !== undefined, rule.in !== undefined, rule.notEmpty !== undefined].filter(Boolean).length === 1,
    {
      error: FM.visibleWhenRule,
    },
  );
export type VisibleWhen = z.infer<typeof ZVisibleWhen>;

const common = {
  key: ZFormFieldKey,
  label,
  description,
  visibleWhen: ZVisibleWhen.optional(),
  width: z.enum(FIELD_WIDTHS).default('full').describe('Lățimea pe ecran: întreagă, jumătate sau o treime'),
};
const valueCommon = { ...common, required: z.boolean().default(false).describe('Câmp obligatoriu') };

export const ZFormOption = z.object({
  value: z.string().trim().min(1, { error: FM.requiredFields }).max(100).describe('Valoarea salvată'),
  label: label.describe('Textul afișat'),
});
export type FormOption = z.infer<typeof ZFormOption>;
const options = z.array(ZFormOption).min(1, { error: FM.tooFewOptions }).max(200);

/* ───────────────────────────── Field types ───────────────────────────── */

export const ZTextField = z.object({
  ...valueCommon,
  type: z.literal('text'),
  placeholder,
  minLength: z.number().int().min(0).max(LIMITS.textMaxLength).optional(),
  maxLength: z.number().int().min(1).max(LIMITS.textMaxLength).default(LIMITS.textMaxLength),
  pattern: z.string().max(500).optional().describe('Expresie regulată pe care trebuie să o respecte întreaga valoare'),
  patternMessage: z
    .string()
    .trim()
    .max(LIMITS.textMaxLength)
    .optional()
    .describe('Mesajul afișat când expresia nu se potrivește'),
  mode: z
    .enum(['any', 'digits', 'letters', 'lettersAndDigits'])
    .default('any')
    .describe('Caracterele permise: oricare, cifre, litere, litere și cifre'),
});

export const ZTextareaField = z.object({
  ...valueCommon,
  type: z.literal('textarea'),
  placeholder,
  maxLength: z.number().int().min(1).max(10_000).default(2000),
  rows: z.number().int().min(2).max(20).default(4).describe('Înălțimea în rânduri'),
});

export const ZNumberField = z.object({
  ...valueCommon,
  type: z.literal('number'),
  placeholder,
  unit,
  integer: z.boolean().default(true).describe('Doar numere întregi'),
  min: z.number().optional(),
  max: z.number().optional(),
});

export const ZDecimalField = z.object({
  ...valueCommon,
  type: z.literal('decimal'),
  placeholder,
  unit,
  min: z.number().optional(),
  max: z.number().optional(),
  decimals: z.number().int().min(0).max(2).default(2).describe('Câte zecimale sunt permise (cel mult 2)'),
});

export const ZDateField = z.object({
  ...valueCommon,
  type: z.literal('date'),
  minDate: isoDay.optional(),
  maxDate: isoDay.optional(),
  notInFuture: z.boolean().default(false).describe('Data nu poate fi după ziua de azi'),
});

export const ZSelectField = z.object({ ...valueCommon, type: z.literal('select'), placeholder, options });
export const ZRadioField = z.object({ ...valueCommon, type: z.literal('radio'), options });

export const ZCheckboxesField = z.object({
  ...valueCommon,
  type: z.literal('checkboxes'),
  options,
  minSelected: z.number().int().min(0).optional(),
  maxSelected: z.number().int().min(1).optional(),
});

/** Value: `{ county_id, locality_id, village_id?, street, number, postal_code? }` (SIRUTA ids). */
export const ZAddressField = z.object({ ...valueCommon, type: z.literal('address') });

/** Value: the cadastral number, digits optionally followed by `-C1` style parts. */
export const ZCadastralNumberField = z.object({ ...valueCommon, type: z.literal('cadastral_number'), placeholder });

const markerCounts = {
  minItems: z.number().int().min(0).max(100).optional().describe('Câte înregistrări trebuie adăugate cel puțin'),
  maxItems: z.number().int().min(1).max(100).optional().describe('Câte înregistrări pot fi adăugate cel mult'),
};

/** Marker: where the wizard asks for the real estates; the data live in their own table. */
export const ZRealEstateTargetField = z.object({ ...valueCommon, type: z.literal('real_estate_target'), ...markerCounts });

/** Marker: where the wizard asks for the beneficiaries; the data live in their own table. */
export const ZBeneficiariesField = z.object({ ...valueCommon, type: z.literal('beneficiaries'), ...markerCounts });

/** Files of one document type (plan de situație, extras CF…), with their own count and type rules. */
export const ZAttachmentsField = z.object({
  ...valueCommon,
  type: z.literal('attachments'),
  documentType: label.describe('Tipul documentului (de exemplu Plan de situație)'),
  minFiles: z.number().int().min(0).max(MAX_FILES_PER_ATTACHMENT).default(0),
  maxFiles: z.number().int().min(1).max(MAX_FILES_PER_ATTACHMENT).default(MAX_FILES_PER_ATTACHMENT),
  accept: z
    .array(z.enum(ATTACHMENT_MIME_TYPES, { error: FM.acceptType }))
    .min(1)
    .default([...UPLOAD_RULES.default.types])
    .describe('Tipurile MIME acceptate'),
});

/** A heading between groups of fields; it has no value. */
export const ZSectionTitleField = z.object({ ...common, type: z.literal('section_title') });

export const COMPUTED_OPERATIONS = ['sum', 'difference', 'product', 'ratio'] as const;
export type ComputedOperation = (typeof COMPUTED_OPERATIONS)[number];

/**
 * A value computed from numeric fields; the server always recomputes it and never trusts the
 * client's. An operand `grup.camp` (top level only) stands for the sum of that field over the
 * items of a repeatable group.
 */
export const ZComputedField = z.object({
  ...common,
  type: z.literal('computed'),
  unit,
  operation: z.enum(COMPUTED_OPERATIONS).describe('Suma, diferența, produsul sau raportul operanzilor, în ordine'),
  operands: z
    .array(z.string().regex(/^[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)?$/, { error: FM.fieldKey }))
    .min(1)
    .max(20)
    .describe('Cheile câmpurilor numerice anterioare (sau grup.câmp pentru suma pe un grup)'),
  decimals: z.number().int().min(0).max(4).default(2).describe('Rotunjirea rezultatului'),
});

const GROUP_CHILD_SCHEMAS = [
  ZTextField,
  ZTextareaField,
  ZNumberField,
  ZDecimalField,
  ZDateField,
  ZSelectField,
  ZRadioField,
  ZCheckboxesField,
  ZAddressField,
  ZCadastralNumberField,
  ZSectionTitleField,
  ZComputedField,
] as const;

/** A field inside a repeatable group: any type but another group, attachments and markers. */
export const ZGroupChildField = z.discriminatedUnion('type', [...GROUP_CHILD_SCHEMAS], {
  error: (issue) => {
    if (issue.code !== 'invalid_union') return undefined;
    const type = (issue.input as { type?: unknown } | undefined)?.type;
    if (type === 'repeatable_group') return FM.groupInGroup;
    if (typeof type === 'string' && (GROUP_FORBIDDEN_TYPES as readonly string[]).includes(type))
      return FM.notAllowedInGroup.replace('{type}', FORM_FIELD_TYPE_LABELS[type as FormFieldType]);
    return FM.unknownFieldType;
  },
});
export type GroupChildField = z.infer<typeof ZGroupChildField>;

/** Items of the same fields, added as many times as needed (construction bodies, owners…). */
export const ZRepeatableGroupField = z.object({
  ...valueCommon,
  type: z.literal('repeatable_group'),
  fields: z.array(ZGroupChildField).min(1, { error: FM.emptyGroup }).max(50),
  itemLabel: z.string().trim().max(100).optional().describe('Numele unui element (de exemplu Corp de clădire)'),
  minItems: z.number().int().min(0).max(100).default(0),
  maxItems: z.number().int().min(1).max(100).default(20),
});

/** One field of a form interface, by its `type`. */
export const ZFormField = z.discriminatedUnion(
  'type',
  [
    ZTextField,
    ZTextareaField,
    ZNumberField,
    ZDecimalField,
    ZDateField,
    ZSelectField,
    ZRadioField,
    ZCheckboxesField,
    ZAddressField,
    ZCadastralNumberField,
    ZRealEstateTargetField,
    ZBeneficiariesField,
    ZAttachmentsField,
    ZSectionTitleField,
    ZRepeatableGroupField,
    ZComputedField,
  ],
  { error: (issue) => (issue.code === 'invalid_union' ? FM.unknownFieldType : undefined) },
);

export type FormField = z.infer<typeof ZFormField>;
/** What a builder sends: defaults (required, width, maxLength…) may be left out. */
export type FormFieldInput = z.input<typeof ZFormField>;
export type FieldOfType<T extends FormFieldType> = Extract<FormField, { type: T }>;
export type TextField = FieldOfType<'text'>;
export type NumberField = FieldOfType<'number'>;
export type DecimalField = FieldOfType<'decimal'>;
export type DateField = FieldOfType<'date'>;
export type CheckboxesField = FieldOfType<'checkboxes'>;
export type AttachmentsField = FieldOfType<'attachments'>;
export type RepeatableGroupField = FieldOfType<'repeatable_group'>;
export type ComputedField = FieldOfType<'computed'>;
export type MarkerField = FieldOfType<'real_estate_target' | 'beneficiaries'>;

/** The data of a form as a client sends it: values by field key (checked by `validateFormData`). */
export const ZFormData = z.record(z.string(), z.unknown()).describe('Valorile formularului, după cheia câmpului');

/** The value of an address field. */
export interface AddressValue {
  county_id: number;
  locality_id: number;
  village_id?: number;
  street: string;
  number: string;
  postal_code?: string;
}

/** A value kept in the form data after validation. */
export type FormValue = string | number | string[] | AddressValue | Record<string, FormItemValue>[];
/** A value inside one item of a repeatable group. */
export type FormItemValue = string | number | string[] | AddressValue;
