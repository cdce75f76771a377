import { z } from 'zod';
import { formatValidationMessage as fill, VALIDATION_MESSAGES as M } from './messages.js';

/**
 * Romanian messages for the checks that carry no message of their own (a bare `.min(1)`, a
 * wrong type, an unknown enum value), in plain words a citizen or an administrator understands.
 * zod's own Romanian locale speaks of "șir" and "matrice"; this one speaks of text, values and
 * choices. Checks with an explicit message keep it. Installed once per process by
 * {@link installRomanianValidationMessages} (server start-up, web entry, test set-ups).
 */

type Issue = z.core.$ZodRawIssue;

const FORMATS: Record<string, string> = {
  email: M.email,
  url: 'Adresa web nu este validă',
  date: 'Data nu este validă',
  datetime: 'Data și ora nu sunt valide',
  time: 'Ora nu este validă',
  uuid: M.invalidValue,
  regex: 'Valoarea nu are forma cerută',
};

const number = (value: unknown) => (typeof value === 'bigint' ? value.toString() : String(value));

function tooSmall(issue: Extract<Issue, { code: 'too_small' }>): string {
  const min = Number(issue.minimum);
  switch (issue.origin) {
    case 'string':
      return min <= 1 ? M.requiredFields : fill(M.minLength, { min });
    case 'array':
    case 'set':
      return min <= 1 ? 'Alegeți sau adăugați cel puțin o valoare' : `Sunt necesare cel puțin ${min} valori`;
    case 'number':
    case 'int':
    case 'bigint':
      return issue.inclusive
        ? `Valoarea trebuie să fie cel puțin ${number(issue.minimum)}`
        : `Valoarea trebuie să fie mai mare decât ${number(issue.minimum)}`;
    case 'date':
      return 'Data este prea veche';
    default:
      return M.invalidValue;
  }
}

function tooBig(issue: Extract<Issue, { code: 'too_big' }>): string {
  switch (issue.origin) {
    case 'string':
      return fill(M.maxLength, { max: Number(issue.maximum) });
    case 'array':
    case 'set':
      return `Sunt permise cel mult ${number(issue.maximum)} valori`;
    case 'number':
    case 'int':
    case 'bigint':
      return issue.inclusive
        ? `Valoarea poate fi cel mult ${number(issue.maximum)}`
        : `Valoarea trebuie să fie mai mică decât ${number(issue.maximum)}`;
    case 'date':
      return 'Data este prea îndepărtată';
    default:
      return M.invalidValue;
  }
}

/** The Romanian message of a zod issue that has none. */
export function romanianIssueMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return M.requiredFields;
      if (issue.expected === 'number' || issue.expected === 'int') return 'Introduceți un număr';
      if (issue.expected === 'boolean') return 'Alegeți da sau nu';
      if (issue.expected === 'date') return 'Data nu este validă';
      return M.invalidValue;
    case 'too_small':
      return tooSmall(issue);
    case 'too_big':
      return tooBig(issue);
    case 'invalid_value':
      return 'Alegeți una dintre valorile permise';
    case 'invalid_format':
      return FORMATS[issue.format] ?? M.invalidValue;
    case 'not_multiple_of':
      return `Numărul trebuie să fie multiplu de ${number(issue.divisor)}`;
    case 'unrecognized_keys':
      return `Proprietăți necunoscute: ${issue.keys.join(', ')}`;
    default:
      return M.invalidValue;
  }
}

let installed = false;

/** Makes {@link romanianIssueMessage} zod's message for checks without one (idempotent). */
export function installRomanianValidationMessages(): void {
  if (installed) return;
  z.config({ localeError: (issue) => romanianIssueMessage(issue) });
  installed = true;
}
