import { isValidDateRange, parseIsoDate, VALIDATION_MESSAGES as M, zCnp, zRequiredText } from '@ghiseu/domain';
import { z } from 'zod';

/**
 * The enrollment form: the identity data signing needs (CNP, ID card series, number, issue and
 * expiry dates, issuer) and the picture of the ID document. Mirrors `ZEnrollmentCreateRequest`
 * with the form's shapes (dates may be empty while typing, the file is chosen separately).
 */

const isoDate = z
  .string()
  .nullable()
  .refine((value) => value !== null && value !== '', { error: M.required, abort: true })
  .refine((value) => value === null || parseIsoDate(value) !== null, { error: M.date });

export const enrollmentFormSchema = z
  .object({
    personal_numeric_code: zCnp,
    id_card_series: zRequiredText(10),
    id_card_number: zRequiredText(20),
    id_card_issue_date: isoDate,
    id_card_expiry_date: isoDate,
    id_card_issuer: zRequiredText(),
    id_document_file_id: z.number({ error: M.requiredFields }).int().positive({ error: M.requiredFields }).nullable(),
  })
  .refine((value) => value.id_document_file_id !== null, { error: M.requiredFields, path: ['id_document_file_id'] })
  .refine(
    (value) =>
      !value.id_card_issue_date ||
      !value.id_card_expiry_date ||
      (isValidDateRange(value.id_card_issue_date, value.id_card_expiry_date) &&
        value.id_card_issue_date !== value.id_card_expiry_date),
    { error: 'Data expirării trebuie să fie după data eliberării', path: ['id_card_expiry_date'] },
  );

export type EnrollmentFormValues = z.input<typeof enrollmentFormSchema>;

export const EMPTY_ENROLLMENT: EnrollmentFormValues = {
  personal_numeric_code: '',
  id_card_series: '',
  id_card_number: '',
  id_card_issue_date: null,
  id_card_expiry_date: null,
  id_card_issuer: '',
  id_document_file_id: null,
};
