/** Client addresses of this machine: the built-in outbox is the mailbox of whoever sits at it. */
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
export const isLoopback = (ip: string | undefined): boolean => ip !== undefined && LOOPBACK.has(ip);

/** The outbox answers only clients on this machine; to anyone else it does not exist. */
export const mayReadOutbox = (ip: string | undefined): boolean => isLoopback(ip);
