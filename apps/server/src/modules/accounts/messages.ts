import type { OutgoingEmail, OutgoingSms } from '../../platform/messaging.js';

/**
 * Romanian texts of the e-mails and SMS the accounts module sends. Comma-below diacritics only
 * (ș ț), never the cedilla forms. No message ever carries a password: links carry single-use
 * keys, the SMS a short-lived code.
 */

const SIGNATURE = 'Echipa Ghișeul Unic';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

/** 'Bună ziua, Ioana Popescu,' or 'Bună ziua,' when the name is unknown. */
function greeting(name: string | null): string {
  return name ? `Bună ziua, ${name},` : 'Bună ziua,';
}

/** A plain-text body and the same text as simple HTML, with the link clickable. */
function email(to: string, subject: string, paragraphs: string[], link?: { url: string; label: string }): OutgoingEmail {
  const text = [...paragraphs.slice(0, 2), ...(link ? [link.url] : []), ...paragraphs.slice(2), SIGNATURE].join('\n\n');
  const html = [
    ...paragraphs.slice(0, 2).map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`] : []),
    ...paragraphs.slice(2).map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p>${SIGNATURE}</p>`,
  ].join('\n');
  return { to, subject, text, html };
}

export function emailConfirmationMessage(to: string, name: string | null, url: string): OutgoingEmail {
  return email(
    to,
    'Confirmați adresa de e-mail – Ghișeul Unic',
    [
      greeting(name),
      'Vă mulțumim că v-ați creat un cont în Ghișeul Unic. Pentru a-l activa, confirmați adresa de e-mail accesând linkul de mai jos:',
      'Linkul este valabil 24 de ore și poate fi folosit o singură dată. Dacă nu dumneavoastră ați creat contul, ignorați acest mesaj.',
    ],
    { url, label: 'Confirmați adresa de e-mail' },
  );
}

export function passwordResetMessage(to: string, name: string | null, url: string): OutgoingEmail {
  return email(
    to,
    'Resetarea parolei – Ghișeul Unic',
    [
      greeting(name),
      'Am primit o cerere de resetare a parolei contului dumneavoastră. Pentru a alege o parolă nouă, accesați linkul de mai jos:',
      'Linkul este valabil o oră și poate fi folosit o singură dată. Dacă nu ați cerut resetarea, ignorați acest mesaj: parola actuală rămâne neschimbată.',
    ],
    { url, label: 'Alegeți o parolă nouă' },
  );
}

export function setPasswordMessage(to: string, name: string | null, url: string, invitedBy: string): OutgoingEmail {
  return email(
    to,
    'Invitație în Ghișeul Unic – setați parola contului',
    [
      greeting(name),
      `${invitedBy} v-a creat un cont în Ghișeul Unic. Pentru a-l activa, alegeți o parolă accesând linkul de mai jos:`,
      'Linkul este valabil 72 de ore și poate fi folosit o singură dată. Dacă nu așteptați această invitație, ignorați mesajul.',
    ],
    { url, label: 'Setați parola' },
  );
}

export function passwordChangedMessage(to: string, name: string | null): OutgoingEmail {
  return email(to, 'Parola a fost schimbată – Ghișeul Unic', [
    greeting(name),
    'Parola contului dumneavoastră din Ghișeul Unic a fost schimbată, iar toate sesiunile deschise au fost închise.',
    'Dacă nu dumneavoastră ați făcut această modificare, folosiți imediat opțiunea „Am uitat parola” și contactați administratorul portalului.',
  ]);
}

export function phoneCodeMessage(to: string, code: string): OutgoingSms {
  return {
    to,
    text: `Codul de verificare Ghișeul Unic este ${code}. Este valabil 10 minute. Nu îl comunicați nimănui.`,
  };
}
