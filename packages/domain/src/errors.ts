/**
 * The error catalogue of spec §8: every code the API may answer with, the HTTP status the
 * client expects for it, and the Romanian message the web app shows. Server and web both read
 * this table, so a code can never reach the user without its text.
 */

export interface ErrorDefinition {
  /** HTTP status the server answers with. */
  status: number;
  /** Romanian message shown to the user; `{name}` placeholders are filled from `data`. */
  message: string;
}

const def = (status: number, message: string): ErrorDefinition => ({ status, message });

export const ERRORS = {
  // Generic
  VALIDATION_ERROR: def(400, 'Datele trimise nu sunt valide. Verificați câmpurile marcate.'),
  INVALID_QUERY: def(400, 'Parametrii de căutare nu sunt valizi.'),
  INVALID_FORM_VALUE: def(400, 'Formularul conține valori care nu sunt valide.'),
  NOT_FOUND: def(404, 'Resursa căutată nu există.'),
  CONFLICT: def(409, 'Datele au fost modificate între timp. Reîncărcați pagina și reîncercați.'),
  FORBIDDEN: def(403, 'Nu aveți dreptul să efectuați această acțiune.'),
  RATE_LIMITED: def(429, 'Prea multe cereri. Vă rugăm să reîncercați peste câteva momente.'),
  PAYLOAD_TOO_LARGE: def(413, 'Cererea depășește dimensiunea maximă permisă.'),
  UNSUPPORTED_MEDIA_TYPE: def(415, 'Tipul conținutului trimis nu este acceptat.'),
  INTERNAL_ERROR: def(500, 'A apărut o eroare, vă rugăm reîncercați'),
  SERVICE_UNAVAILABLE: def(503, 'Serviciul este momentan indisponibil. Reîncercați mai târziu.'),
  MAINTENANCE: def(503, 'Portalul este în mentenanță. Reveniți mai târziu.'),

  // Login and account
  AUTH_REQUIRED: def(401, 'Trebuie să vă autentificați pentru a continua.'),
  AUTH_INVALID: def(401, 'Adresa de e-mail sau parola nu sunt corecte.'),
  AUTH_FAILED: def(401, 'Adresa de e-mail sau parola nu sunt corecte. Mai aveți {remaining_attempts} încercări.'),
  AUTH_FAILED_ACCOUNT_LOCKED: def(401, 'Contul a fost blocat temporar. Încercați din nou peste {minutes} minute.'),
  AUTH_DISABLED: def(401, 'Contul este blocat sau inactiv. Contactați administratorul.'),
  AUTH_ACCOUNT_NOT_FOUND: def(401, 'Datele de autentificare nu sunt corecte.'),
  AUTH_FAILED_PASSWORD_EXPIRED: def(401, 'Parola a expirat. Vă rugăm să o schimbați pentru a continua.'),
  AUTH_INVALID_CONFIRMATION_VALIDATIONS: def(400, 'Cererea de resetare a expirat. Solicitați un link nou.'),
  REGISTRATION_EMAIL_ALREADY_EXISTS: def(409, 'Există deja un cont cu această adresă de e-mail.'),
  REGISTRATION_INVALID_PASSWORD: def(400, 'Parola nu respectă regulile de complexitate.'),
  REGISTRATION_EMAIL_DOMAIN_BLOCKED: def(400, 'Nu vă puteți înregistra cu o adresă din acest domeniu.'),
  RESET_PASSWORD_ALREADY_USED: def(400, 'Parola nouă trebuie să fie diferită de cea veche.'),
  TOKEN_INVALID: def(403, 'Sesiunea nu mai este validă. Vă rugăm să vă autentificați din nou.'),
  INVALID_TOKEN: def(400, 'Linkul nu mai este valid.'),
  SESSION_EXPIRED: def(403, 'Sesiunea a expirat. Vă rugăm să vă autentificați din nou.'),
  FACEBOOK_EMAIL_NOT_RECEIVED: def(400, 'Nu am primit adresa de e-mail de la Facebook. Vă rugăm să acordați permisiunea.'),
  AUTH_SERVICE_UNAVAILABLE: def(503, 'Serviciul de autentificare este momentan indisponibil.'),
  VERIFICATION_SERVICE_UNAVAILABLE: def(503, 'Serviciul de verificare este momentan indisponibil.'),
  SMS_CODE_INVALID: def(400, 'Codul SMS nu este corect. Mai aveți {remaining_attempts} încercări.'),
  SMS_CODE_EXPIRED: def(400, 'Codul SMS a expirat sau nu mai este valabil. Solicitați un cod nou.'),

  // Duplicates and guards
  DUPLICATE_FUNCTION_NAME: def(409, 'Există deja o funcție cu această denumire.'),
  FUNCTION_NAME_ALREADY_EXIST: def(409, 'Există deja o funcție cu această denumire.'),
  CAN_NOT_USE_SYSTEM_FUNCTIONS: def(400, 'Funcțiile de sistem nu pot fi modificate.'),
  DUPLICATE_DEPARTMENT_NAME: def(409, 'Există deja un departament cu această denumire.'),
  NAME_NOT_UNIQUE: def(409, 'Denumirea este deja folosită.'),
  USER_ALREADY_EXISTS: def(409, 'Există deja un utilizator cu această adresă de e-mail.'),
  USER_PROFILE_ALREADY_EXISTS: def(409, 'Profilul utilizatorului există deja.'),
  TAX_ALREADY_EXISTS: def(409, 'Taxa există deja.'),
  ORGANISATION_ALREADY_EXISTS: def(409, 'Instituția există deja.'),
  CANNOT_DELETE_ORGANISATION: def(409, 'Instituția nu poate fi ștearsă deoarece are utilizatori.'),
  CATEGORY_NOT_EMPTY: def(409, 'Categoria nu poate fi ștearsă deoarece nu este goală.'),
  CANNOT_DELETE_FUNCTION: def(409, 'Funcția nu poate fi ștearsă deoarece este folosită de utilizatori sau departamente.'),
  RESPONSIBILITY_ALREADY_EXISTS: def(409, 'Responsabilitatea există deja.'),
  EMPTY_RESPONSIBILITIES: def(400, 'Selectați cel puțin o permisiune.'),
  DOCUMENT_SERIES_EXISTS: def(409, 'Seria de documente există deja.'),
  DOCUMENT_SERIES_NOT_DEFINED: def(400, 'Seria de documente nu este definită.'),
  DOCUMENT_SERIES_INACTIVE: def(400, 'Seria de documente este inactivă.'),
  DOCUMENT_SERIES_TYPE_CANNOT_BE_DELETED: def(409, 'Tipul de serie nu poate fi șters deoarece este folosit.'),
  DOCUMENT_SERIES_TYPE_EXISTS: def(409, 'Tipul de serie există deja.'),
  SERIES_ALLOCATION_EXISTS: def(409, 'Acest număr este deja rezervat în instituție.'),
  INDEX_CANNOT_BE_LOWER_THAN_CURRENT_VALUE: def(400, 'Indexul nu poate fi mai mic decât valoarea curentă.'),
  DECISION_TARGET_CANNOT_BE_DELETED: def(409, 'Obiectivul nu poate fi șters deoarece este folosit.'),
  DECISION_TARGET_ALREADY_EXISTS: def(409, 'Obiectivul există deja.'),
  DECISION_PURPOSE_CANNOT_BE_DELETED: def(409, 'Scopul nu poate fi șters deoarece este folosit.'),
  DECISION_PURPOSE_ALREADY_EXISTS: def(409, 'Scopul există deja.'),
  DUPLICATE_COMPLAIN_TYPE_NAME: def(409, 'Există deja un tip de sesizare cu această denumire.'),
  DUPLICATE_RESPONSE_TEMPLATE_NAME: def(409, 'Există deja un șablon de răspuns cu această denumire.'),
  DUPLICATE_CONTROL_TYPE_NAME: def(409, 'Există deja un tip de control cu această denumire.'),
  DUPLICATE_CONTROL_PERSON: def(409, 'Persoana cu acest CNP sau pașaport este deja adăugată la control.'),
  COMPLAINT_ACTION_NOT_ALLOWED: def(409, 'Acțiunea nu este permisă în starea actuală a sesizării. Reîncărcați pagina.'),
  CONTROL_ACTION_NOT_ALLOWED: def(409, 'Acțiunea nu este permisă în starea actuală a controlului. Reîncărcați pagina.'),
  CONTROL_LOCKED: def(409, 'Controlul este închis sau are raportul de închidere generat și nu mai poate fi modificat.'),
  CLOSING_REPORT_GENERATION_ERROR: def(500, 'Raportul de închidere nu a putut fi generat. Reîncercați.'),
  APPLICATION_TYPE_EXISTS: def(409, 'Tipul de cerere există deja.'),
  WORKFLOW_EXISTS: def(409, 'Un proces cu această denumire există deja'),
  WORKFLOW_START_STEP_NOT_FIRST: def(409, 'Procesul nu poate fi publicat: pasul de start trebuie să fie primul.'),
  WORKFLOW_INVALID: def(409, 'Procesul nu poate fi publicat: pașii au erori. Corectați-le și reîncercați.'),
  WORKFLOW_NOT_EDITABLE: def(409, 'Un proces publicat nu mai poate fi modificat.'),
  WORKFLOW_IN_USE: def(409, 'Procesul este folosit de tipuri de cereri sau de cereri și nu poate fi șters.'),
  WORKFLOW_NOT_PUBLISHED: def(409, 'Tipul cererii nu are un proces de lucru publicat.'),
  WORKFLOW_ALREADY_STARTED: def(409, 'Procesul de lucru a fost deja pornit pentru această cerere.'),
  UAT_ALREADY_ASSIGNED: def(409, 'UAT-ul este deja alocat altui utilizator.'),
  BENEFICIARY_EMAIL_ALREADY_INVITED: def(409, 'Beneficiarul a fost deja invitat.'),
  URBANISM_REGULATION_ZONE_NOT_UNIQUE: def(409, 'Zona de reglementare există deja.'),
  UTILS_LINKS_CSV_PARSE_ERROR: def(400, 'Fișierul CSV cu linkuri utile nu poate fi citit.'),

  // Payments
  PAYMENT_ALREADY_PROCESSED: def(409, 'Plata a fost deja procesată.'),
  CANNOT_INIT_PAYMENT: def(400, 'Plata nu poate fi inițiată.'),
  PAYMENT_UNAUTHORIZED: def(403, 'Plata nu este permisă pentru un tip de cerere inactiv.'),
  // Payments (issue 13): the refusals the spec leaves unnamed
  PAYMENT_CALLBACK_INVALID: def(400, 'Notificarea de plată nu are o semnătură validă.'),
  PAYMENT_AMOUNT_INVALID: def(400, 'Suma nu este validă pentru această cerere (de plată: {due} lei).'),
  PAYMENT_NOT_ALLOWED: def(409, 'Plata nu este permisă în starea actuală a cererii.'),
  TAX_INPUTS_MISSING: def(400, 'Completați datele necesare calculului taxelor: {fields}.'),

  // Applications
  APPLICATION_NOT_SUBMITTED: def(400, 'Cererea nu a fost depusă.'),
  APPLICATION_ALREADY_SUBMITTED: def(409, 'Cererea a fost deja depusă și nu mai poate fi salvată ca ciornă.'),
  APPLICATION_REQUEST_DENIED: def(403, 'Cererea a fost refuzată.'),
  REQUEST_ALREADY_CONFIRMED: def(409, 'Solicitarea a fost deja confirmată.'),
  REJECT_FORM_STAFF: def(400, 'Completați formularul de respingere.'),
  EMPTY_TARGET_FILES: def(400, 'Nu există un document generat; documentul nu poate fi semnat.'),
  ERROR_DOCUMENT_GENERATION: def(500, 'Documentul nu a putut fi generat. Reîncercați.'),
  ERROR_MISSING_DOCUMENT_REJECTED_SERIES: def(400, 'Lipsește seria pentru documentele respinse.'),
  // Document templates and generation (issue 12)
  DUPLICATE_DOCUMENT_TEMPLATE_NAME: def(409, 'Există deja un șablon de document cu această denumire.'),
  DOCUMENT_TEMPLATE_IN_USE: def(409, 'Șablonul este folosit de tipuri de cereri și nu poate fi șters.'),
  UNKNOWN_PLACEHOLDER: def(400, 'Substituentul „{key}” nu există.'),
  INVALID_SIGNING_LAYOUT: def(400, 'Machetarea semnăturilor nu este validă: {problems}'),
  DOCUMENT_TEMPLATE_NOT_DEFINED: def(409, 'Tipul de cerere nu are un șablon de document activ pentru această acțiune.'),
  DOCUMENT_TEMPLATE_EMPTY: def(409, 'Documentul trebuie să aibă text înainte de generare.'),
  DOCUMENT_ALREADY_GENERATED: def(409, 'Cererea are deja un document. Returnați-l înainte de a genera altul.'),
  DOCUMENT_NOT_RETURNABLE: def(409, 'Documentul nu mai poate fi returnat în starea actuală.'),
  DOCUMENT_NOT_FOUND: def(404, 'Documentul nu există sau nu a fost emis.'),
  EXCEEDED_MAX_COUNT: def(400, 'Raportul depășește numărul maxim de înregistrări.'),
  // Staff processing (issue 11): a code for each refusal the spec leaves unnamed
  APPLICATION_ACTION_NOT_ALLOWED: def(409, 'Acțiunea nu este permisă în starea actuală a cererii. Reîncărcați pagina.'),
  APPLICATION_ALREADY_ASSIGNED: def(409, 'Cererea a fost deja alocată altui funcționar.'),
  APPLICATION_NO_OUTPUT_DOCUMENT: def(409, 'Cererea nu are niciun document emis. Confirmați finalizarea fără document.'),
  INVALID_ASSIGNEE: def(400, 'Utilizatorul ales nu este un funcționar activ al instituției.'),
  INVALID_CONSULTANT: def(400, 'Utilizatorul ales nu este un consultant activ.'),
  INVALID_APPLICATION_TYPE: def(400, 'Tipul de cerere ales nu este activ în instituția cererii.'),
  STAFF_FORM_NOT_DEFINED: def(400, 'Tipul de cerere nu are un formular al funcționarului publicat.'),
  WORKFLOW_NOT_AVAILABLE: def(409, 'Tipul de cerere nu are un proces publicat care să poată fi pornit.'),

  // Signing
  INVALID_CERTSIGN_ENROLLMENT: def(400, 'Trebuie să finalizați înrolarea înainte de a semna.'),
  INVALID_PROFILE_FOR_SIGNING: def(400, 'Verificați CNP-ul și datele actului de identitate din profil.'),
  ENROLLMENT_NEED_TO_REENROLL: def(400, 'Este necesară o nouă înrolare.'),
  ERROR_INIT_SIGNING: def(500, 'Semnarea nu a putut fi inițiată. Reîncercați.'),
  PDF_INVALID: def(400, 'Fișierul PDF nu este valid.'),
  PDF_IS_ENCRYPTED: def(400, 'Fișierul PDF este criptat.'),
  INVALID_PDF_ERROR: def(400, 'Fișierul PDF nu este valid.'),
  PDF_READING_ERROR: def(400, 'Fișierul PDF nu poate fi citit.'),
  NOT_OK: def(400, 'Verificați dacă documentele sunt semnate.'),
  SIGNING_CODE_INVALID: def(400, 'Codul de semnare nu este corect. Mai aveți {remaining_attempts} încercări.'),
  SIGNING_CODE_EXPIRED: def(400, 'Codul de semnare a expirat. Porniți din nou semnarea.'),
  SIGNING_SESSION_EXPIRED: def(400, 'Sesiunea de semnare a expirat după prea multe coduri greșite. Porniți din nou semnarea.'),
  SIGNING_REQUEST_NOT_FOUND: def(404, 'Nu există o semnare în curs pentru această cerere. Porniți din nou semnarea.'),
  SIGNING_NOT_NEXT_SIGNER: def(403, 'Nu sunteți următorul semnatar al acestui document.'),
  SIGNING_DOCUMENT_KIND_MISMATCH: def(409, 'Documentul curent nu corespunde acțiunii alese. Reîncărcați pagina.'),
  SIGNING_NO_PHONE: def(400, 'Completați numărul de telefon din profil pentru a primi codul de semnare.'),
  SIGNING_PIN_INVALID_PASSWORD: def(400, 'Parola nu este corectă.'),
  SIGNING_BULK_PARTIAL_FAILURE: def(400, 'Unele documente nu au putut fi semnate: {failed}.'),
  SIGNING_FAILED: def(422, 'Documentul nu a putut fi semnat. Reîncercați.'),
  SEAL_ERROR: def(500, 'Documentul nu a putut fi sigilat. Reîncercați sigilarea.'),
  SIGNING_OFFLINE_NOT_CHECKED: def(400, 'Verificați mai întâi documentul semnat încărcat.'),
  APPLICATION_LOCKED_AFTER_SIGNING: def(409, 'Cererea a fost semnată și nu mai poate fi modificată.'),

  // Public SMS check
  PUBLIC_PHONE_BLOCKED: def(429, 'Numărul de telefon a fost blocat după 5 coduri greșite. Reîncercați peste {minutes} minute.'),
  PUBLIC_CODE_INVALID: def(400, 'Codul introdus nu este corect. Mai aveți {remaining_attempts} încercări.'),
  PUBLIC_CODE_EXPIRED: def(400, 'Codul a expirat. Solicitați un cod nou.'),
  PUBLIC_PHONE_NOT_ALLOWED: def(400, 'Numărul de telefon nu aparține solicitantului sau unui beneficiar.'),

  // Files
  TOO_MANY_FILES_OR_FILE_SIZE_EXCEEDED: def(413, 'Prea multe fișiere sau fișier prea mare.'),
  INVALID_FILE: def(400, 'Fișierul trebuie să fie o arhivă zip.'),
  ARCHIVE_CONTENT_INVALID_FILES_BY_NAME: def(400, 'Arhiva conține fișiere nepermise.'),
  FILE_NOT_EXISTS: def(404, 'Fișierul nu există.'),
  SOURCE_FILE_ID_MISSING_ERROR: def(400, 'Lipsește fișierul sursă.'),
  ERROR_DOWNLOAD_COMPRESSION: def(500, 'Arhiva nu a putut fi creată.'),
  'VALIDATION.UPLOADED_FILE_TYPE': def(415, 'Tipul fișierului nu este permis.'),
  'VALIDATION.UPLOADED_FILE_SIZE': def(413, 'Fișierul depășește dimensiunea maximă permisă.'),
  'VALIDATION.MAX_UPLOADED_FILES': def(400, 'Puteți încărca cel mult {maximum} fișiere (mai puteți adăuga {remaining}).'),
  UPLOAD_TOKEN_INVALID: def(403, 'Tokenul de încărcare nu este valid sau a expirat.'),
  DOWNLOAD_TOKEN_INVALID: def(403, 'Linkul de descărcare nu este valid sau a expirat.'),
  TOO_MANY_INTEREST_AREAS: def(400, 'Ați atins numărul maxim de zone de interes.'),
  ATLAS_NO_SEARCH_RESULT: def(404, 'Căutarea nu a returnat niciun rezultat.'),
  // Notifications (issue 14)
  NOTIFICATION_TEMPLATE_TOO_LONG: def(400, 'Mesajul are {length} caractere; limita șablonului este {limit}.'),
  CIRCULAR_NO_RECIPIENTS: def(400, 'Circulara trebuie să aibă cel puțin un destinatar.'),
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof ERRORS;

/** Codes that mean "your session is over": the web app opens the session-expired modal. */
export const SESSION_ERROR_CODES: readonly ErrorCode[] = ['SESSION_EXPIRED', 'TOKEN_INVALID'];

export const DEFAULT_ERROR_MESSAGE = 'A apărut o eroare, vă rugăm reîncercați';

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}

/**
 * Romanian text for a server message. Looks the code up upper-cased (spec §8), fills
 * `{placeholders}` from `data`, and falls back to the default message.
 */
export function errorMessage(code: unknown, data?: Record<string, unknown>): string {
  const key = typeof code === 'string' ? code.toUpperCase() : '';
  const entry = isErrorCode(key) ? ERRORS[key] : undefined;
  if (!entry) return DEFAULT_ERROR_MESSAGE;
  return entry.message.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = data?.[name];
    return value === undefined || value === null ? whole : String(value);
  });
}
