import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { seededRandom } from './sms-stand-in.js';

/**
 * A local SMTP server (smtp-server) standing in for the mail provider: plain SMTP on 127.0.0.1,
 * no TLS, no authentication. It keeps what it accepts by Message-ID, as a receiving mail system
 * does: a second copy of a Message-ID it already has is dropped and counted in `duplicates`.
 *
 * Faults on demand, answered after the message's DATA so that the sender really tried:
 * `rejectRecipient(address)` answers 550 (no such mailbox) to that recipient,
 * `rejectFraction(p)` answers 451 (try again later) to that fraction of messages (seeded: the
 * same run every time), `rejectAll(true)` to every message until turned off, `stop()`/`start()`
 * takes the server away (connections refused) and brings it back on the same port.
 */
export interface ReceivedEmail {
  messageId: string;
  from: string;
  to: string[];
  subject: string;
  raw: string;
  at: Date;
}

export interface SmtpStandInOptions {
  port?: number;
  /** Seed of `rejectFraction`'s random choice. */
  seed?: number;
}

/** The headers of a raw message, names lower-cased, folded lines joined. */
function headersOf(raw: string): Map<string, string> {
  const end = raw.search(/\r?\n\r?\n/);
  const block = (end === -1 ? raw : raw.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of block.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) {
      const name = line.slice(0, colon).trim().toLowerCase();
      if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
    }
  }
  return headers;
}

const temporaryFailure = (text: string) => Object.assign(new Error(text), { responseCode: 451 });

export async function startSmtpStandIn(options: SmtpStandInOptions = {}) {
  const received = new Map<string, ReceivedEmail>();
  const stats = { attempts: 0, accepted: 0, rejected: 0, duplicates: 0, withoutMessageId: 0 };
  const random = seededRandom(options.seed ?? 1);
  let fraction = 0;
  let rejectingAll = false;
  const unknownMailboxes = new Set<string>();
  let server: SMTPServer | undefined;

  const build = () =>
    new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      // Local clients only: no reverse DNS look-up of each connection.
      disableReverseLookup: true,
      // `stop()` is a provider going away: open connections are cut at once, not after 30 s.
      closeTimeout: 1,
      // Hundreds of messages in a few seconds from one test: no throttling of connections.
      maxClients: 1000,
      onRcptTo(address, _session, callback) {
        if (unknownMailboxes.has(address.address.toLowerCase()))
          return callback(
            Object.assign(new Error(`5.1.1 <${address.address}>: cutie poștală inexistentă`), { responseCode: 550 }),
          );
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          stats.attempts++;
          if (rejectingAll || (fraction > 0 && random() < fraction)) {
            stats.rejected++;
            return callback(temporaryFailure('4.3.0 Serviciu temporar indisponibil, reîncercați'));
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          const headers = headersOf(raw);
          const messageId = headers.get('message-id');
          if (!messageId) {
            stats.withoutMessageId++;
            return callback(Object.assign(new Error('5.6.0 Message-ID lipsă'), { responseCode: 554 }));
          }
          if (received.has(messageId)) {
            // A receiving system drops what it already has; the sender is told all is well.
            stats.duplicates++;
            return callback();
          }
          received.set(messageId, {
            messageId,
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: headers.get('subject') ?? '',
            raw,
            at: new Date(),
          });
          stats.accepted++;
          callback();
        });
      },
    });

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const created = build();
      server = created;
      created.on('error', () => {
        // Connection-level errors of a test's client (a closed socket) are not the test's failure.
      });
      created.server.once('error', reject);
      created.listen(port, '127.0.0.1', () => resolve((created.server.address() as AddressInfo).port));
    });
  const port = await listen(options.port ?? 0);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      const current = server;
      server = undefined;
      current.close(() => resolve());
    });

  return {
    /** SMTP_URL for the portal. */
    url: `smtp://127.0.0.1:${port}`,
    port,
    /** Accepted messages by Message-ID (duplicates dropped). */
    received,
    stats,
    /** From now on answer 451 to each message with probability `p`. */
    rejectFraction(p: number) {
      fraction = p;
    },
    /** Answer 550 (no such mailbox: a permanent refusal) to this recipient. */
    rejectRecipient(address: string) {
      unknownMailboxes.add(address.toLowerCase());
    },
    /** Answer 451 to every message while on. */
    rejectAll(on: boolean) {
      rejectingAll = on;
    },
    /** The server goes away: connections to its port are refused. */
    stop,
    /** It comes back on the same port. */
    async start() {
      await listen(port);
    },
    close: stop,
  };
}

export type SmtpStandIn = Awaited<ReturnType<typeof startSmtpStandIn>>;
