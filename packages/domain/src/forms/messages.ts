import { formatValidationMessage, VALIDATION_MESSAGES as M } from '../validators/messages.js';

/**
 * Romanian texts of the form interfaces: the rules a citizen meets while filling a form
 * (`validateFormData`) and the structural rules the form builder meets while designing one
 * (`ZFormDefinition`). The general rules reuse {@link VALIDATION_MESSAGES}; only what forms add is
 * written here. Comma-below diacritics only (ș ț).
 */
export const FORM_MESSAGES = {
  // Filling a form
  requiredFields: M.requiredFields,
  invalidValue: M.invalidValue,
  maxLength: M.maxLength,
  minLength: M.minLength,
  integer: M.integer,
  lettersOnly: 'Sunt permise doar litere și spații',
  digitsOnly: 'Sunt permise doar cifre',
  lettersAndDigits: 'Sunt permise doar litere, cifre și spații',
  number: 'Introduceți un număr',
  numberMin: 'Valoarea trebuie să fie cel puțin {min}',
  numberMax: 'Valoarea poate fi cel mult {max}',
  decimals: 'Sunt permise cel mult {decimals} zecimale',
  date: M.date,
  dateMin: 'Data nu poate fi înainte de {min}',
  dateMax: 'Data nu poate fi după {max}',
  dateInFuture: 'Data nu poate fi în viitor',
  option: 'Alegeți una dintre opțiunile propuse',
  minSelected: 'Alegeți cel puțin {count}',
  maxSelected: 'Puteți alege cel mult {count}',
  cadastralNumber: 'Numărul cadastral nu este valid (de exemplu 50123 sau 50123-C1)',
  postalCode: M.postalCode,
  minFiles: 'Încărcați cel puțin {count}',
  maxFiles: 'Puteți încărca cel mult {count}',
  minItems: 'Adăugați cel puțin {count}',
  maxItems: 'Puteți adăuga cel mult {count}',

  // Designing a form (structural rules)
  fieldKey: 'Cheia trebuie scrisă cu litere mici, cifre și „_”, începând cu o literă (de exemplu suprafata_teren)',
  duplicateKey: 'Cheia „{key}” este folosită de mai multe câmpuri',
  unknownFieldType: 'Tipul câmpului nu este cunoscut',
  groupInGroup: 'Un grup repetabil nu poate conține alt grup repetabil',
  notAllowedInGroup: 'Câmpurile de tipul „{type}” nu pot fi folosite într-un grup repetabil',
  emptyGroup: 'Grupul repetabil trebuie să conțină cel puțin un câmp',
  visibleWhenRule: 'Condiția de afișare are nevoie de exact una dintre reguli: egal cu, una dintre valori sau completat',
  visibleWhenEarlier: 'Condiția de afișare trebuie să se refere la un câmp aflat înaintea acestuia',
  visibleWhenTarget: 'Câmpul „{key}” nu poate fi folosit într-o condiție de afișare',
  visibleWhenOption: 'Valoarea „{value}” nu se află printre opțiunile câmpului „{key}”',
  operandNumeric: 'Operandul „{key}” trebuie să fie un câmp numeric aflat înaintea câmpului calculat',
  operandCount: 'Operația aleasă are nevoie de cel puțin doi operanzi',
  minAboveMax: 'Valoarea minimă nu poate fi mai mare decât valoarea maximă',
  minDateAfterMaxDate: 'Data minimă nu poate fi după data maximă',
  invalidPattern: 'Expresia regulată nu este validă',
  duplicateOption: 'Valoarea opțiunii „{value}” se repetă',
  tooFewOptions: 'Adăugați cel puțin o opțiune',
  selectionAboveOptions: 'Nu se pot cere mai multe alegeri decât opțiunile disponibile',
  acceptType: 'Tipul de fișier nu este permis',
  emptyForm: 'Formularul trebuie să aibă cel puțin un câmp',
} as const;

/** Fills `{name}` placeholders of a form message. */
export const formMessage = (message: string, data: Record<string, string | number> = {}): string =>
  formatValidationMessage(message, data);

/**
 * A count with its Romanian noun: 1 fișier, 2 fișiere, 20 de fișiere (numbers whose last two
 * digits are 00 or 20–99 take „de”).
 */
export function romanianCount(count: number, singular: string, plural: string): string {
  if (count === 1) return `1 ${singular}`;
  const lastTwo = Math.abs(count) % 100;
  const needsDe = count !== 0 && (lastTwo === 0 || lastTwo >= 20);
  return `${count} ${needsDe ? 'de ' : ''}${plural}`;
}
