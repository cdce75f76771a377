import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server standing in for the tax authority's (ANAF) "PlatitorTvaRest" v9 service,
 * shared by the server's API tests and the end-to-end journeys (e2e/global-setup.ts), so that no
 * test depends on the real service being reachable or not.
 *
 * It answers like the real service: `POST …/api/PlatitorTvaRest/v9/tva` with a JSON list
 * `[{ cui: number, data: 'YYYY-MM-DD' }]`, answered with `{ cod: 200, message: 'SUCCESS',
 * found: [{ date_generale, inregistrare_scop_Tva, … }], notFound: [cui] }`. Three outcomes:
 *
 * - a CUI in `companies` is found (validated);
 * - a CUI in `down` gets HTTP 503, as when ANAF is in maintenance, and a CUI in `slow` gets no
 *   answer before the caller's timeout (both: unreachable, the portal checks again later);
 * - any other CUI comes back in `notFound` (invalid).
 *
 * It records the requests, and can be stopped and started again on the same port (connections
 * refused: unreachable too).
 */

export interface AnafCompanyFixture {
  cui: number;
  denumire: string;
  adresa: string;
}

export interface AnafStandInOptions {
  /** CUIs answered with HTTP 503 (the service is down). */
  down?: number[];
  /** CUIs whose answer never comes (the caller's timeout fires). */
  slow?: number[];
  /** A fixed port (the e2e portal is configured before the stand-in starts); 0 picks a free one. */
  port?: number;
}

export const ANAF_PATH = '/api/PlatitorTvaRest/v9/tva';

/** One `found` entry in the v9 shape (the fields the real service sends; the portal reads a few). */
function foundEntry(company: AnafCompanyFixture, day: string) {
  return {
    date_generale: {
      cui: company.cui,
      data: day,
      denumire: company.denumire,
      adresa: company.adresa,
      nrRegCom: 'J26/1234/2005',
      telefon: '0265123456',
      fax: '',
      codPostal: '540049',
      act: '',
      stare_inregistrare: 'INREGISTRAT din data 01.02.2005',
      data_inregistrare: '2005-02-01',
      cod_CAEN: '4120',
      iban: '',
      statusRO_e_Factura: true,
      organFiscalCompetent: 'Administraţia Judeţeană a Finanţelor Publice Mureş',
      forma_de_proprietate: 'PROPR.PRIVATA-CAPITAL PRIVAT AUTOHTON',
      forma_organizare: 'PERSOANA JURIDICA',
      forma_juridica: 'SOCIETATE COMERCIALĂ CU RĂSPUNDERE LIMITATĂ',
    },
    inregistrare_scop_Tva: {
      scpTVA: true,
      perioade_TVA: [{ data_inceput_ScpTVA: '2005-02-01', data_sfarsit_ScpTVA: '', data_anul_imp_ScpTVA: '', mesaj_ScpTVA: '' }],
    },
    inregistrare_RTVAI: {
      dataInceputTvaInc: '',
      dataSfarsitTvaInc: '',
      dataActualizareTvaInc: '',
      dataPublicareTvaInc: '',
      tipActTvaInc: '',
      statusTvaIncasare: false,
    },
    stare_inactiv: { dataInactivare: '', dataReactivare: '', dataPublicare: '', dataRadiere: '', statusInactivi: false },
    inregistrare_SplitTVA: { dataInceputSplitTVA: '', dataAnulareSplitTVA: '', statusSplitTVA: false },
  };
}

export async function startAnafStandIn(companies: AnafCompanyFixture[], options: AnafStandInOptions = {}) {
  const requests: { cui: number; data: string }[][] = [];
  const down = new Set(options.down ?? []);
  const slow = new Set(options.slow ?? []);
  let server: http.Server | undefined;
  const handler: http.RequestListener = (req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== ANAF_PATH) {
        res.statusCode = 404;
        res.end();
        return;
      }
      const asked = JSON.parse(body) as { cui: number; data: string }[];
      requests.push(asked);
      if (asked.some((q) => slow.has(q.cui))) return; // never answered; closed with the server
      if (asked.some((q) => down.has(q.cui))) {
        res.statusCode = 503;
        res.setHeader('content-type', 'text/html');
        res.end('<html><body>Service Unavailable</body></html>');
        return;
      }
      const found = asked.flatMap((q) => {
        const company = companies.find((c) => c.cui === q.cui);
        return company ? [foundEntry(company, q.data)] : [];
      });
      const notFound = asked.filter((q) => !companies.some((c) => c.cui === q.cui)).map((q) => q.cui);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ cod: 200, message: 'SUCCESS', found, notFound }));
    });
  };
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const created = http.createServer(handler);
      server = created;
      created.once('error', reject);
      created.listen(port, '127.0.0.1', () => resolve((created.address() as AddressInfo).port));
    });
  const port = await listen(options.port ?? 0);
  const url = `http://127.0.0.1:${port}${ANAF_PATH}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.close(() => resolve());
      server.closeAllConnections(); // the slow requests' sockets too
    });
  return {
    url,
    requests,
    /** The service goes away: connections to its port are refused. */
    stop,
    /** The service comes back on the same port. */
    async start() {
      await listen(port);
    },
    close: stop,
  };
}
