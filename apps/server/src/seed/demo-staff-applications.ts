import {
  type ApplicationStatus,
  type FormDefinitionInput,
  responseDueDate,
  todayInRomania,
  ZFormDefinition,
} from '@ghiseu/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  applicationBeneficiaries,
  applicationComments,
  applicationConsultations,
  applicationRealEstates,
  applications,
  applicationTypes,
  forms,
  formVersions,
  functionResponsibilities,
  organisations,
  profiles,
  responsibilities,
  responsibilityPermissions,
  staffFunctions,
  userFunctions,
  users,
} from '../db/schema/index.js';
import type { Db } from '../platform/db.js';
import { takeIncomingNumber } from '../modules/application-types/index.js';
import { refreshQuickSearch } from '../modules/applications/index.js';

/**
 * Demo data of staff processing (issue 11): the county council's clerk staff@ sees a portal at
 * work after `npm start`. The demo citizen, company and design office have applications in every
 * status the staff actions reach — NEW, REGISTERED, PENDING (assigned to staff@, one overdue, one
 * sent to consultant@), REVIEW with the clarification request, APPROVED with staff@ as reviewer,
 * REJECTED with its reason, RESOLVED, CLOSED — and staff@ (and admin@) hold a function that sees
 * the organisation's applications and assigns them. Runs once (seed_runs, like the other seeds);
 * needs the demo accounts and the demo application types.
 */

const COUNTY_COUNCIL = 'Consiliul Județean Mureș';
const FUNCTION_NAME = 'Registratură și urbanism';
const RESPONSIBILITY_NAME = 'Procesarea cererilor instituției';
const TARGU_MURES = 114319;
const MURES_COUNTY = 261;

const STAFF_FORM: FormDefinitionInput = {
  fields: [
    { type: 'textarea', key: 'observatii', label: 'Observațiile funcționarului', required: true, maxLength: 4000 },
    {
      type: 'select',
      key: 'concluzie',
      label: 'Concluzia verificării',
      required: true,
      options: [
        { value: 'conform', label: 'Documentație conformă' },
        { value: 'neconform', label: 'Documentație neconformă' },
      ],
    },
  ],
};

const REJECT_FORM: FormDefinitionInput = {
  fields: [
    { type: 'textarea', key: 'temei_legal', label: 'Temeiul legal al respingerii', required: true, maxLength: 2000 },
    { type: 'textarea', key: 'documente_lipsa', label: 'Documentele care lipsesc', maxLength: 2000 },
  ],
};

interface DemoApplication {
  applicant: 'citizen' | 'company' | 'office';
  type: 'Certificat de urbanism' | 'Autorizație de construire' | 'Autorizație de desființare' | 'Aviz';
  status: ApplicationStatus;
  purpose: string;
  /** Days ago it was submitted (and registered a day later, unless NEW). */
  submittedDaysAgo: number;
  assigned?: boolean;
  reviewer?: boolean;
  consultant?: string;
  clarification?: string;
  rejectedReason?: string;
  cadastral: string;
}

const DEMO_APPLICATIONS: DemoApplication[] = [
  {
    // Its type runs the demo process (demo-processes.ts): the clerk can start it.
    applicant: 'citizen',
    type: 'Autorizație de desființare',
    status: 'PENDING',
    purpose: 'Desființare anexă gospodărească',
    submittedDaysAgo: 4,
    assigned: true,
    cadastral: '120360',
  },
  {
    applicant: 'citizen',
    type: 'Certificat de urbanism',
    status: 'NEW',
    purpose: 'Construire locuință P+1',
    submittedDaysAgo: 1,
    cadastral: '120345',
  },
  {
    applicant: 'company',
    type: 'Aviz',
    status: 'NEW',
    purpose: 'Racord la drumul județean DJ 135',
    submittedDaysAgo: 2,
    cadastral: '120346',
  },
  {
    applicant: 'office',
    type: 'Autorizație de construire',
    status: 'REGISTERED',
    purpose: 'Clădire de birouri S+P+3',
    submittedDaysAgo: 3,
    cadastral: '120347',
  },
  {
    applicant: 'citizen',
    type: 'Autorizație de construire',
    status: 'PENDING',
    purpose: 'Extindere locuință',
    submittedDaysAgo: 8,
    assigned: true,
    cadastral: '120348',
  },
  {
    applicant: 'company',
    type: 'Certificat de urbanism',
    status: 'PENDING',
    purpose: 'Hală de depozitare',
    submittedDaysAgo: 60,
    assigned: true,
    cadastral: '120349',
  },
  {
    applicant: 'citizen',
    type: 'Certificat de urbanism',
    status: 'REVIEW',
    purpose: 'Împrejmuire teren',
    submittedDaysAgo: 12,
    assigned: true,
    clarification: 'Vă rugăm să atașați extrasul de carte funciară actualizat (cel mult 30 de zile).',
    cadastral: '120350',
  },
  {
    applicant: 'office',
    type: 'Aviz',
    status: 'APPROVED',
    purpose: 'Aviz de oportunitate PUZ',
    submittedDaysAgo: 15,
    assigned: true,
    reviewer: true,
    cadastral: '120351',
  },
  {
    applicant: 'office',
    type: 'Certificat de urbanism',
    status: 'PENDING',
    purpose: 'Parc fotovoltaic',
    submittedDaysAgo: 6,
    assigned: true,
    reviewer: true,
    consultant: 'Amplasamentul este compatibil cu Planul de amenajare a teritoriului județean?',
    cadastral: '120352',
  },
  {
    applicant: 'company',
    type: 'Autorizație de construire',
    status: 'REJECTED',
    purpose: 'Stație de betoane',
    submittedDaysAgo: 40,
    assigned: true,
    rejectedReason: 'Lipsește avizul de mediu cerut prin certificatul de urbanism.',
    cadastral: '120353',
  },
  {
    applicant: 'citizen',
    type: 'Aviz',
    status: 'RESOLVED',
    purpose: 'Acces auto din DJ 151',
    submittedDaysAgo: 35,
    assigned: true,
    cadastral: '120354',
  },
  {
    applicant: 'office',
    type: 'Certificat de urbanism',
    status: 'CLOSED',
    purpose: 'Informare',
    submittedDaysAgo: 90,
    assigned: true,
    cadastral: '120355',
  },
];

const EMAILS = {
  citizen: 'citizen@demo.ghiseu.ro',
  company: 'company@demo.ghiseu.ro',
  office: 'office@demo.ghiseu.ro',
  staff: 'staff@demo.ghiseu.ro',
  admin: 'admin@demo.ghiseu.ro',
  consultant: 'consultant@demo.ghiseu.ro',
} as const;

async function publishForm(tx: Db, name: string, definition: FormDefinitionInput): Promise<number> {
  const [existing] = await tx.select({ id: forms.id }).from(forms).where(sql`lower(${forms.name}) = lower(${name})`);
  if (existing) return existing.id;
  const parsed = ZFormDefinition.parse(definition);
  const [form] = await tx
    .insert(forms)
    .values({ name, status: 'published', draftDefinition: parsed })
    .returning({ id: forms.id });
  const [version] = await tx
    .insert(formVersions)
    .values({ formId: form.id, version: 1, definition: parsed })
    .returning({ id: formVersions.id });
  await tx.update(forms).set({ publishedVersionId: version.id }).where(eq(forms.id, form.id));
  return form.id;
}

const daysAgo = (days: number, hour = 9): Date => {
  const date = new Date(Date.now() - days * 86_400_000);
  date.setUTCHours(hour, 0, 0, 0);
  return date;
};

export async function seedDemoStaffApplications(tx: Db): Promise<Record<string, number>> {
  const [council] = await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.name, COUNTY_COUNCIL));
  const people = await tx
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      cnp: profiles.personalNumericCode,
      companyName: profiles.companyName,
      cui: profiles.companyRegistrationCode,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(inArray(users.email, Object.values(EMAILS)));
  const byEmail = new Map(people.map((p) => [p.email, p]));
  const types = council
    ? await tx
        .select({
          id: applicationTypes.id,
          name: applicationTypes.name,
          citizenFormId: applicationTypes.citizenFormId,
          period: applicationTypes.remainingPeriod,
        })
        .from(applicationTypes)
        .where(eq(applicationTypes.organisationId, council.id))
    : [];
  const staff = byEmail.get(EMAILS.staff);
  if (!council || !staff || types.length === 0) return { applications: 0, functions: 0 };
  // Ran already (the function is its first record): nothing twice.
  const [done] = await tx
    .select({ id: staffFunctions.id })
    .from(staffFunctions)
    .where(and(eq(staffFunctions.organisationId, council.id), eq(staffFunctions.name, FUNCTION_NAME)));
  if (done) return { applications: 0, functions: 0 };

  // staff@ and admin@ see the organisation's applications; staff@ also assigns them.
  const [responsibility] = await tx
    .insert(responsibilities)
    .values({
      organisationId: council.id,
      name: RESPONSIBILITY_NAME,
      description: 'Vede toate cererile instituției și le alocă funcționarilor',
    })
    .returning({ id: responsibilities.id });
  await tx.insert(responsibilityPermissions).values(
    ['CAN_VIEW_ORGANISATIONS_APPLICATIONS', 'CAN_ASSIGN_APPLICATION'].map((permissionKey) => ({
      responsibilityId: responsibility.id,
      permissionKey,
    })),
  );
  const [fn] = await tx
    .insert(staffFunctions)
    .values({
      organisationId: council.id,
      name: FUNCTION_NAME,
      description: 'Înregistrează, alocă și verifică cererile de urbanism',
    })
    .returning({ id: staffFunctions.id });
  await tx.insert(functionResponsibilities).values({ functionId: fn.id, responsibilityId: responsibility.id });
  for (const email of [EMAILS.staff, EMAILS.admin]) {
    const user = byEmail.get(email);
    if (user) await tx.insert(userFunctions).values({ userId: user.id, functionId: fn.id }).onConflictDoNothing();
  }

  // The certificate gets a staff form and a rejection form, so both show in the demo.
  const certificate = types.find((t) => t.name === 'Certificat de urbanism');
  if (certificate) {
    await tx
      .update(applicationTypes)
      .set({
        staffFormId: await publishForm(tx, 'Fișa de verificare a certificatului de urbanism', STAFF_FORM),
        rejectFormId: await publishForm(tx, 'Motivarea respingerii', REJECT_FORM),
      })
      .where(and(eq(applicationTypes.id, certificate.id), sql`${applicationTypes.staffFormId} IS NULL`));
  }

  let created = 0;
  for (const demo of DEMO_APPLICATIONS) {
    const applicant = byEmail.get(EMAILS[demo.applicant]);
    const type = types.find((t) => t.name === demo.type);
    if (!applicant || !type) continue;
    const [form] = type.citizenFormId
      ? await tx.select({ versionId: forms.publishedVersionId }).from(forms).where(eq(forms.id, type.citizenFormId))
      : [];
    const submitted = daysAgo(demo.submittedDaysAgo);
    const registered = demo.status === 'NEW' ? null : daysAgo(demo.submittedDaysAgo - 1, 11);
    const number = await takeIncomingNumber(tx, type.id, submitted);
    const finished = demo.status === 'RESOLVED' || demo.status === 'REJECTED' || demo.status === 'CLOSED';
    const pausedAt = demo.clarification ? daysAgo(3, 10) : null;
    const [row] = await tx
      .insert(applications)
      .values({
        applicationTypeId: type.id,
        formVersionId: form?.versionId ?? null,
        organisationId: council.id,
        applicantUserId: applicant.id,
        createdBy: applicant.id,
        status: demo.status,
        identificationNumber: number.code,
        seriesId: number.seriesId,
        seriesIndex: number.index,
        applicationDate: submitted,
        responseDueInDays: type.period,
        purpose: demo.purpose,
        uatId: TARGU_MURES,
        realEstateType: 'land',
        formData: {},
        assigneeUserId: demo.assigned ? staff.id : null,
        reviewerUserId: demo.reviewer ? staff.id : null,
        registeredAt: registered,
        responseDueDate: registered ? responseDueDate(todayInRomania(registered), type.period) : null,
        clockPausedAt: pausedAt,
        rejectedReason: demo.rejectedReason ?? null,
        resolvedAt: finished ? daysAgo(Math.max(1, demo.submittedDaysAgo - 20)) : null,
        issuedAt:
          demo.status === 'RESOLVED' || demo.status === 'CLOSED' ? daysAgo(Math.max(1, demo.submittedDaysAgo - 20)) : null,
        lastReviewAt: pausedAt,
        createdAt: addDays(submitted, -1),
        updatedAt: submitted,
      })
      .returning({ id: applications.id });
    const legal = demo.applicant !== 'citizen' && applicant.companyName;
    await tx.insert(applicationBeneficiaries).values(
      legal
        ? {
            applicationId: row.id,
            personType: 'legal',
            companyName: applicant.companyName,
            uniqueRegistrationCode: applicant.cui,
          }
        : {
            applicationId: row.id,
            personType: 'individual',
            firstName: applicant.firstName,
            lastName: applicant.lastName,
            personalNumericCode: applicant.cnp,
          },
    );
    await tx.insert(applicationRealEstates).values({
      applicationId: row.id,
      cadastralNumber: demo.cadastral,
      uatId: TARGU_MURES,
      countyId: MURES_COUNTY,
      type: 'land',
      area: '850',
      address: 'Târgu Mureș, jud. Mureș',
    });
    if (demo.clarification)
      await tx
        .insert(applicationComments)
        .values({ applicationId: row.id, authorUserId: staff.id, text: demo.clarification, createdAt: pausedAt ?? submitted });
    const consultant = byEmail.get(EMAILS.consultant);
    if (demo.consultant && consultant)
      await tx
        .insert(applicationConsultations)
        .values({ applicationId: row.id, consultantUserId: consultant.id, requestedBy: staff.id, question: demo.consultant });
    await refreshQuickSearch(tx, row.id);
    created++;
  }
  return { applications: created, functions: 1 };
}

const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);
