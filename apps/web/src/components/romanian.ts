/**
 * Small Romanian-grammar helpers shared by the components.
 */

/**
 * Romanian puts "de" between a number and its noun when the number's last two digits are 00 or
 * 20–99 ("20 de fișiere", "101 fișiere", "120 de fișiere"). Returns the number with its noun.
 */
export function countWithNoun(count: number, singular: string, plural: string): string {
  if (count === 1) return `1 ${singular}`;
  const lastTwo = Math.abs(count) % 100;
  const needsDe = count !== 0 && (lastTwo === 0 || lastTwo >= 20);
  return `${count} ${needsDe ? 'de ' : ''}${plural}`;
}
