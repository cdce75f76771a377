import { ERRORS, VALIDATION_MESSAGES } from '@ghiseu/domain';
import { describe, expect, it } from 'vitest';

/**
 * One form of address in the whole UI: the portal speaks to citizens and staff with the formal
 * second person plural ("Alegeți", "Continuați", "puteți", "dumneavoastră"), as the sign-up pages
 * always did, never with the familiar singular ("Alege", "Continuă", "poți", "tău").
 *
 * Romanian makes this hard to check by word alone: the familiar imperative of most verbs is also
 * their third person singular ("Șterge" = "delete!" and "he deletes") and, for verbs ending in -e,
 * their infinitive ("o puteți șterge"). So a listed form passes when the word before it makes it
 * an infinitive, a future or a third person ("a", "se", "puteți", "va"...), and the few remaining
 * third-person sentences are allowed one by one below, each with its reason.
 */

/** Familiar (second person singular) forms that a text addressed to the user must not use. */
const FAMILIAR_FORMS = [
  // imperatives of the actions the screens offer
  'acceptă',
  'accesează',
  'activează',
  'adaugă',
  'afișează',
  'alătură',
  'alege',
  'alocă',
  'anulează',
  'apasă',
  'aplică',
  'aprobă',
  'arată',
  'ascunde',
  'atașează',
  'autentifică',
  'caută',
  'citește',
  'completează',
  'conectează',
  'confirmă',
  'contactează',
  'continuă',
  'copiază',
  'creează',
  'deconectează',
  'depune',
  'descarcă',
  'deschide',
  'desenează',
  'dezactivează',
  'duplică',
  'editează',
  'elimină',
  'exportă',
  'extinde',
  'filtrează',
  'golește',
  'importă',
  'introdu',
  'invită',
  'încarcă',
  'încearcă',
  'încheie',
  'închide',
  'înregistrează',
  'lucrează',
  'marchează',
  'mărește',
  'măsoară',
  'mergi',
  'micșorează',
  'modifică',
  'mută',
  'părăsește',
  'păstrează',
  'plătește',
  'previzualizează',
  'publică',
  'rămâi',
  'redimensionează',
  'reîmprospătează',
  'reîncarcă',
  'reîncearcă',
  'renunță',
  'resetează',
  'respinge',
  'restrânge',
  'retrimite',
  'revino',
  'salvează',
  'schimbă',
  'scrie',
  'selectează',
  'semnează',
  'setează',
  'solicită',
  'spune',
  'șterge',
  'tipărește',
  'treci',
  'trimite',
  'urmărește',
  'verifică',
  'vezi',
  // the familiar "you": can, have, are, want, your, you
  'poți',
  'ai',
  'ești',
  'vrei',
  'dorești',
  'tău',
  'ta',
  'tale',
  'tăi',
  'te',
  'ți',
  'îți',
  'ție',
];

/**
 * Words after which a listed form is not a familiar imperative: an infinitive ("pentru a trimite",
 * "o puteți șterge"), a future ("vom trimite"), a relative clause ("serviciile care lucrează") or
 * a verb with its pronoun before it ("se alege", "Portalul vă trimite"; an imperative puts the
 * pronoun after: "Șterge-o").
 */
const NOT_IMPERATIVE_AFTER = new Set([
  // infinitive, future, conditional, relative clause
  ...['a', 'puteți', 'poate', 'pot', 'putea', 'va', 'vom', 'veți', 'vor', 'ar', 'care'],
  // a pronoun before the verb
  ...['se', 'vă', 'îl', 'îi', 'le', 'o', 'își', 'ne', 'mă'],
]);

/**
 * Forms that are also a common adjective ("pagina publică", "Hartă publică"): familiar only when
 * they open a sentence, as a button or a command does ("Publică").
 */
const FAMILIAR_ONLY_FIRST = new Set(['publică']);

/** Texts where a listed form is a third person describing someone else, with the reason. */
const ALLOWED: Record<string, { forms: string[]; why: string }> = {
  'applications.json:next.receipt': { forms: ['deschide'], why: 'the QR code opens the public page' },
  'forms.json:list.subtitle': { forms: ['schimbă'], why: 'published versions no longer change' },
  'forms.json:editor.publishQuestion': { forms: ['păstrează'], why: 'submitted applications keep their version' },
  'validation:responseDays': { forms: ['introdu'], why: "the spec's verbatim wording ('Introdu un numar', spec §5)" },
  'document-templates.json:layout.intro': { forms: ['semnează'], why: 'the president and the applicant sign (third person)' },
  'document-templates.json:layout.indexHint': { forms: ['semnează'], why: 'the cell with index 1 signs first (third person)' },
  'document-verification.json:intro': { forms: ['confirmă', 'arată'], why: 'the page confirms and shows (third person)' },
};

const FAMILIAR = new Set(FAMILIAR_FORMS);

/** The familiar forms a text uses, with the exceptions of {@link NOT_IMPERATIVE_AFTER}. */
function familiarForms(text: string): string[] {
  return text.split(/(?<=[.!?:;„“"(])\s*/u).flatMap((sentence) => {
    const words = sentence.split(/[^\p{L}]+/u).filter(Boolean);
    return words.filter((word, index) => {
      const lower = word.toLocaleLowerCase('ro');
      if (!FAMILIAR.has(lower) || (index > 0 && FAMILIAR_ONLY_FIRST.has(lower))) return false;
      return !(index > 0 && NOT_IMPERATIVE_AFTER.has(words[index - 1].toLocaleLowerCase('ro')));
    });
  });
}

const namespaces = import.meta.glob<Record<string, unknown>>('./ro/*.json', { eager: true, import: 'default' });

/** Every text of the namespace with its dotted key. */
function texts(tree: Record<string, unknown>, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : texts(value as Record<string, unknown>, `${prefix}${key}.`),
  );
}

/** `[where, text, forms]` of every text using a familiar form that is not allowed for it. */
function offenders(entries: [string, string][]): [string, string, string[]][] {
  return entries.flatMap(([where, text]): [string, string, string[]][] => {
    const allowed = new Set(ALLOWED[where]?.forms ?? []);
    const forms = familiarForms(text).filter((form) => !allowed.has(form.toLocaleLowerCase('ro')));
    return forms.length > 0 ? [[where, text, forms]] : [];
  });
}

/** Every locale text as `file.json:dotted.key`, and the shared validation and error messages. */
const ALL: [string, string][] = [
  ...Object.entries(namespaces).flatMap(([file, tree]) =>
    texts(tree).map(([key, text]): [string, string] => [`${file.replace('./ro/', '')}:${key}`, text]),
  ),
  ...Object.entries(VALIDATION_MESSAGES).map(([key, text]): [string, string] => [`validation:${key}`, text]),
  ...Object.entries(ERRORS).map(([code, { message }]): [string, string] => [`errors:${code}`, message]),
];

/** The web app's own source files (not tests), as text: a screen may write its texts inline. */
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../**/testing/**'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

/** The string literals and JSX texts of a source file, comments left out. */
function inlineTexts(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  const literal = /'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`|>([^<>{}=]*\p{L}[^<>{}=]*)</gu;
  return [...code.matchAll(literal)].map((match) =>
    (match[1] ?? match[2] ?? match[3]?.replace(/\$\{[^}]*\}/g, ' ') ?? match[4]).trim(),
  );
}

describe('one form of address: the formal "dumneavoastră"', () => {
  it('tells a familiar imperative from an infinitive, a third person and a formal one', () => {
    expect(familiarForms('Șterge ciorna')).toEqual(['Șterge']);
    expect(familiarForms('Ștergeți ciorna')).toEqual([]);
    expect(familiarForms('O puteți șterge acum.')).toEqual([]);
    expect(familiarForms('Pentru a continua, alegeți o parolă.')).toEqual([]);
    expect(familiarForms('Se alege tipul seriei.')).toEqual([]);
    expect(familiarForms('Folosiți „Salvează ciorna”.')).toEqual(['Salvează']);
    expect(familiarForms('Aici poți vedea contul tău.')).toEqual(['poți', 'tău']);
    expect(familiarForms('Pagina publică a cererii. Publică')).toEqual(['Publică']);
  });

  it('finds the texts written inline in a component, not its comments', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a component's source, with its template literal, as input
    const source = "// Alege\nconst a = 'Trimite';\n/* Vezi */ <Button aria-label={`Șterge ${name}`}>\n  Salvează\n</Button>";
    expect(inlineTexts(source)).toEqual(['Trimite', 'Șterge', 'Salvează']);
  });

  it('uses no familiar form in the texts of the screens', () => {
    const locale = ALL.filter(([where]) => where.includes('.json:'));
    expect(locale.length).toBeGreaterThan(1000);
    expect(offenders(locale)).toEqual([]);
  });

  it('uses no familiar form in the validation and error messages', () => {
    expect(offenders(ALL.filter(([where]) => !where.includes('.json:')))).toEqual([]);
  });

  it('uses no familiar form in the texts written inline in the components', () => {
    const inline = Object.entries(sources).flatMap(([file, source]) =>
      inlineTexts(source).map((text): [string, string] => [file.replace('../', ''), text]),
    );
    expect(inline.length).toBeGreaterThan(500);
    expect(offenders(inline)).toEqual([]);
  });

  it('allows only exceptions that are still needed', () => {
    const byWhere = new Map(ALL);
    const unused = Object.entries(ALLOWED).filter(([where, { forms }]) => {
      const used = familiarForms(byWhere.get(where) ?? '').map((form) => form.toLocaleLowerCase('ro'));
      return !forms.every((form) => used.includes(form));
    });
    expect(unused.map(([where]) => where)).toEqual([]);
  });
});
