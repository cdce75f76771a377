import { APPLICATION_STATUS_LABELS, type ApplicationStatus } from '@ghiseu/domain';
import { formatRomanianDate } from '../../../platform/pdf.js';
import type { PrintContext } from './repository.js';

/**
 * The placeholder values of one application (domain documents/placeholders.ts): the fixed
 * catalogue and the answers of its citizen and staff forms (`form.<key>`, `form_staff.<key>`),
 * as the text printed in the document. A value that is missing is absent (printed as nothing).
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A form answer as text: dates as dd.mm.yyyy, lists joined, yes/no, an address's parts. */
export function formatAnswer(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'Da' : 'Nu';
  if (typeof value === 'number') return Number.isFinite(value) ? value.toLocaleString('ro-RO') : '';
  if (typeof value === 'string') {
    const date = ISO_DATE.exec(value);
    return date ? `${date[3]}.${date[2]}.${date[1]}` : value;
  }
  if (Array.isArray(value))
    return value
      .map(formatAnswer)
      .filter((v) => v !== '')
      .join(', ');
  if (typeof value === 'object')
    return Object.values(value as Record<string, unknown>)
      .filter((v) => typeof v === 'string' || typeof v === 'number')
      .map(formatAnswer)
      .filter((v) => v !== '')
      .join(', ');
  return '';
}

const REAL_ESTATE_TYPES: Record<string, string> = { land: 'Teren', land_constructions: 'Teren și construcții' };

export function organisationAddress(o: PrintContext['organisation']): string | null {
  const parts = [o.localityName ?? o.uatName, o.countyName ? `județul ${o.countyName}` : null].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}

export function placeholderValues(
  c: PrintContext,
  extra: {
    councilName: string;
    outputNumber: string;
    outputDate: Date;
    verificationUrl: string;
    organisationEmail?: string;
    organisationPhone?: string;
  },
): Record<string, string> {
  const a = c.application;
  const b = c.beneficiary;
  const values: Record<string, string | null | undefined> = {
    'application.entry_number': a.identificationNumber,
    'application.entry_date': a.applicationDate ? formatRomanianDate(a.applicationDate) : '',
    'application.type_name': c.typeName,
    'application.purpose': a.purpose,
    'application.status': APPLICATION_STATUS_LABELS[a.status as ApplicationStatus],
    'application.rejected_reason': a.rejectedReason,
    'application.response_due_date': a.responseDueDate ? formatAnswer(a.responseDueDate) : '',
    'applicant.name': c.applicant?.name,
    'applicant.cnp': c.applicant?.cnp,
    'applicant.email': c.applicant?.email,
    'applicant.phone': c.applicant?.phone,
    'applicant.address': c.applicant?.address,
    'beneficiary.name': b ? b.companyName || [b.firstName, b.lastName].filter(Boolean).join(' ') : '',
    'beneficiary.identifier': b ? (b.personalNumericCode ?? b.uniqueRegistrationCode ?? '') : '',
    'beneficiary.address': b ? formatAnswer((b.details as Record<string, unknown>)?.address ?? '') : '',
    'real_estate.address': c.estate?.address,
    'real_estate.uat': c.estate?.uatName,
    'real_estate.land_registry': c.estate?.cadastralNumber,
    'real_estate.cadastral_number': c.estate?.cadastralNumber,
    'real_estate.type': c.estate ? REAL_ESTATE_TYPES[c.estate.type] : '',
    'organisation.name': c.organisation.name,
    'organisation.council_name': extra.councilName,
    'organisation.address': organisationAddress(c.organisation),
    'organisation.email': extra.organisationEmail,
    'organisation.phone': extra.organisationPhone,
    'document.output_number': extra.outputNumber,
    'document.output_date': formatRomanianDate(extra.outputDate),
    'document.visa_first_code': a.visaFirstCode,
    'document.visa_second_code': a.visaSecondCode,
    'document.current_date': formatRomanianDate(new Date()),
    'document.verification_url': extra.verificationUrl,
    'staff.assignee_name': c.assigneeName,
    'staff.reviewer_name': c.reviewerName,
    'staff.president_name': c.presidentName,
  };
  for (const [key, value] of Object.entries(a.formData ?? {})) values[`form.${key}`] = formatAnswer(value);
  for (const [key, value] of Object.entries(a.formStaff ?? {})) values[`form_staff.${key}`] = formatAnswer(value);
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) if (value) out[key] = value;
  return out;
}
