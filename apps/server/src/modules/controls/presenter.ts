import {
  type ControlActivity,
  type ControlBuildingBody,
  type ControlDetail,
  type ControlListItem,
  type ControlPerson,
  type ControlStaff,
  type ControlType,
  isControlLocked,
} from '@ghiseu/domain';
import type { Actor } from '../../platform/auth/actor.js';
import { controlAbilitiesFor, mayWriteType } from './policy.js';
import type { BodyRow, ControlFileRow, ControlItemRow, ControlTypeDetailRow, PersonRow, StaffRow } from './repository.js';

export const personName = (first: string | null, last: string | null, email: string): string =>
  [first, last].filter(Boolean).join(' ') || email;

const num = (value: string | null): number | null => (value === null ? null : Number(value));

export function presentType(actor: Actor, row: ControlTypeDetailRow): ControlType {
  const x = row.type;
  const write = mayWriteType(actor, x.organisationId);
  return {
    id: x.id,
    name: x.name,
    status: x.status,
    series_type_id: x.seriesTypeId,
    series_type_name: row.seriesTypeName,
    organisation_id: x.organisationId,
    organisation_name: row.organisationName,
    control_count: Number(row.controlCount),
    created_at: x.createdAt.toISOString(),
    updated_at: x.updatedAt.toISOString(),
    abilities: { can_edit: write, can_delete: write && Number(row.controlCount) === 0 },
  };
}

export function presentItem(row: ControlItemRow): ControlListItem {
  const x = row.control;
  return {
    id: x.id,
    entry_code: x.entryCode,
    status: x.status,
    control_date: x.controlDate,
    control_type: { id: x.controlTypeId, name: row.typeName },
    uat: { id: x.uatId, name: row.uatName },
    address: x.address,
    cadastral_number: x.cadastralNumber,
    complaint:
      x.complaintId !== null && row.complaintEntryCode !== null
        ? { id: x.complaintId, entry_code: row.complaintEntryCode }
        : null,
    created_by: { id: x.createdBy, name: personName(row.creatorFirst, row.creatorLast, row.creatorEmail) },
    created_at: x.createdAt.toISOString(),
  };
}

export const presentStaff = (s: StaffRow): ControlStaff => ({
  id: s.id,
  user_id: s.userId,
  name: s.name,
  function: s.function,
  control_body: s.controlBody,
  id_number: s.idNumber,
  id_expiry: s.idExpiry,
  id_issuer: s.idIssuer,
});

export const presentPerson = (p: PersonRow): ControlPerson => ({
  id: p.id,
  role: p.role,
  person_type: p.personType,
  citizenship: p.citizenship,
  first_name: p.firstName,
  last_name: p.lastName,
  company_name: p.companyName,
  unique_registration_code: p.uniqueRegistrationCode,
  personal_numeric_code: p.personalNumericCode,
  passport_number: p.passportNumber,
  id_card_series: p.idCardSeries,
  id_card_number: p.idCardNumber,
  id_card_issued_by: p.idCardIssuedBy,
  id_card_issued_at: p.idCardIssuedAt,
  address: p.address,
  phone: p.phone,
  email: p.email,
});

export const presentBody = (b: BodyRow): ControlBuildingBody => ({
  id: b.id,
  name: b.name,
  height_cornice: num(b.heightCornice),
  height_ridge: num(b.heightRidge),
  levels_below: b.levelsBelow,
  levels_above: b.levelsAbove,
  height_regime: b.heightRegime,
  construction_type: b.constructionType,
  foundations: b.foundations,
  roof: b.roof,
  heating: b.heating,
  finishes: b.finishes,
  function: b.function,
  importance_category: b.importanceCategory,
  built_area: num(b.builtArea),
  developed_area: num(b.developedArea),
  useful_area: num(b.usefulArea),
  living_area: num(b.livingArea),
  apartments_1_room: b.apartments1Room,
  apartments_2_rooms: b.apartments2Rooms,
  apartments_3_rooms: b.apartments3Rooms,
  apartments_4_rooms: b.apartments4Rooms,
  apartments_5_plus_rooms: b.apartments5PlusRooms,
});

export interface ControlParts {
  staff: StaffRow[];
  persons: PersonRow[];
  bodies: BodyRow[];
  files: ControlFileRow[];
}

export function presentDetail(actor: Actor, row: ControlItemRow, parts: ControlParts): ControlDetail {
  const x = row.control;
  const report = x.closingReportFileId === null ? undefined : parts.files.find((f) => f.fileId === x.closingReportFileId);
  return {
    ...presentItem(row),
    organisation_id: x.organisationId,
    locality: x.localityId !== null && row.localityName !== null ? { id: x.localityId, name: row.localityName } : null,
    version: x.version,
    staff: parts.staff.map(presentStaff),
    persons: parts.persons.map(presentPerson),
    building_bodies: parts.bodies.map(presentBody),
    files: parts.files.map((f) => ({
      id: f.id,
      file_id: f.fileId,
      name: f.name,
      kind: f.kind,
      description: f.description,
      size: f.size,
      created_at: f.createdAt.toISOString(),
    })),
    closing_report: report ? { file_id: report.fileId, name: report.name } : null,
    report_error: x.reportError,
    generated_at: x.generatedAt?.toISOString() ?? null,
    closed_at: x.closedAt?.toISOString() ?? null,
    locked: isControlLocked(x.status),
    abilities: controlAbilitiesFor(actor, x.organisationId, x.status),
  };
}

export function presentActivity(row: {
  id: number;
  action: string;
  details: string | null;
  createdAt: Date;
  actorId: number | null;
  actorFirst: string | null;
  actorLast: string | null;
  actorEmail: string | null;
}): ControlActivity {
  return {
    id: row.id,
    action: row.action,
    actor:
      row.actorId === null ? null : { id: row.actorId, name: personName(row.actorFirst, row.actorLast, row.actorEmail ?? '') },
    details: row.details,
    created_at: row.createdAt.toISOString(),
  };
}
