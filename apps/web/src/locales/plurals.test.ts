import { describe, expect, it } from 'vitest';

/**
 * Counted texts go through i18next's Romanian plural rules (`_one`, `_few`, `_other`: "1 subcont",
 * "2 subconturi", "20 de subconturi"), never one form for every number.
 */
const namespaces = import.meta.glob<Record<string, unknown>>('./ro/*.json', { eager: true, import: 'default' });

/** Every text of the namespace with its dotted key. */
function texts(tree: Record<string, unknown>, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : texts(value as Record<string, unknown>, `${prefix}${key}.`),
  );
}

/** Counts in brackets after a label ("Versiuni (3)") need no agreement. */
const BARE_COUNT = /^[^{]*\(\{\{count\}\}\)$/;

describe('Romanian plurals in the texts', () => {
  const all = Object.entries(namespaces).flatMap(([file, tree]) => texts(tree).map(([key, text]) => [`${file}:${key}`, text]));

  it('gives every counted text its one, few and other forms', () => {
    const keys = new Set(all.map(([key]) => key));
    const incomplete = all
      .filter(([key]) => /_(one|few|other)$/.test(key))
      .flatMap(([key]) => ['one', 'few', 'other'].map((form) => key.replace(/_(one|few|other)$/, `_${form}`)))
      .filter((key) => !keys.has(key));
    expect([...new Set(incomplete)]).toEqual([]);
  });

  it('never puts a number before a noun in a text without plural forms', () => {
    const unagreed = all.filter(
      ([key, text]) => text.includes('{{count}}') && !/_(one|few|other)$/.test(key) && !BARE_COUNT.test(text),
    );
    expect(unagreed).toEqual([]);
  });

  it('puts "de" in the other form, where Romanian needs it', () => {
    const other = all.filter(([key, text]) => key.endsWith('_other') && /\{\{count\}\} /.test(text));
    expect(other.filter(([, text]) => !/\{\{count\}\} de /.test(text))).toEqual([]);
  });
});
