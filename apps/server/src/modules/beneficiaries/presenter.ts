import { type ApplicationBeneficiary, type Beneficiary, beneficiaryDisplayName, ZAnafCompany } from '@ghiseu/domain';
import type { ApplicationBeneficiaryRow, BeneficiaryRow } from './repository.js';

/** Rows → the beneficiary contracts, with the abilities the caller computed. */

const userTypeName = (row: Pick<BeneficiaryRow, 'personType' | 'citizenship'>) =>
  row.personType === 'legal'
    ? ('legal_entity' as const)
    : row.citizenship === 'foreign'
      ? ('foreigner' as const)
      : ('citizen' as const);

export function presentBeneficiary(row: BeneficiaryRow, abilities: { canEdit: boolean; canDelete: boolean }): Beneficiary {
  const anaf = ZAnafCompany.safeParse(row.anafData);
  return {
    id: row.id,
    person_type: row.personType,
    citizenship: row.citizenship,
    user_type_name: userTypeName(row),
    display_name: beneficiaryDisplayName({
      person_type: row.personType,
      company_name: row.companyName,
      first_name: row.firstName,
      last_name: row.lastName,
    }),
    first_name: row.firstName,
    last_name: row.lastName,
    company_name: row.companyName,
    personal_numeric_code: row.personalNumericCode,
    unique_registration_code: row.uniqueRegistrationCode,
    email: row.email,
    phone: row.phone,
    details: row.details,
    is_contact_person: row.isContactPerson,
    tna_code: row.tnaCode,
    subsidiary: row.subsidiary,
    anaf_status: row.anafStatus,
    anaf_checked_at: row.anafCheckedAt ? row.anafCheckedAt.toISOString() : null,
    anaf_data: anaf.success ? anaf.data : null,
    created_at: row.createdAt.toISOString(),
    abilities,
  };
}

export function presentApplicationBeneficiary(
  row: ApplicationBeneficiaryRow,
  abilities: { canEdit: boolean; canDelete: boolean },
): ApplicationBeneficiary {
  return { ...presentBeneficiary(row, abilities), application_id: row.applicationId, position: row.position };
}

/** The `beneficiary_users` entry of the application's form (spec §3). */
export function presentBeneficiaryUser(row: ApplicationBeneficiaryRow) {
  return {
    id: row.id,
    user_type_name: userTypeName(row),
    citizenship: row.citizenship,
    company_name: row.companyName,
    first_name: row.firstName,
    last_name: row.lastName,
    personal_numeric_code: row.personalNumericCode,
    unique_registration_code: row.uniqueRegistrationCode,
  };
}
