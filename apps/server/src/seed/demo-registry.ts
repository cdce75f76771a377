import { responseDueDate, todayInRomania } from '@ghiseu/domain';
import { and, eq, sql } from 'drizzle-orm';
import {
  applicationBeneficiaries,
  applications,
  applicationTypes,
  forms,
  organisations,
  registryRecords,
  users,
} from '../db/schema/index.js';
import type { Db } from '../platform/db.js';
import { takeIncomingNumber } from '../modules/application-types/index.js';

/**
 * Demo data of the general registry (/register-application): a few applications and incoming
 * documents the county council's clerk registered at the desk, so that the registry, the staff
 * lists and the slips have something to show after `npm start`. Written straight into the
 * tables, with entry numbers from the types' incoming series (the same engine as the API).
 */

const COUNTY_COUNCIL = 'Consiliul Județean Mureș';

interface DemoRegistration {
  type: string;
  kind: 'application' | 'document';
  subject: string;
  externalNumber: string | null;
  externalDate: string | null;
  form: Record<string, unknown>;
  beneficiary: {
    personType: 'individual' | 'legal';
    firstName?: string;
    lastName?: string;
    companyName?: string;
    email?: string;
  };
  /** Sent on to the demo staff member (PENDING), or still in the registry (REGISTERED). */
  sent: boolean;
}

const REGISTRATIONS: DemoRegistration[] = [
  {
    type: 'Aviz',
    kind: 'application',
    subject: 'Aviz de amplasare în zona drumului județean DJ 151B',
    externalNumber: null,
    externalDate: null,
    form: {
      tipul_avizului: 'drum_judetean',
      drumul_judetean: 'DJ 151B, km 12+300',
      obiectul_documentatiei: 'Împrejmuire teren și acces auto din drumul județean',
    },
    beneficiary: { personType: 'individual', firstName: 'Elena', lastName: 'Moldovan', email: 'elena.moldovan@example.ro' },
    sent: false,
  },
  {
    type: 'Aviz',
    kind: 'document',
    subject: 'Adresă privind avizul de securitate la incendiu pentru Sala Polivalentă',
    externalNumber: '4521',
    externalDate: '2026-11-16',
    form: {},
    beneficiary: { personType: 'legal', companyName: 'Inspectoratul pentru Situații de Urgență „Horea” Mureș' },
    sent: false,
  },
  {
    type: 'Certificat de urbanism',
    kind: 'document',
    subject: 'Solicitare de completare a documentației pentru certificatul de urbanism',
    externalNumber: '112/B',
    externalDate: '2026-11-12',
    form: {},
    beneficiary: { personType: 'legal', companyName: 'Primăria Municipiului Reghin' },
    sent: true,
  },
];

export async function seedDemoRegistry(tx: Db): Promise<Record<string, number>> {
  const [council] = await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.name, COUNTY_COUNCIL));
  const [clerk] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.ghiseu.ro'));
  const [staff] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'staff@demo.ghiseu.ro'));
  if (!council || !clerk || !staff) return { registered: 0 };
  let registered = 0;
  for (const demo of REGISTRATIONS) {
    const [type] = await tx
      .select({
        id: applicationTypes.id,
        remainingPeriod: applicationTypes.remainingPeriod,
        formId: applicationTypes.citizenFormId,
      })
      .from(applicationTypes)
      .where(and(eq(applicationTypes.organisationId, council.id), eq(applicationTypes.name, demo.type)));
    if (!type) continue;
    const [version] = type.formId
      ? await tx.select({ id: forms.publishedVersionId }).from(forms).where(eq(forms.id, type.formId))
      : [];
    const number = await takeIncomingNumber(tx, type.id);
    const registeredAt = new Date();
    const [application] = await tx
      .insert(applications)
      .values({
        applicationTypeId: type.id,
        formVersionId: version?.id ?? null,
        organisationId: council.id,
        applicantUserId: clerk.id,
        createdBy: clerk.id,
        status: demo.sent ? 'PENDING' : 'REGISTERED',
        identificationNumber: number.code,
        seriesId: number.seriesId,
        seriesIndex: number.index,
        applicationDate: registeredAt,
        registeredAt,
        responseDueInDays: type.remainingPeriod,
        // The legal clock starts at the desk, as for registry/service.ts's registrations.
        responseDueDate: responseDueDate(todayInRomania(registeredAt), type.remainingPeriod),
        purpose: demo.subject,
        formData: demo.form,
        signDetails: { isOnline: false, package: null },
        assigneeUserId: demo.sent ? staff.id : null,
      })
      .returning({ id: applications.id });
    await tx.insert(applicationBeneficiaries).values({
      applicationId: application.id,
      personType: demo.beneficiary.personType,
      citizenship: 'romanian',
      firstName: demo.beneficiary.firstName ?? null,
      lastName: demo.beneficiary.lastName ?? null,
      companyName: demo.beneficiary.companyName ?? null,
      email: demo.beneficiary.email ?? null,
    });
    await tx.insert(registryRecords).values({
      applicationId: application.id,
      organisationId: council.id,
      kind: demo.kind,
      externalNumber: demo.externalNumber,
      externalDate: demo.externalDate,
      subject: demo.subject,
      applicantIsPlaceholder: true,
      registeredBy: clerk.id,
      sentAt: demo.sent ? new Date() : null,
      sentTo: demo.sent ? staff.id : null,
    });
    await tx.execute(sql`
      UPDATE applications AS a SET quick_search = lower(f_unaccent(concat_ws(' ', a.identification_number,
        (SELECT string_agg(concat_ws(' ', b.company_name, b.first_name, b.last_name), ' ') FROM application_beneficiaries b WHERE b.application_id = a.id))))
      WHERE a.id = ${application.id}`);
    registered++;
  }
  return { registered };
}
