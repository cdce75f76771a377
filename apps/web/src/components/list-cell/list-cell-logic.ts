import { LIMITS } from '@ghiseu/domain';

/** The beneficiary fields a list cell needs (form.beneficiary_users and beneficiary records). */
export interface BeneficiaryName {
  /** 'legal_entity' for companies (form.beneficiary_users). */
  user_type_name?: string | null;
  /** 'legal' for companies (beneficiary records). */
  person_type?: string | null;
  company_name?: string | null;
  first_name?: string | null;
  last_name?: string | null;
}

/** An entry of a list cell: a beneficiary or plain text such as a locality. */
export type ListCellItem = BeneficiaryName | string;

/** True for legal entities, whichever of the two record shapes the entry comes in. */
export function isLegalEntity(beneficiary: BeneficiaryName): boolean {
  return beneficiary.user_type_name === 'legal_entity' || beneficiary.person_type === 'legal';
}

/**
 * Display name (spec §2): the company name for legal entities, otherwise first and last name.
 * Falls back to whatever is filled in, so an incomplete record still shows something.
 */
export function beneficiaryDisplayName(beneficiary: BeneficiaryName): string {
  const person = [beneficiary.first_name, beneficiary.last_name].filter(Boolean).join(' ').trim();
  const company = beneficiary.company_name?.trim() ?? '';
  return (isLegalEntity(beneficiary) ? company || person : person || company) || '';
}

/** Text of an entry. */
export function listCellText(item: ListCellItem): string {
  return typeof item === 'string' ? item : beneficiaryDisplayName(item);
}

/** Splits entries into the ones shown (first 2, spec §9) and the rest behind '+N'. */
export function splitListCell(items: readonly ListCellItem[], visible: number = LIMITS.listCellVisibleEntries) {
  const texts = items.map(listCellText).filter((text) => text !== '');
  return { shown: texts.slice(0, visible), hidden: texts.slice(visible) };
}
