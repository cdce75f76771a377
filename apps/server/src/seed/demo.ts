import type { UserType } from '@ghiseu/domain';
import { organisations, profiles, users } from '../db/schema/index.js';
import { hashPassword } from '../platform/auth/passwords.js';
import type { Db } from '../platform/db.js';
import { createSystemFunctions } from '../modules/administration/index.js';

export const DEMO_PASSWORD = 'Ghiseu!2026';

/** SIRUTA codes of the demo territory. */
const MURES_COUNTY = 261;
const TARGU_MURES = 114319;
const SIGHISOARA = 114514;

interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  userType: UserType;
  accountType?: 'personal' | 'professional';
  organisation?: 'county' | 'targu-mures' | 'sighisoara';
  isOrganisationAdmin?: boolean;
  parent?: string;
  secondaryRole?: 'administrator' | 'editor';
  phone: string;
  profile: Partial<typeof profiles.$inferInsert>;
}

const address = {
  countyId: MURES_COUNTY,
  localityId: TARGU_MURES,
  street: 'Str. Trandafirilor',
  streetNumber: '12',
  postalCode: '540049',
};
const idCard = (series: string, number: string) => ({
  idCardSeries: series,
  idCardNumber: number,
  idCardIssueDate: '2022-03-15',
  idCardExpiryDate: '2032-03-15',
  idCardIssuer: 'SPCLEP Târgu Mureș',
});

/** One account of every role of spec §6; CNPs and CUIs carry valid control digits. */
export const DEMO_USERS: DemoUser[] = [
  {
    email: 'citizen@demo.ghiseu.ro',
    firstName: 'Ioana',
    lastName: 'Popescu',
    userType: 'citizen',
    phone: '0740123456',
    profile: { personalNumericCode: '2850315260025', ...address, ...idCard('MS', '123456') },
  },
  {
    email: 'foreigner@demo.ghiseu.ro',
    firstName: 'Anna',
    lastName: 'Schmidt',
    userType: 'foreigner',
    phone: '0740123457',
    profile: { citizenship: 'foreign', passportNumber: 'C01X00T47', city: 'München', address: 'Leopoldstraße 21', ...address },
  },
  {
    email: 'company@demo.ghiseu.ro',
    firstName: 'Mihai',
    lastName: 'Ionescu',
    userType: 'legal_entity',
    phone: '0740123458',
    profile: {
      personalNumericCode: '1781122260030',
      companyName: 'Construcții Mureș SRL',
      companyRegistrationCode: 'RO18547290',
      tradeRegistryNumber: 'J26/1234/2010',
      iban: 'RO49AAAA1B31007593840000',
      bank: 'Banca Transilvania',
      ...address,
      ...idCard('MS', '223344'),
    },
  },
  {
    email: 'office@demo.ghiseu.ro',
    firstName: 'Andrei',
    lastName: 'Moldovan',
    userType: 'legal_entity',
    accountType: 'professional',
    secondaryRole: 'administrator',
    phone: '0740123459',
    profile: {
      personalNumericCode: '1820414260054',
      companyName: 'Atelier Proiect Arhitectură SRL',
      companyRegistrationCode: '30123455',
      tradeRegistryNumber: 'J26/555/2012',
      architectLicence: 'TNA 4521',
      ...address,
      ...idCard('MS', '334455'),
    },
  },
  {
    email: 'office-editor@demo.ghiseu.ro',
    firstName: 'Elena',
    lastName: 'Moldovan',
    userType: 'legal_entity',
    accountType: 'professional',
    parent: 'office@demo.ghiseu.ro',
    secondaryRole: 'editor',
    phone: '0740123460',
    profile: {
      personalNumericCode: '2900620260041',
      companyName: 'Atelier Proiect Arhitectură SRL',
      companyRegistrationCode: '30123455',
      ...address,
      ...idCard('MS', '445566'),
    },
  },
  {
    email: 'staff@demo.ghiseu.ro',
    firstName: 'Vasile',
    lastName: 'Pop',
    userType: 'staff',
    organisation: 'county',
    phone: '0740123461',
    profile: { personalNumericCode: '1930909260063', staffBadgeNumber: 'CJMS-101', ...address, ...idCard('MS', '556677') },
  },
  {
    email: 'admin@demo.ghiseu.ro',
    firstName: 'Maria',
    lastName: 'Rusu',
    userType: 'admin',
    organisation: 'county',
    isOrganisationAdmin: true,
    phone: '0740123462',
    profile: { personalNumericCode: '2871201260073', staffBadgeNumber: 'CJMS-001', ...address, ...idCard('MS', '667788') },
  },
  {
    email: 'superadmin@demo.ghiseu.ro',
    firstName: 'Radu',
    lastName: 'Câmpeanu',
    userType: 'super_admin',
    organisation: 'county',
    phone: '0740123463',
    profile: { personalNumericCode: '1910711260081', ...address, ...idCard('MS', '778899') },
  },
  {
    email: 'archiver@demo.ghiseu.ro',
    firstName: 'Cristina',
    lastName: 'Suciu',
    userType: 'archiver',
    organisation: 'county',
    phone: '0740123464',
    profile: { personalNumericCode: '2800228260091', ...address, ...idCard('MS', '889900') },
  },
  {
    email: 'consultant@demo.ghiseu.ro',
    firstName: 'Ștefan',
    lastName: 'Țurcanu',
    userType: 'consultant',
    organisation: 'county',
    phone: '0740123465',
    profile: { personalNumericCode: '1960515260105', ...address, ...idCard('MS', '990011') },
  },
];

/**
 * The demo tenant: the county council of Mureș and the city halls of Târgu Mureș and
 * Sighișoara, and one confirmed, complete account of every role.
 */
export async function seedDemoData(db: Db): Promise<Record<string, number>> {
  const [county] = await db
    .insert(organisations)
    .values({
      name: 'Consiliul Județean Mureș',
      description: 'Autoritatea administrației publice locale la nivelul județului Mureș',
      type: 'county_council',
      countyId: MURES_COUNTY,
      externalLink: 'https://www.cjmures.ro',
      paymentOrderDetails:
        'Beneficiar: Consiliul Județean Mureș, CUI 4322450, IBAN RO30TREZ4765006XXX000123, Trezoreria Târgu Mureș',
      usefulLinks: [
        {
          name: 'Legea 50/1991 privind autorizarea executării lucrărilor de construcții',
          link: 'https://legislatie.just.ro/Public/DetaliiDocument/1527',
        },
        { name: 'Ghidul solicitantului', link: 'https://www.cjmures.ro' },
      ],
    })
    .returning();
  const [targuMures] = await db
    .insert(organisations)
    .values({
      name: 'Primăria Municipiului Târgu Mureș',
      type: 'city_hall',
      countyId: MURES_COUNTY,
      uatId: TARGU_MURES,
      externalLink: 'https://www.tirgumures.ro',
    })
    .returning();
  const [sighisoara] = await db
    .insert(organisations)
    .values({
      name: 'Primăria Municipiului Sighișoara',
      type: 'city_hall',
      countyId: MURES_COUNTY,
      uatId: SIGHISOARA,
      externalLink: 'https://www.sighisoara.org.ro',
    })
    .returning();
  const organisationIds = { county: county.id, 'targu-mures': targuMures.id, sighisoara: sighisoara.id };
  // Every organisation gets its protected system functions, as one created from the UI would.
  for (const id of Object.values(organisationIds)) await createSystemFunctions(db, id);

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = new Date();
  const idByEmail = new Map<string, number>();
  for (const demo of DEMO_USERS) {
    const [user] = await db
      .insert(users)
      .values({
        email: demo.email,
        passwordHash,
        firstName: demo.firstName,
        lastName: demo.lastName,
        phone: demo.phone,
        userType: demo.userType,
        accountType: demo.accountType ?? 'personal',
        organisationId: demo.organisation ? organisationIds[demo.organisation] : null,
        isOrganisationAdmin: demo.isOrganisationAdmin ?? false,
        parentUserId: demo.parent ? (idByEmail.get(demo.parent) ?? null) : null,
        secondaryRole: demo.secondaryRole ?? null,
        emailConfirmedAt: now,
        phoneConfirmedAt: now,
        profileCompleted: true,
        enrolled: demo.userType === 'staff' || demo.userType === 'admin',
        passwordChangedAt: now,
      })
      .returning({ id: users.id });
    idByEmail.set(demo.email, user.id);
    await db.insert(profiles).values({ userId: user.id, ...demo.profile });
  }
  return { organisations: 3, users: DEMO_USERS.length };
}
