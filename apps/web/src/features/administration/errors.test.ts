import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { i18n, initI18n } from '../../lib/i18n';

const { toastMock, handleMock } = vi.hoisted(() => ({ toastMock: vi.fn(), handleMock: vi.fn() }));
vi.mock('../../components/feedback/toast', () => ({ showToast: toastMock }));
vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api-client')>()),
  handleApiError: handleMock,
}));

const { adminErrorText, csvErrorLine, csvErrorText, showAdminError } = await import('./errors');

beforeAll(async () => {
  await initI18n();
  await i18n.loadNamespaces('administration');
});
beforeEach(() => {
  toastMock.mockReset();
  handleMock.mockReset();
});

const conflict = (data: Record<string, unknown>) => new ApiError(409, 'CONFLICT', data);

describe('CONFLICT: a message per reason instead of the generic one', () => {
  it("'unchanged': the responsibility's permissions are the same", () => {
    expect(adminErrorText(conflict({ reason: 'unchanged' }), { entity: 'responsibility' })).toBe(
      'Nu ați modificat nimic: permisiunile selectate sunt identice cu cele actuale. Schimbați cel puțin o permisiune (sau denumirea ori descrierea) înainte de a salva.',
    );
  });

  it("'referenced': says what keeps the record, with Romanian plurals", () => {
    expect(adminErrorText(conflict({ reason: 'referenced', users: 1 }), { entity: 'department' })).toBe(
      'Departamentul are un membru și nu poate fi șters. Mutați mai întâi funcționarul în alt departament.',
    );
    expect(adminErrorText(conflict({ reason: 'referenced', users: 3 }), { entity: 'department' })).toContain(
      'Departamentul are 3 membri',
    );
    expect(adminErrorText(conflict({ reason: 'referenced', users: 21 }), { entity: 'department' })).toContain(
      'Departamentul are 21 de membri',
    );
    expect(adminErrorText(conflict({ reason: 'referenced', functions: 2 }), { entity: 'responsibility' })).toBe(
      'Responsabilitatea este dată de 2 funcții și nu poate fi ștearsă. Scoateți-o mai întâi din aceste funcții.',
    );
    expect(
      adminErrorText(conflict({ reason: 'referenced', references: { audit_entries: 4, files: 1, uat_assignments: 20 } }), {
        entity: 'staffAccount',
      }),
    ).toBe(
      'Contul nu poate fi șters deoarece în portal există înregistrări legate de el (4 acțiuni înregistrate în jurnal, un fișier încărcat, 20 de UAT-uri alocate). Dezactivați contul în locul ștergerii.',
    );
    expect(adminErrorText(conflict({ reason: 'referenced' }), { entity: 'staffAccount' })).toBe(
      'Contul nu poate fi șters deoarece este folosit în portal. Dezactivați contul în locul ștergerii.',
    );
    expect(adminErrorText(conflict({ reason: 'referenced' }))).toBe(
      'Înregistrarea este folosită în portal și nu poate fi ștearsă.',
    );
  });

  it("'not_pending': the enrollment was already reviewed", () => {
    expect(adminErrorText(conflict({ reason: 'not_pending', status: 'approved' }), { entity: 'enrollment' })).toBe(
      'Cererea de înrolare a fost deja analizată (stare: Aprobată). Lista a fost reîmprospătată.',
    );
  });

  it('without a known reason: the catalogue text', () => {
    expect(adminErrorText(conflict({}))).toBe('Datele au fost modificate între timp. Reîncărcați pagina și reîncercați.');
  });
});

describe('other codes with details', () => {
  it('UAT_ALREADY_ASSIGNED names the UAT', () => {
    const error = new ApiError(409, 'UAT_ALREADY_ASSIGNED', { uat_id: 114970 });
    expect(adminErrorText(error, { uatName: (id) => (id === 114970 ? 'Reghin' : undefined) })).toBe(
      'UAT-ul Reghin este deja alocat altui funcționar. Un UAT nu poate fi alocat la doi funcționari: scoateți-l mai întâi de la celălalt funcționar.',
    );
    expect(adminErrorText(new ApiError(409, 'UAT_ALREADY_ASSIGNED'))).toBe('UAT-ul este deja alocat altui utilizator.');
  });

  it('CANNOT_DELETE_ORGANISATION counts the users', () => {
    expect(adminErrorText(new ApiError(409, 'CANNOT_DELETE_ORGANISATION', { users: 12 }))).toBe(
      'Instituția nu poate fi ștearsă deoarece are 12 utilizatori.',
    );
    expect(adminErrorText(new ApiError(409, 'CANNOT_DELETE_ORGANISATION', { reason: 'referenced' }))).toContain(
      'alte înregistrări (cereri, fișiere, documente)',
    );
    expect(adminErrorText(new ApiError(409, 'CANNOT_DELETE_ORGANISATION'))).toBe(
      'Instituția nu poate fi ștearsă deoarece are utilizatori.',
    );
  });

  it('FORBIDDEN names the permissions that may not be granted', () => {
    const error = new ApiError(403, 'FORBIDDEN', { permissions: ['systemConfig', 'permissionsRead'] });
    expect(adminErrorText(error, { permissionName: (key) => ({ systemConfig: 'Meniul de configurare' })[key] ?? key })).toBe(
      'Nu puteți acorda aceste permisiuni: Meniul de configurare, permissionsRead.',
    );
    expect(adminErrorText(new ApiError(403, 'FORBIDDEN', { fields: ['user_type_name'] }))).toContain('Doar un administrator');
  });

  it('codes of the catalogue keep their Romanian text', () => {
    expect(adminErrorText(new ApiError(409, 'DUPLICATE_DEPARTMENT_NAME'))).toBe(
      'Există deja un departament cu această denumire.',
    );
    expect(adminErrorText(new ApiError(400, 'CAN_NOT_USE_SYSTEM_FUNCTIONS'))).toBe('Funcțiile de sistem nu pot fi modificate.');
    expect(adminErrorText(new ApiError(409, 'CANNOT_DELETE_FUNCTION'))).toBe(
      'Funcția nu poate fi ștearsă deoarece este folosită de utilizatori sau departamente.',
    );
    expect(adminErrorText(new ApiError(401, 'AUTH_DISABLED'))).toBe(
      'Contul este blocat sau inactiv. Contactați administratorul.',
    );
    expect(adminErrorText(new ApiError(undefined, 'NETWORK_ERROR'))).toContain('Serverul nu poate fi contactat');
  });
});

describe('useful-links CSV errors show the line', () => {
  it.each([
    ['link', 3, 'Linia 3 a textului CSV nu este validă: linkul trebuie să fie o adresă validă care începe cu https://.'],
    ['columns', 2, 'Linia 2 a textului CSV nu este validă: fiecare linie trebuie să aibă exact două coloane'],
    ['name', 5, 'Linia 5 a textului CSV nu este validă: denumirea lipsește'],
    ['syntax', 4, 'Linia 4 a textului CSV nu este validă: textul nu respectă formatul CSV'],
  ])('reason %s', (reason, line, text) => {
    const error = new ApiError(400, 'UTILS_LINKS_CSV_PARSE_ERROR', { line, reason });
    expect(csvErrorText(error)).toContain(text);
    expect(adminErrorText(error)).toContain(text);
    expect(csvErrorLine(error)).toBe(line);
  });

  it('a fault of the whole text has no line', () => {
    const error = new ApiError(400, 'UTILS_LINKS_CSV_PARSE_ERROR', { line: 0, reason: 'too_many' });
    expect(csvErrorText(error)).toBe('Textul CSV nu este valid: se pot salva cel mult 200 de linkuri.');
    expect(csvErrorLine(error)).toBeNull();
  });

  it('other errors are not CSV errors', () => {
    expect(csvErrorText(new ApiError(409, 'CONFLICT'))).toBeNull();
    expect(csvErrorLine(new Error('x'))).toBeNull();
  });
});

describe('showAdminError', () => {
  it('toasts the specific message for the statuses the screens explain', () => {
    showAdminError(conflict({ reason: 'referenced', users: 2 }), { entity: 'department' });
    expect(toastMock).toHaveBeenCalledWith('error', expect.stringContaining('Departamentul are 2 membri'));
    showAdminError(new ApiError(403, 'FORBIDDEN'));
    expect(toastMock).toHaveBeenLastCalledWith('error', 'Nu aveți dreptul să efectuați această acțiune.');
    expect(handleMock).not.toHaveBeenCalled();
  });

  it('leaves session errors to the login modal and server failures to the generic handler', () => {
    showAdminError(new ApiError(403, 'SESSION_EXPIRED'));
    expect(toastMock).not.toHaveBeenCalled();
    const failure = new ApiError(502, '');
    showAdminError(failure);
    expect(handleMock).toHaveBeenCalledWith(failure);
  });
});
