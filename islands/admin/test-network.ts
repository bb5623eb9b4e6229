import { createDashboardApi } from './api';

export interface Call {
  url: string;
  init: RequestInit;
}

/**
 * A stand-in for the network (the outside world), answering each call with the next response,
 * and the dashboard's transport over it with the CSRF token `tok`.
 */
export function fakeNetwork(...responses: Response[]) {
  const calls: Call[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const next = responses.shift();
    if (!next) throw new Error('unexpected call');
    return next;
  }) as unknown as typeof fetch;
  return { calls, fetchImpl, api: createDashboardApi({ csrfToken: 'tok', fetchImpl }) };
}

/** A JSON answer. */
export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Each call as `METHOD url`. */
export const requestLines = (calls: readonly Call[]) => calls.map((call) => `${call.init.method} ${call.url}`);

/** The headers a call sent. */
export const headersOf = (call: Call) => call.init.headers as Record<string, string>;
