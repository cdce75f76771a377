/**
 * Pattern of an e-mail address: a local part of letters, digits and `.!#$%&'*+/=?^_`{|}~-`
 * (no leading, trailing or doubled dot), `@`, then a domain of at least two labels of letters,
 * digits and hyphens (no hyphen at either end of a label), the last one alphabetic and at least
 * two letters long. ASCII only; quoted local parts and IP-address domains are not accepted.
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** Longest address accepted (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;
const LOCAL_PART_MAX_LENGTH = 64;

/**
 * True when `email` looks like a deliverable address: {@link EMAIL_PATTERN}, at most 254
 * characters, local part at most 64. Surrounding whitespace is not accepted (trim first).
 */
export function isValidEmail(email: string): boolean {
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) return false;
  return email.indexOf('@') <= LOCAL_PART_MAX_LENGTH;
}

/** The domain of an address, lower case and without a trailing dot, or `''` without `@`. */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return '';
  return email
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '');
}

/**
 * True when the domain of `email` is on the blocked list (spec §5: blocked domains, and the
 * county's own domain at registration). Case-insensitive; a blocked entry matches the domain
 * itself and any of its subdomains (`cjmures.ro` blocks `x@cjmures.ro` and `x@mail.cjmures.ro`,
 * not `x@notcjmures.ro`). Entries may be written `cjmures.ro`, `@cjmures.ro` or `.cjmures.ro`;
 * empty entries are ignored.
 */
export function isBlockedEmailDomain(email: string, blockedDomains: readonly string[]): boolean {
  const domain = emailDomain(email);
  if (domain === '') return false;
  return blockedDomains.some((entry) => {
    const blocked = entry
      .trim()
      .toLowerCase()
      .replace(/^[@.]+/, '')
      .replace(/\.$/, '');
    return blocked !== '' && (domain === blocked || domain.endsWith(`.${blocked}`));
  });
}
