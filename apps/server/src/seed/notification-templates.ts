import {
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_EVENTS,
  NOTIFICATION_LANGUAGE_LABELS,
  NOTIFICATION_LANGUAGES,
  type NotificationChannel,
  type NotificationLanguage,
} from '@ghiseu/domain';
import { notificationTemplates } from '../db/schema/index.js';
import type { Db } from '../platform/db.js';

/**
 * The notification templates (issue 14): every event of the catalogue × its channels × ro, en,
 * hu. Reference data seeded on every start: a missing (event, channel, language) row is
 * inserted, an existing one (perhaps edited by the super administrator) is never overwritten.
 *
 * Romanian is formal (dumneavoastră), with comma-below ș ț; the account, payment-link and
 * beneficiary texts keep the wording of the messages the portal sent before the templates.
 * E-mails are simple HTML (the sanitiser's allow-list), in-app messages one or two sentences,
 * SMS one or two parts with a 306-unit limit.
 */

export const SMS_CHARACTER_LIMIT = 306;

type Lang = NotificationLanguage;
type PerLang<T> = Record<Lang, T>;

/** What one event says in one language. */
interface EventTexts {
  /** E-mail subject and in-app title. */
  subject: string;
  /** E-mail paragraphs (HTML allowed), between the greeting and the signature. */
  paragraphs: string[];
  /** The e-mail's button-like link, after the paragraphs (or after `linkAfter` of them). */
  link?: { href: string; label: string };
  /** How many paragraphs come before the link (default: all). */
  linkAfter?: number;
  /** In-app: one or two sentences (default: the first paragraph). */
  inApp?: string;
  /** SMS text, after "{{portal_name}}: " unless `smsRaw`. */
  sms?: string;
  smsRaw?: boolean;
}

const GREETING: PerLang<string> = {
  ro: 'Bună ziua, {{recipient_name}},',
  en: 'Hello {{recipient_name}},',
  hu: 'Jó napot kívánunk, {{recipient_name}}!',
};
const SIGNATURE: PerLang<string> = {
  ro: 'Echipa {{portal_name}}',
  en: 'The {{portal_name}} team',
  hu: 'A(z) {{portal_name}} csapata',
};
const OPEN_APPLICATION: PerLang<{ href: string; label: string }> = {
  ro: { href: '{{application_url}}', label: 'Deschideți cererea' },
  en: { href: '{{application_url}}', label: 'Open the application' },
  hu: { href: '{{application_url}}', label: 'A kérelem megnyitása' },
};

/** An application event: subject, one body sentence (e-mail and in-app), an SMS sentence. */
const app = (texts: PerLang<[subject: string, body: string, sms: string]>): PerLang<EventTexts> =>
  Object.fromEntries(
    NOTIFICATION_LANGUAGES.map((lang) => {
      const [subject, body, sms] = texts[lang];
      return [lang, { subject, paragraphs: [body], link: OPEN_APPLICATION[lang], sms }];
    }),
  ) as PerLang<EventTexts>;

const OPEN_COMPLAINT: PerLang<{ href: string; label: string }> = {
  ro: { href: '{{complaint_url}}', label: 'Deschideți sesizarea' },
  en: { href: '{{complaint_url}}', label: 'Open the complaint' },
  hu: { href: '{{complaint_url}}', label: 'A bejelentés megnyitása' },
};

/** A complaint event (issue 15): like {@link app}, with the link to the complaint. */
const complaint = (texts: PerLang<[subject: string, body: string, sms: string]>): PerLang<EventTexts> =>
  Object.fromEntries(
    NOTIFICATION_LANGUAGES.map((lang) => {
      const [subject, body, sms] = texts[lang];
      return [lang, { subject, paragraphs: [body], link: OPEN_COMPLAINT[lang], sms }];
    }),
  ) as PerLang<EventTexts>;

const TEXTS: Record<string, PerLang<EventTexts>> = {
  'complaint.filed': complaint({
    ro: [
      'Sesizarea {{complaint_number}} a fost înregistrată',
      'Sesizarea „{{complaint_type}}” a fost înregistrată de {{organisation_name}} cu numărul {{complaint_number}}. Stadiul actual: {{status}}.',
      'Sesizarea {{complaint_number}} a fost înregistrată de {{organisation_name}}.',
    ],
    en: [
      'Complaint {{complaint_number}} has been registered',
      'The complaint “{{complaint_type}}” has been registered by {{organisation_name}} under number {{complaint_number}}. Current status: {{status}}.',
      'Complaint {{complaint_number}} has been registered by {{organisation_name}}.',
    ],
    hu: [
      'A(z) {{complaint_number}} számú bejelentést iktatták',
      'A(z) „{{complaint_type}}” típusú bejelentést {{organisation_name}} {{complaint_number}} számon iktatta. Jelenlegi állapot: {{status}}.',
      'A(z) {{complaint_number}} számú bejelentést iktatta: {{organisation_name}}.',
    ],
  }),
  'complaint.assigned': complaint({
    ro: [
      'Sesizarea {{complaint_number}} v-a fost repartizată',
      'Sesizarea „{{complaint_type}}” cu numărul {{complaint_number}} a fost repartizată către {{solver_name}} pentru soluționare.',
      'Sesizarea {{complaint_number}} v-a fost repartizată.',
    ],
    en: [
      'Complaint {{complaint_number}} has been assigned to you',
      'Complaint “{{complaint_type}}” number {{complaint_number}} has been assigned to {{solver_name}} for handling.',
      'Complaint {{complaint_number}} has been assigned to you.',
    ],
    hu: [
      'A(z) {{complaint_number}} számú bejelentést Önre szignálták',
      'A(z) „{{complaint_type}}” típusú, {{complaint_number}} számú bejelentést ügyintézésre kiosztották: {{solver_name}}.',
      'A(z) {{complaint_number}} számú bejelentést Önre szignálták.',
    ],
  }),
  'complaint.status_changed': complaint({
    ro: [
      'Sesizarea {{complaint_number}} a fost preluată în lucru',
      '{{organisation_name}} a preluat în lucru sesizarea dumneavoastră „{{complaint_type}}” cu numărul {{complaint_number}}. Stadiul actual: {{status}}.',
      'Sesizarea {{complaint_number}} a fost preluată în lucru de {{organisation_name}}.',
    ],
    en: [
      'Complaint {{complaint_number}} is being handled',
      '{{organisation_name}} has started handling your complaint “{{complaint_type}}” number {{complaint_number}}. Current status: {{status}}.',
      'Complaint {{complaint_number}} is being handled by {{organisation_name}}.',
    ],
    hu: [
      'A(z) {{complaint_number}} számú bejelentés ügyintézése megkezdődött',
      '{{organisation_name}} megkezdte a(z) „{{complaint_type}}” típusú, {{complaint_number}} számú bejelentése ügyintézését. Jelenlegi állapot: {{status}}.',
      'A(z) {{complaint_number}} számú bejelentés ügyintézését megkezdte: {{organisation_name}}.',
    ],
  }),
  'complaint.answered': complaint({
    ro: [
      'Răspuns la sesizarea {{complaint_number}}',
      '{{organisation_name}} a răspuns sesizării dumneavoastră „{{complaint_type}}” cu numărul {{complaint_number}}. Stadiul: {{status}}. Răspunsul îl găsiți în pagina sesizării.',
      'Sesizarea {{complaint_number}} are răspuns ({{status}}). Citiți-l în portal.',
    ],
    en: [
      'Answer to complaint {{complaint_number}}',
      '{{organisation_name}} has answered your complaint “{{complaint_type}}” number {{complaint_number}}. Status: {{status}}. You will find the answer on the complaint’s page.',
      'Complaint {{complaint_number}} has an answer ({{status}}). Read it in the portal.',
    ],
    hu: [
      'Válasz a(z) {{complaint_number}} számú bejelentésre',
      '{{organisation_name}} válaszolt a(z) „{{complaint_type}}” típusú, {{complaint_number}} számú bejelentésére. Állapot: {{status}}. A választ a bejelentés oldalán találja.',
      'A(z) {{complaint_number}} számú bejelentésre válasz érkezett ({{status}}). Olvassa el a portálon.',
    ],
  }),
  'complaint.commented': complaint({
    ro: [
      'Comentariu nou la sesizarea {{complaint_number}}',
      '{{comment_author}} a adăugat un comentariu la sesizarea „{{complaint_type}}” cu numărul {{complaint_number}}.',
      'Comentariu nou la sesizarea {{complaint_number}}. Citiți-l în portal.',
    ],
    en: [
      'New comment on complaint {{complaint_number}}',
      '{{comment_author}} has added a comment to complaint “{{complaint_type}}” number {{complaint_number}}.',
      'New comment on complaint {{complaint_number}}. Read it in the portal.',
    ],
    hu: [
      'Új megjegyzés a(z) {{complaint_number}} számú bejelentéshez',
      '{{comment_author}} megjegyzést fűzött a(z) „{{complaint_type}}” típusú, {{complaint_number}} számú bejelentéshez.',
      'Új megjegyzés a(z) {{complaint_number}} számú bejelentéshez. Olvassa el a portálon.',
    ],
  }),

  'account.email_confirmation': {
    ro: {
      subject: 'Confirmați adresa de e-mail – {{portal_name}}',
      paragraphs: [
        'Vă mulțumim că v-ați creat un cont în {{portal_name}}. Pentru a-l activa, confirmați adresa de e-mail accesând linkul de mai jos:',
        'Linkul este valabil 24 de ore și poate fi folosit o singură dată. Dacă nu dumneavoastră ați creat contul, ignorați acest mesaj.',
      ],
      link: { href: '{{link}}', label: 'Confirmați adresa de e-mail' },
      linkAfter: 1,
    },
    en: {
      subject: 'Confirm your e-mail address – {{portal_name}}',
      paragraphs: [
        'Thank you for creating an account in {{portal_name}}. To activate it, please confirm your e-mail address using the link below:',
        'The link is valid for 24 hours and can be used only once. If you did not create this account, please ignore this message.',
      ],
      link: { href: '{{link}}', label: 'Confirm your e-mail address' },
      linkAfter: 1,
    },
    hu: {
      subject: 'Erősítse meg e-mail-címét – {{portal_name}}',
      paragraphs: [
        'Köszönjük, hogy fiókot hozott létre a(z) {{portal_name}} portálon. Az aktiváláshoz erősítse meg e-mail-címét az alábbi hivatkozással:',
        'A hivatkozás 24 óráig érvényes, és csak egyszer használható. Ha nem Ön hozta létre a fiókot, hagyja figyelmen kívül ezt az üzenetet.',
      ],
      link: { href: '{{link}}', label: 'E-mail-cím megerősítése' },
      linkAfter: 1,
    },
  },
  'account.password_reset': {
    ro: {
      subject: 'Resetarea parolei – {{portal_name}}',
      paragraphs: [
        'Am primit o cerere de resetare a parolei contului dumneavoastră. Pentru a alege o parolă nouă, accesați linkul de mai jos:',
        'Linkul poate fi folosit o singură dată și doar pentru o perioadă limitată. Dacă nu ați cerut resetarea, ignorați acest mesaj: parola actuală rămâne neschimbată.',
      ],
      link: { href: '{{link}}', label: 'Alegeți o parolă nouă' },
      linkAfter: 1,
    },
    en: {
      subject: 'Password reset – {{portal_name}}',
      paragraphs: [
        'We received a request to reset the password of your account. To choose a new password, please use the link below:',
        'The link can be used only once and only for a limited time. If you did not ask for a reset, please ignore this message: your current password stays unchanged.',
      ],
      link: { href: '{{link}}', label: 'Choose a new password' },
      linkAfter: 1,
    },
    hu: {
      subject: 'Jelszó visszaállítása – {{portal_name}}',
      paragraphs: [
        'Kérést kaptunk fiókja jelszavának visszaállítására. Új jelszót az alábbi hivatkozással választhat:',
        'A hivatkozás csak egyszer és csak korlátozott ideig használható. Ha nem Ön kérte a visszaállítást, hagyja figyelmen kívül ezt az üzenetet: jelenlegi jelszava változatlan marad.',
      ],
      link: { href: '{{link}}', label: 'Új jelszó választása' },
      linkAfter: 1,
    },
  },
  'account.invitation': {
    ro: {
      subject: 'Invitație în {{portal_name}} – setați parola contului',
      paragraphs: [
        '{{invited_by}} v-a creat un cont în {{portal_name}}. Pentru a-l activa, alegeți o parolă accesând linkul de mai jos:',
        'Linkul este valabil 72 de ore și poate fi folosit o singură dată. Dacă nu așteptați această invitație, ignorați mesajul.',
      ],
      link: { href: '{{link}}', label: 'Setați parola' },
      linkAfter: 1,
    },
    en: {
      subject: 'Invitation to {{portal_name}} – set your account password',
      paragraphs: [
        '{{invited_by}} has created an account for you in {{portal_name}}. To activate it, please choose a password using the link below:',
        'The link is valid for 72 hours and can be used only once. If you were not expecting this invitation, please ignore this message.',
      ],
      link: { href: '{{link}}', label: 'Set your password' },
      linkAfter: 1,
    },
    hu: {
      subject: 'Meghívó a(z) {{portal_name}} portálra – állítsa be fiókja jelszavát',
      paragraphs: [
        '{{invited_by}} fiókot hozott létre Önnek a(z) {{portal_name}} portálon. Az aktiváláshoz válasszon jelszót az alábbi hivatkozással:',
        'A hivatkozás 72 óráig érvényes, és csak egyszer használható. Ha nem számított erre a meghívóra, hagyja figyelmen kívül az üzenetet.',
      ],
      link: { href: '{{link}}', label: 'Jelszó beállítása' },
      linkAfter: 1,
    },
  },
  'account.password_changed': {
    ro: {
      subject: 'Parola a fost schimbată – {{portal_name}}',
      paragraphs: [
        'Parola contului dumneavoastră din {{portal_name}} a fost schimbată, iar toate sesiunile deschise au fost închise.',
        'Dacă nu dumneavoastră ați făcut această modificare, folosiți imediat opțiunea „Am uitat parola” și contactați administratorul portalului.',
      ],
    },
    en: {
      subject: 'Your password has been changed – {{portal_name}}',
      paragraphs: [
        'The password of your {{portal_name}} account has been changed and every open session has been closed.',
        'If you did not make this change, please use the “Forgot password” option at once and contact the portal administrator.',
      ],
    },
    hu: {
      subject: 'Jelszava megváltozott – {{portal_name}}',
      paragraphs: [
        'A(z) {{portal_name}} fiókjának jelszava megváltozott, és minden nyitott munkamenetet lezártunk.',
        'Ha nem Ön végezte a módosítást, azonnal használja az „Elfelejtett jelszó” lehetőséget, és vegye fel a kapcsolatot a portál adminisztrátorával.',
      ],
    },
  },
  'account.phone_code': {
    ro: {
      subject: '',
      paragraphs: [],
      sms: 'Codul de verificare {{portal_name}} este {{code}}. Este valabil {{minutes}} minute. Nu îl comunicați nimănui.',
      smsRaw: true,
    },
    en: {
      subject: '',
      paragraphs: [],
      sms: 'Your {{portal_name}} verification code is {{code}}. It is valid for {{minutes}} minutes. Do not share it with anyone.',
      smsRaw: true,
    },
    hu: {
      subject: '',
      paragraphs: [],
      sms: 'A(z) {{portal_name}} ellenőrző kódja: {{code}}. {{minutes}} percig érvényes. Senkinek ne adja ki.',
      smsRaw: true,
    },
  },
  'application.submitted': app({
    ro: [
      'Cererea {{application_number}} a fost depusă',
      'Cererea „{{application_type}}” cu numărul {{application_number}}, a solicitantului {{applicant_name}}, a fost depusă la {{organisation_name}}.',
      'Cererea {{application_number}} a fost depusă la {{organisation_name}}.',
    ],
    en: [
      'Application {{application_number}} has been submitted',
      'Application “{{application_type}}” number {{application_number}}, by {{applicant_name}}, has been submitted to {{organisation_name}}.',
      'Application {{application_number}} has been submitted to {{organisation_name}}.',
    ],
    hu: [
      'A(z) {{application_number}} számú kérelmet benyújtották',
      '{{applicant_name}} „{{application_type}}” típusú, {{application_number}} számú kérelmét benyújtották a következő intézményhez: {{organisation_name}}.',
      'A(z) {{application_number}} számú kérelmet benyújtották: {{organisation_name}}.',
    ],
  }),
  'application.registered': app({
    ro: [
      'Cererea {{application_number}} a fost înregistrată',
      'Cererea dumneavoastră „{{application_type}}” a fost înregistrată de {{organisation_name}} cu numărul {{application_number}}. Stadiul actual: {{status}}.',
      'Cererea {{application_number}} a fost înregistrată de {{organisation_name}}.',
    ],
    en: [
      'Application {{application_number}} has been registered',
      'Your application “{{application_type}}” has been registered by {{organisation_name}} under number {{application_number}}. Current status: {{status}}.',
      'Application {{application_number}} has been registered by {{organisation_name}}.',
    ],
    hu: [
      'A(z) {{application_number}} számú kérelmet iktatták',
      '„{{application_type}}” típusú kérelmét {{organisation_name}} {{application_number}} számon iktatta. Jelenlegi állapot: {{status}}.',
      'A(z) {{application_number}} számú kérelmét iktatták: {{organisation_name}}.',
    ],
  }),
  'application.assigned': app({
    ro: [
      'Cererea {{application_number}} v-a fost repartizată',
      'Cererea „{{application_type}}” cu numărul {{application_number}} a fost repartizată către {{assignee_name}} pentru soluționare.',
      'Cererea {{application_number}} v-a fost repartizată.',
    ],
    en: [
      'Application {{application_number}} has been assigned to you',
      'Application “{{application_type}}” number {{application_number}} has been assigned to {{assignee_name}} for processing.',
      'Application {{application_number}} has been assigned to you.',
    ],
    hu: [
      'A(z) {{application_number}} számú kérelmet Önre szignálták',
      'A(z) „{{application_type}}” típusú, {{application_number}} számú kérelmet ügyintézésre kiosztották: {{assignee_name}}.',
      'A(z) {{application_number}} számú kérelmet Önre szignálták.',
    ],
  }),
  'application.clarification_requested': app({
    ro: [
      'Clarificări solicitate pentru cererea {{application_number}}',
      '{{organisation_name}} vă solicită clarificări pentru cererea {{application_number}}: {{clarification_message}} Vă rugăm să răspundeți din pagina cererii.',
      'Pentru cererea {{application_number}} vi se solicită clarificări. Răspundeți din portal.',
    ],
    en: [
      'Clarification requested for application {{application_number}}',
      '{{organisation_name}} asks you for clarification on application {{application_number}}: {{clarification_message}} Please reply from the application page.',
      'Clarification is requested for application {{application_number}}. Please reply in the portal.',
    ],
    hu: [
      'Pontosítást kérnek a(z) {{application_number}} számú kérelemhez',
      '{{organisation_name}} pontosítást kér a(z) {{application_number}} számú kérelméhez: {{clarification_message}} Kérjük, válaszoljon a kérelem oldalán.',
      'A(z) {{application_number}} számú kérelméhez pontosítást kérnek. Kérjük, válaszoljon a portálon.',
    ],
  }),
  'application.clarification_answered': app({
    ro: [
      'Clarificări primite pentru cererea {{application_number}}',
      '{{applicant_name}} a trimis clarificările solicitate pentru cererea „{{application_type}}” cu numărul {{application_number}}.',
      'Solicitantul a trimis clarificările pentru cererea {{application_number}}.',
    ],
    en: [
      'Clarification received for application {{application_number}}',
      '{{applicant_name}} has sent the requested clarification for application “{{application_type}}” number {{application_number}}.',
      'The applicant has sent the clarification for application {{application_number}}.',
    ],
    hu: [
      'Pontosítás érkezett a(z) {{application_number}} számú kérelemhez',
      '{{applicant_name}} elküldte a kért pontosítást a(z) „{{application_type}}” típusú, {{application_number}} számú kérelemhez.',
      'A kérelmező elküldte a pontosítást a(z) {{application_number}} számú kérelemhez.',
    ],
  }),
  'application.approved': app({
    ro: [
      'Cererea {{application_number}} a fost aprobată',
      'Cererea dumneavoastră „{{application_type}}” cu numărul {{application_number}} a fost aprobată de {{organisation_name}}.',
      'Cererea {{application_number}} a fost aprobată de {{organisation_name}}.',
    ],
    en: [
      'Application {{application_number}} has been approved',
      'Your application “{{application_type}}” number {{application_number}} has been approved by {{organisation_name}}.',
      'Application {{application_number}} has been approved by {{organisation_name}}.',
    ],
    hu: [
      'A(z) {{application_number}} számú kérelmet jóváhagyták',
      '„{{application_type}}” típusú, {{application_number}} számú kérelmét {{organisation_name}} jóváhagyta.',
      'A(z) {{application_number}} számú kérelmét jóváhagyták: {{organisation_name}}.',
    ],
  }),
  'application.rejected': app({
    ro: [
      'Cererea {{application_number}} a fost respinsă',
      'Cererea dumneavoastră „{{application_type}}” cu numărul {{application_number}} a fost respinsă de {{organisation_name}}. Motivele le găsiți în pagina cererii.',
      'Cererea {{application_number}} a fost respinsă. Detalii în portal.',
    ],
    en: [
      'Application {{application_number}} has been rejected',
      'Your application “{{application_type}}” number {{application_number}} has been rejected by {{organisation_name}}. You will find the reasons on the application page.',
      'Application {{application_number}} has been rejected. Details in the portal.',
    ],
    hu: [
      'A(z) {{application_number}} számú kérelmet elutasították',
      '„{{application_type}}” típusú, {{application_number}} számú kérelmét {{organisation_name}} elutasította. Az indoklást a kérelem oldalán találja.',
      'A(z) {{application_number}} számú kérelmét elutasították. Részletek a portálon.',
    ],
  }),
  'application.document_ready_to_sign': app({
    ro: [
      'Document de semnat pentru cererea {{application_number}}',
      'Documentul cererii „{{application_type}}” cu numărul {{application_number}} așteaptă semnătura dumneavoastră.',
      'Documentul cererii {{application_number}} așteaptă semnătura dumneavoastră.',
    ],
    en: [
      'A document to sign for application {{application_number}}',
      'The document of application “{{application_type}}” number {{application_number}} is waiting for your signature.',
      'The document of application {{application_number}} is waiting for your signature.',
    ],
    hu: [
      'Aláírandó dokumentum: {{application_number}} számú kérelem',
      'A(z) „{{application_type}}” típusú, {{application_number}} számú kérelem dokumentuma az Ön aláírására vár.',
      'A(z) {{application_number}} számú kérelem dokumentuma az Ön aláírására vár.',
    ],
  }),
  'application.document_signed': app({
    ro: [
      'Document semnat pentru cererea {{application_number}}',
      'Documentul cererii „{{application_type}}” cu numărul {{application_number}} a fost semnat de {{signer_name}}.',
      'Documentul cererii {{application_number}} a fost semnat de {{signer_name}}.',
    ],
    en: [
      'Document signed for application {{application_number}}',
      'The document of application “{{application_type}}” number {{application_number}} has been signed by {{signer_name}}.',
      'The document of application {{application_number}} has been signed by {{signer_name}}.',
    ],
    hu: [
      'Dokumentum aláírva: {{application_number}} számú kérelem',
      'A(z) „{{application_type}}” típusú, {{application_number}} számú kérelem dokumentumát aláírta: {{signer_name}}.',
      'A(z) {{application_number}} számú kérelem dokumentumát aláírta: {{signer_name}}.',
    ],
  }),
  'application.document_issued': app({
    ro: [
      'Documentul {{document_number}} a fost emis',
      'Pentru cererea dumneavoastră „{{application_type}}” cu numărul {{application_number}}, {{organisation_name}} a emis documentul {{document_number}}. Îl puteți descărca din pagina cererii.',
      'Documentul {{document_number}} pentru cererea {{application_number}} a fost emis. Îl găsiți în portal.',
    ],
    en: [
      'Document {{document_number}} has been issued',
      'For your application “{{application_type}}” number {{application_number}}, {{organisation_name}} has issued document {{document_number}}. You can download it from the application page.',
      'Document {{document_number}} for application {{application_number}} has been issued. Find it in the portal.',
    ],
    hu: [
      'A(z) {{document_number}} számú dokumentumot kiadták',
      '„{{application_type}}” típusú, {{application_number}} számú kérelmére {{organisation_name}} kiadta a(z) {{document_number}} számú dokumentumot. A kérelem oldaláról letöltheti.',
      'A(z) {{application_number}} számú kérelemre kiadták a(z) {{document_number}} számú dokumentumot. Megtalálja a portálon.',
    ],
  }),
  'payment.succeeded': app({
    ro: [
      'Plata pentru cererea {{application_number}} a fost primită',
      'Plata de {{amount}} pentru cererea „{{application_type}}” cu numărul {{application_number}} a fost efectuată cu succes. Vă mulțumim!',
      'Plata de {{amount}} pentru cererea {{application_number}} a fost primită.',
    ],
    en: [
      'Payment received for application {{application_number}}',
      'The payment of {{amount}} for application “{{application_type}}” number {{application_number}} was successful. Thank you!',
      'The payment of {{amount}} for application {{application_number}} was received.',
    ],
    hu: [
      'Befizetés érkezett a(z) {{application_number}} számú kérelemhez',
      'A(z) „{{application_type}}” típusú, {{application_number}} számú kérelemhez tartozó {{amount}} összegű fizetés sikeres volt. Köszönjük!',
      'A(z) {{application_number}} számú kérelem {{amount}} összegű befizetése megérkezett.',
    ],
  }),
  'payment.failed': app({
    ro: [
      'Plata pentru cererea {{application_number}} nu a reușit',
      'Plata de {{amount}} pentru cererea „{{application_type}}” cu numărul {{application_number}} nu a reușit. Puteți încerca din nou din pagina cererii.',
      'Plata de {{amount}} pentru cererea {{application_number}} nu a reușit. Reîncercați din portal.',
    ],
    en: [
      'Payment for application {{application_number}} failed',
      'The payment of {{amount}} for application “{{application_type}}” number {{application_number}} did not go through. You can try again from the application page.',
      'The payment of {{amount}} for application {{application_number}} failed. Please try again in the portal.',
    ],
    hu: [
      'Sikertelen fizetés: {{application_number}} számú kérelem',
      'A(z) „{{application_type}}” típusú, {{application_number}} számú kérelemhez tartozó {{amount}} összegű fizetés nem sikerült. A kérelem oldaláról újra megpróbálhatja.',
      'A(z) {{application_number}} számú kérelem {{amount}} összegű fizetése nem sikerült. Próbálja újra a portálon.',
    ],
  }),
  'payment.link': {
    ro: {
      subject: 'Link de plată pentru cererea {{application_number}}',
      paragraphs: [
        '{{organisation_name}} vă trimite un link de plată pentru cererea {{application_number}}, în valoare de {{amount}}.',
        'Puteți plăti online, cu cardul, deschizând adresa de mai jos:',
        'Dacă nu așteptați acest mesaj, îl puteți ignora.',
      ],
      link: { href: '{{link}}', label: 'Plătiți online' },
      linkAfter: 2,
    },
    en: {
      subject: 'Payment link for application {{application_number}}',
      paragraphs: [
        '{{organisation_name}} is sending you a payment link for application {{application_number}}, amounting to {{amount}}.',
        'You can pay online by card by opening the address below:',
        'If you were not expecting this message, you can ignore it.',
      ],
      link: { href: '{{link}}', label: 'Pay online' },
      linkAfter: 2,
    },
    hu: {
      subject: 'Fizetési hivatkozás a(z) {{application_number}} számú kérelemhez',
      paragraphs: [
        '{{organisation_name}} fizetési hivatkozást küld Önnek a(z) {{application_number}} számú kérelemhez, {{amount}} összegben.',
        'Online, bankkártyával fizethet az alábbi címen:',
        'Ha nem számított erre az üzenetre, figyelmen kívül hagyhatja.',
      ],
      link: { href: '{{link}}', label: 'Online fizetés' },
      linkAfter: 2,
    },
  },
  'beneficiary.invited': {
    ro: {
      subject: 'Cererea {{application_number}} a fost înregistrată la {{organisation_name}}',
      paragraphs: [
        '{{organisation_name}} a înregistrat cererea dumneavoastră „{{application_type}}” cu numărul {{application_number}}.',
        'Pentru a urmări dosarul online și a primi notificări, vă invităm să vă creați un cont în {{portal_name}}, cu această adresă de e-mail: <a href="{{signup_url}}">{{signup_url}}</a>',
        'Stadiul cererii îl puteți vedea oricând și pe pagina publică a cererii (cu un cod primit prin SMS): <a href="{{status_url}}">{{status_url}}</a>',
        'Dacă nu ați depus o cerere, puteți ignora acest mesaj.',
      ],
    },
    en: {
      subject: 'Application {{application_number}} has been registered by {{organisation_name}}',
      paragraphs: [
        '{{organisation_name}} has registered your application “{{application_type}}” under number {{application_number}}.',
        'To follow the file online and receive notifications, we invite you to create an account in {{portal_name}} with this e-mail address: <a href="{{signup_url}}">{{signup_url}}</a>',
        'You can also see the status of the application at any time on its public page (with a code received by SMS): <a href="{{status_url}}">{{status_url}}</a>',
        'If you did not submit an application, you can ignore this message.',
      ],
    },
    hu: {
      subject: 'A(z) {{application_number}} számú kérelmet iktatta: {{organisation_name}}',
      paragraphs: [
        '{{organisation_name}} iktatta „{{application_type}}” típusú kérelmét {{application_number}} számon.',
        'Ha az ügyet online szeretné követni és értesítéseket kapni, hozzon létre fiókot a(z) {{portal_name}} portálon ezzel az e-mail-címmel: <a href="{{signup_url}}">{{signup_url}}</a>',
        'A kérelem állapotát bármikor megtekintheti a kérelem nyilvános oldalán is (SMS-ben kapott kóddal): <a href="{{status_url}}">{{status_url}}</a>',
        'Ha nem nyújtott be kérelmet, figyelmen kívül hagyhatja ezt az üzenetet.',
      ],
    },
  },
  'circular.sent': {
    ro: {
      subject: 'Circulară: {{subject}}',
      paragraphs: [
        '{{organisation_name}} vă transmite următoarea circulară:',
        '{{message}}',
        '{{sender_name}}, {{organisation_name}}',
      ],
      inApp: '{{sender_name}} ({{organisation_name}}) v-a transmis circulara „{{subject}}”.',
    },
    en: {
      subject: 'Circular: {{subject}}',
      paragraphs: [
        '{{organisation_name}} sends you the following circular:',
        '{{message}}',
        '{{sender_name}}, {{organisation_name}}',
      ],
      inApp: '{{sender_name}} ({{organisation_name}}) has sent you the circular “{{subject}}”.',
    },
    hu: {
      subject: 'Körlevél: {{subject}}',
      paragraphs: [
        '{{organisation_name}} a következő körlevelet küldi Önnek:',
        '{{message}}',
        '{{sender_name}}, {{organisation_name}}',
      ],
      inApp: '{{sender_name}} ({{organisation_name}}) elküldte Önnek a(z) „{{subject}}” című körlevelet.',
    },
  },
  digest: {
    ro: {
      subject: 'Rezumatul notificărilor – {{period}}',
      paragraphs: [
        'În perioada {{period}} ați primit {{count}} notificări:',
        '{{items}}',
        'Detaliile le găsiți în {{portal_name}}:',
      ],
      link: { href: '{{portal_url}}', label: 'Deschideți portalul' },
      sms: '{{count}} notificări noi ({{period}}): {{items}}',
    },
    en: {
      subject: 'Your notifications summary – {{period}}',
      paragraphs: [
        'Between {{period}} you received {{count}} notifications:',
        '{{items}}',
        'You will find the details in {{portal_name}}:',
      ],
      link: { href: '{{portal_url}}', label: 'Open the portal' },
      sms: '{{count}} new notifications ({{period}}): {{items}}',
    },
    hu: {
      subject: 'Értesítések összefoglalója – {{period}}',
      paragraphs: [
        'A(z) {{period}} időszakban {{count}} értesítést kapott:',
        '{{items}}',
        'A részleteket a(z) {{portal_name}} portálon találja:',
      ],
      link: { href: '{{portal_url}}', label: 'A portál megnyitása' },
      sms: '{{count}} új értesítés ({{period}}): {{items}}',
    },
  },
};

/**
 * Placeholders whose value is already HTML (the digest's list of items): filled without
 * escaping, and, like every rendered message, sanitised afterwards. Standalone they stand
 * without a <p> around them.
 */
const BLOCK_PLACEHOLDERS = new Set(['{{items}}']);

const paragraph = (text: string) => (BLOCK_PLACEHOLDERS.has(text) ? text : `<p>${text}</p>`);

function emailHtml(lang: Lang, texts: EventTexts): string {
  const link = texts.link ? [`<p><a href="${texts.link.href}">${texts.link.label}</a></p>`] : [];
  const before = texts.paragraphs.slice(0, texts.linkAfter ?? texts.paragraphs.length);
  const after = texts.paragraphs.slice(texts.linkAfter ?? texts.paragraphs.length);
  return [paragraph(GREETING[lang]), ...before.map(paragraph), ...link, ...after.map(paragraph), paragraph(SIGNATURE[lang])].join(
    '\n',
  );
}

type TemplateInsert = typeof notificationTemplates.$inferInsert;

function templateRow(event: (typeof NOTIFICATION_EVENTS)[number], channel: NotificationChannel, lang: Lang): TemplateInsert {
  const texts = TEXTS[event.type]?.[lang];
  if (!texts) throw new Error(`no ${lang} texts for notification event ${event.type}`);
  const title = `${event.label} – ${NOTIFICATION_CHANNEL_LABELS[channel]} – ${NOTIFICATION_LANGUAGE_LABELS[lang]}`;
  const base = { eventType: event.type, channel, language: lang, title };
  if (channel === 'sms') {
    const sms = texts.sms ?? texts.subject;
    return {
      ...base,
      subject: null,
      message: texts.smsRaw ? sms : `{{portal_name}}: ${sms}`,
      characterLimit: SMS_CHARACTER_LIMIT,
    };
  }
  if (channel === 'in_app') {
    return { ...base, subject: texts.subject, message: `<p>${texts.inApp ?? texts.paragraphs[0]}</p>`, characterLimit: null };
  }
  return { ...base, subject: texts.subject, message: emailHtml(lang, texts), characterLimit: null };
}

/** Every template row of the catalogue (event × its channels × ro, en, hu). */
export function notificationTemplateRows(): TemplateInsert[] {
  return NOTIFICATION_EVENTS.flatMap((event) =>
    event.channels.flatMap((channel) => NOTIFICATION_LANGUAGES.map((lang) => templateRow(event, channel, lang))),
  );
}

/** Inserts the missing templates; an existing row, edited or not, stays as it is. */
export async function seedNotificationTemplates(db: Db): Promise<{ notificationTemplates: number }> {
  const inserted = await db
    .insert(notificationTemplates)
    .values(notificationTemplateRows())
    .onConflictDoNothing({
      target: [notificationTemplates.eventType, notificationTemplates.channel, notificationTemplates.language],
    })
    .returning({ id: notificationTemplates.id });
  return { notificationTemplates: inserted.length };
}
