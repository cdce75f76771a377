/**
 * Small Romanian-grammar helpers shared by the components.
 */

/** The plural categories of Romanian, the rules i18next applies to the `_one`/`_few`/`_other` keys. */
const RO_PLURALS = new Intl.PluralRules('ro');

/**
 * The noun after a count: the singular for 1, the plural for 0 and 2–19 (and 101–119…), and "de"
 * before the plural when the number's last two digits are 00 or 20–99: "1 cont", "5 conturi",
 * "20 de conturi", "101 conturi", "120 de conturi".
 */
export function countNoun(count: number, singular: string, plural: string): string {
  const category = RO_PLURALS.select(count);
  if (category === 'one') return singular;
  return category === 'few' ? plural : `de ${plural}`;
}

/** The number with its noun: "1 fișier", "20 de fișiere". */
export function countWithNoun(count: number, singular: string, plural: string): string {
  return `${count} ${countNoun(count, singular, plural)}`;
}
