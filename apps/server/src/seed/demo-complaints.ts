import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  complaintComments,
  complaints,
  complaintStatusChanges,
  complaintTypes,
  documentSeries,
  documentSeriesTypes,
  localities,
  organisations,
  responseTemplates,
  users,
} from '../db/schema/index.js';
import type { Db } from '../platform/db.js';
import { takeNextNumber } from '../modules/document-series/index.js';

/**
 * Demo complaints (issue 15): a 'Sesizări' series type with a series in each demo organisation
 * (entry codes SES-CJ/1/2026, SES-TGM/…, SES-SIG/…), the complaint types each organisation
 * receives, the response templates of the super administrator (complaints and applications), and
 * three complaints citizen@ filed with the county council: a new one, one in work assigned to
 * staff@ (with an internal note), and one resolved from a template, so that /complain shows every
 * stage for the citizen and for staff@.
 */

const SERIES_TYPE = 'Sesizări';

const ORGANISATIONS = [
  {
    name: 'Consiliul Județean Mureș',
    prefix: 'SES-CJ',
    types: ['Drumuri județene', 'Mediu și salubritate', 'Construcții neautorizate'],
  },
  {
    name: 'Primăria Municipiului Târgu Mureș',
    prefix: 'SES-TGM',
    types: ['Drumuri și trotuare', 'Iluminat public', 'Spații verzi', 'Salubritate'],
  },
  {
    name: 'Primăria Municipiului Sighișoara',
    prefix: 'SES-SIG',
    types: ['Drumuri și trotuare', 'Iluminat public', 'Patrimoniu și clădiri istorice'],
  },
] as const;

const TEMPLATES = [
  {
    title: 'Sesizare soluționată',
    category: 'complaints' as const,
    message:
      '<p>Stimată doamnă / Stimate domn {{reporter_name}},</p><p>Vă mulțumim pentru sesizarea nr. {{entry_code}} din {{filed_date}} privind {{complaint_type}} la adresa {{address}}. Vă informăm că problema semnalată a fost remediată.</p><p>Cu stimă,<br>{{organisation}}</p>',
  },
  {
    title: 'Sesizare în afara competenței',
    category: 'complaints' as const,
    message:
      '<p>Stimată doamnă / Stimate domn {{reporter_name}},</p><p>Sesizarea nr. {{entry_code}} privește un domeniu care nu este în competența instituției noastre. Vă rugăm să vă adresați instituției competente.</p><p>Cu stimă,<br>{{organisation}}</p>',
  },
  {
    title: 'Sesizare clasată – problemă deja rezolvată',
    category: 'complaints' as const,
    message:
      '<p>Sesizarea nr. {{entry_code}} a fost clasată: la verificarea din teren problema semnalată la adresa {{address}} era deja rezolvată.</p><p>{{organisation}}</p>',
  },
  {
    title: 'Cerere incompletă',
    category: 'applications' as const,
    message:
      '<p>Vă rugăm să completați documentația cererii cu actele lipsă menționate mai jos, în termen de 15 zile.</p><ul><li>…</li></ul>',
  },
  {
    title: 'Anunț de întrerupere programată',
    category: 'notices' as const,
    message: '<p>Vă informăm că în data de … lucrările programate vor afecta circulația în zona …</p>',
  },
];

const DAY = 86_400_000;

export async function seedDemoComplaints(tx: Db): Promise<Record<string, number>> {
  const result = { series: 0, types: 0, templates: 0, complaints: 0 };

  let [seriesType] = await tx
    .select({ id: documentSeriesTypes.id })
    .from(documentSeriesTypes)
    .where(sql`lower(${documentSeriesTypes.name}) = lower(${SERIES_TYPE})`);
  if (!seriesType)
    [seriesType] = await tx
      .insert(documentSeriesTypes)
      .values({ name: SERIES_TYPE, description: 'Numerele de înregistrare ale sesizărilor' })
      .returning({ id: documentSeriesTypes.id });

  const typeIds = new Map<string, number>();
  for (const org of ORGANISATIONS) {
    const [organisation] = await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.name, org.name));
    if (!organisation) continue;
    const [series] = await tx
      .select({ id: documentSeries.id })
      .from(documentSeries)
      .where(and(eq(documentSeries.organisationId, organisation.id), eq(documentSeries.typeId, seriesType.id)));
    if (!series) {
      await tx.insert(documentSeries).values({
        typeId: seriesType.id,
        organisationId: organisation.id,
        name: 'Registrul sesizărilor',
        prefix: org.prefix,
        separator: '/',
        registers: ['Sesizări'],
      });
      result.series++;
    }
    for (const name of org.types) {
      const [existing] = await tx
        .select({ id: complaintTypes.id })
        .from(complaintTypes)
        .where(and(eq(complaintTypes.organisationId, organisation.id), sql`lower(${complaintTypes.name}) = lower(${name})`));
      const id =
        existing?.id ??
        (
          await tx
            .insert(complaintTypes)
            .values({ organisationId: organisation.id, name, status: 'active', seriesTypeId: seriesType.id })
            .returning({ id: complaintTypes.id })
        )[0].id;
      if (!existing) result.types++;
      typeIds.set(`${org.name}|${name}`, id);
    }
  }

  const templateIds = new Map<string, number>();
  for (const template of TEMPLATES) {
    const [existing] = await tx
      .select({ id: responseTemplates.id })
      .from(responseTemplates)
      .where(sql`lower(${responseTemplates.title}) = lower(${template.title})`);
    const id =
      existing?.id ?? (await tx.insert(responseTemplates).values(template).returning({ id: responseTemplates.id }))[0].id;
    if (!existing) result.templates++;
    templateIds.set(template.title, id);
  }

  // Three complaints of citizen@ with the county council (staff@ handles them).
  const council = ORGANISATIONS[0];
  const people = await tx
    .select({ id: users.id, email: users.email, organisationId: users.organisationId })
    .from(users)
    .where(inArray(users.email, ['citizen@demo.ghiseu.ro', 'staff@demo.ghiseu.ro']));
  const citizen = people.find((p) => p.email === 'citizen@demo.ghiseu.ro');
  const staff = people.find((p) => p.email === 'staff@demo.ghiseu.ro');
  const roads = typeIds.get(`${council.name}|Drumuri județene`);
  const environment = typeIds.get(`${council.name}|Mediu și salubritate`);
  if (!citizen || !staff?.organisationId || !roads || !environment) return result;
  const organisationId = staff.organisationId;
  const [series] = await tx
    .select({ id: documentSeries.id })
    .from(documentSeries)
    .where(and(eq(documentSeries.organisationId, organisationId), eq(documentSeries.typeId, seriesType.id)));
  const [existing] = await tx
    .select({ id: complaints.id })
    .from(complaints)
    .where(eq(complaints.reporterUserId, citizen.id))
    .limit(1);
  if (!series || existing) return result;

  /** The locality of a UAT's seat, by the UAT's SIRUTA code. */
  const seat = async (uatId: number) =>
    (
      await tx
        .select({ id: localities.id })
        .from(localities)
        .where(and(eq(localities.uatId, uatId), eq(localities.isUatSeat, true)))
        .limit(1)
    )[0]?.id ?? null;
  const targuMures = 114319;
  const sighisoara = 114514;
  const now = Date.now();
  const demo = [
    {
      typeId: roads,
      uatId: targuMures,
      address: 'Str. Gheorghe Doja nr. 150',
      addressDetails: 'pe banda spre ieșirea din oraș, în dreptul stației de autobuz',
      location: { lat: 46.5296, lng: 24.5301 },
      description: 'Groapă adâncă în carosabil, de aproximativ un metru, care pune în pericol bicicliștii și motocicliștii.',
      daysAgo: 2,
      status: 'NEW' as const,
    },
    {
      typeId: environment,
      uatId: sighisoara,
      address: 'Drumul județean spre Albești, km 3',
      addressDetails: 'în marginea pădurii, pe partea dreaptă',
      location: { lat: 46.2101, lng: 24.8207 },
      description: 'Deșeuri din construcții aruncate ilegal la marginea drumului, pe o lungime de circa 50 de metri.',
      daysAgo: 6,
      status: 'PENDING' as const,
    },
    {
      typeId: roads,
      uatId: targuMures,
      address: 'Str. Livezeni nr. 6',
      addressDetails: null,
      location: null,
      description: 'Indicatorul de trecere de pietoni este căzut de câteva zile.',
      daysAgo: 20,
      status: 'RESOLVED' as const,
    },
  ];
  for (const d of demo) {
    const filed = new Date(now - d.daysAgo * DAY);
    const code = (await takeNextNumber(tx, series.id, 'main', filed)).code;
    const [row] = await tx
      .insert(complaints)
      .values({
        organisationId,
        complaintTypeId: d.typeId,
        reporterUserId: citizen.id,
        entryCode: code,
        status: d.status,
        uatId: d.uatId,
        localityId: await seat(d.uatId),
        address: d.address,
        addressDetails: d.addressDetails,
        location: d.location
          ? sql`ST_Transform(ST_SetSRID(ST_MakePoint(${d.location.lng}, ${d.location.lat}), 4326), 3844)`
          : null,
        description: d.description,
        contactName: 'Ioana Popescu',
        contactPhone: '0740123456',
        contactEmail: 'citizen@demo.ghiseu.ro',
        solverUserId: d.status === 'NEW' ? null : staff.id,
        createdAt: filed,
        updatedAt: filed,
      } as typeof complaints.$inferInsert)
      .returning({ id: complaints.id });
    const history: (typeof complaintStatusChanges.$inferInsert)[] = [
      { complaintId: row.id, fromStatus: null, toStatus: 'NEW', actorUserId: citizen.id, createdAt: filed },
    ];
    if (d.status !== 'NEW') {
      const taken = new Date(filed.getTime() + DAY);
      history.push({ complaintId: row.id, fromStatus: 'NEW', toStatus: 'PENDING', actorUserId: staff.id, createdAt: taken });
      await tx.insert(complaintComments).values({
        complaintId: row.id,
        authorUserId: staff.id,
        text: 'Am programat verificarea în teren împreună cu administratorul drumului.',
        isInternal: true,
        createdAt: taken,
      });
    }
    if (d.status === 'RESOLVED') {
      const closed = new Date(filed.getTime() + 5 * DAY);
      history.push({
        complaintId: row.id,
        fromStatus: 'PENDING',
        toStatus: 'RESOLVED',
        actorUserId: staff.id,
        createdAt: closed,
      });
      await tx
        .update(complaints)
        .set({
          response: `<p>Stimată doamnă Ioana Popescu,</p><p>Vă mulțumim pentru sesizarea nr. ${code}. Vă informăm că indicatorul a fost remontat.</p><p>Cu stimă,<br>${council.name}</p>`,
          responseTemplateId: templateIds.get('Sesizare soluționată') ?? null,
          closedAt: closed,
          closedBy: staff.id,
          updatedAt: closed,
        })
        .where(eq(complaints.id, row.id));
    }
    await tx.insert(complaintStatusChanges).values(history);
    result.complaints++;
  }
  return result;
}
