/**
 * How the portal reaches the sandbox gateway and how the sandbox reaches the portal's callback:
 * over HTTP with `fetch` against `config.publicUrl`. The API tests build the app without a
 * listening server (`app.inject`), so they swap the transport for one that injects the same
 * request into the app (see card/card-payments.test.ts); like the ANAF stand-in, the suite never
 * needs the network. Production never calls {@link useSandboxTransport}.
 */
export interface TransportResponse {
  status: number;
  body: string;
}

export type SandboxTransport = (
  url: string,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
) => Promise<TransportResponse>;

const viaFetch: SandboxTransport = async (url, init) => {
  const response = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(10_000) });
  return { status: response.status, body: await response.text() };
};

let current: SandboxTransport = viaFetch;

/** Tests only: route the sandbox's HTTP calls elsewhere (null restores fetch). */
export function useSandboxTransport(transport: SandboxTransport | null): void {
  current = transport ?? viaFetch;
}

export const sandboxHttp: SandboxTransport = (url, init) => current(url, init);
