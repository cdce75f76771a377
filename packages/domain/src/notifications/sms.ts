/**
 * How an SMS provider counts a text (3GPP TS 23.038), so the template editor and the server agree
 * with the bill: a text made only of GSM 03.38 characters goes as 7-bit (160 per single message,
 * 153 per part; the extension characters count twice); one character outside it (ș, ț, ă, î, â
 * included) sends the whole text as UCS-2 (70 per single message, 67 per part; characters
 * outside the Basic Multilingual Plane count twice).
 */

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '\f^{}\\[~]|€';

const BASIC = new Set(GSM_BASIC);
const EXTENSION = new Set(GSM_EXTENSION);

export interface SmsLength {
  encoding: 'gsm7' | 'ucs2';
  /** Characters as the provider counts them (septets for GSM-7, UTF-16 units for UCS-2). */
  units: number;
  /** Messages billed. */
  segments: number;
  /** Units per segment at this length (single or concatenated). */
  perSegment: number;
}

export function smsLength(text: string): SmsLength {
  let gsm = true;
  let septets = 0;
  for (const ch of text) {
    if (BASIC.has(ch)) septets += 1;
    else if (EXTENSION.has(ch)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) {
    const perSegment = septets <= 160 ? 160 : 153;
    return { encoding: 'gsm7', units: septets, segments: septets === 0 ? 0 : Math.ceil(septets / perSegment), perSegment };
  }
  const units = text.length; // UTF-16 code units: astral characters count twice.
  const perSegment = units <= 70 ? 70 : 67;
  return { encoding: 'ucs2', units, segments: units === 0 ? 0 : Math.ceil(units / perSegment), perSegment };
}
