import { type AnafCompany, normalizeCui, todayInRomania } from '@ghiseu/domain';
import { z } from 'zod';

/**
 * The tax-authority (ANAF) adapter (DESIGN.md §6): checks a legal person's CUI with the
 * public "PlatitorTvaRest" service, an HTTP POST to a configurable URL. Three outcomes:
 *
 * - `validated`: ANAF knows the CUI; the company's name, address… come back with it;
 * - `invalid`: ANAF answered and does not know it;
 * - `unreachable`: no usable answer (connection refused, timeout, 5xx, unexpected body). The
 *   caller keeps the beneficiary unvalidated and a job checks again later (spec §8).
 *
 * The call is never made inside a database transaction: a slow service must not hold locks
 * (and on PGlite would block every other request).
 */

/** Where the service is and how long to wait for it: `config.anaf` (ANAF_API_URL, ANAF_TIMEOUT_MS). */
export interface AnafConfig {
  url: string;
  timeoutMs: number;
}

export type AnafOutcome =
  | { status: 'validated'; company: AnafCompany }
  | { status: 'invalid' }
  | { status: 'unreachable'; reason: string };

export interface AnafClient {
  check(cui: string): Promise<AnafOutcome>;
}

const text = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === undefined || v === null || String(v).trim() === '' ? null : String(v).trim()));

/** The part of ANAF's answer the portal reads; everything else is ignored. */
const AnafResponse = z.object({
  found: z
    .array(
      z.looseObject({
        date_generale: z.looseObject({
          cui: z.union([z.number(), z.string()]),
          denumire: z.string(),
          adresa: text,
          nrRegCom: text,
          telefon: text,
          codPostal: text,
          stare_inregistrare: text,
        }),
        inregistrare_scop_Tva: z.looseObject({ scpTVA: z.boolean().nullish() }).nullish(),
      }),
    )
    .default([]),
  notFound: z.array(z.unknown()).default([]),
});

/** An HTTP client of the ANAF service with a timeout on the whole exchange. */
export function createAnafClient(config: AnafConfig, fetchImpl: typeof fetch = fetch): AnafClient {
  return {
    async check(cui) {
      const digits = normalizeCui(cui);
      if (digits === null) return { status: 'invalid' };
      const day = todayInRomania();
      let text: string;
      try {
        const response = await fetchImpl(config.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify([{ cui: Number(digits), data: day }]),
          signal: AbortSignal.timeout(config.timeoutMs),
        });
        if (!response.ok) return { status: 'unreachable', reason: `http_${response.status}` };
        text = await response.text();
      } catch (error) {
        const name = (error as Error).name;
        return { status: 'unreachable', reason: name === 'TimeoutError' ? 'timeout' : 'network' };
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return { status: 'unreachable', reason: 'unexpected_response' };
      }
      const parsed = AnafResponse.safeParse(body);
      if (!parsed.success) return { status: 'unreachable', reason: 'unexpected_response' };
      const found = parsed.data.found.find((entry) => String(entry.date_generale.cui) === digits);
      if (found) {
        const general = found.date_generale;
        return {
          status: 'validated',
          company: {
            cui: digits,
            name: general.denumire,
            address: general.adresa,
            trade_register_number: general.nrRegCom,
            phone: general.telefon,
            postal_code: general.codPostal,
            registration_status: general.stare_inregistrare,
            vat_payer: found.inregistrare_scop_Tva?.scpTVA ?? null,
            checked_on: day,
          },
        };
      }
      // One CUI was asked for: any entry in notFound is that CUI.
      if (parsed.data.notFound.length > 0) return { status: 'invalid' };
      return { status: 'unreachable', reason: 'unexpected_response' };
    },
  };
}
