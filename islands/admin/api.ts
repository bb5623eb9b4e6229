/**
 * A call the server answered with an error status; `message` is its `{ error }` text when it sent
 * one, else the caller's fallback. Every call of the dashboard rejects with one on a non-2xx answer
 * (and with a plain `Error` when no answer came at all).
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** Whether `message` came from the server (otherwise it is the caller's fallback text). */
    readonly fromServer: boolean,
    /** The server's message per field of a 400 answer (`{ error, fields }`). */
    readonly fields: Record<string, string> = {},
    /** The answer's whole JSON body, for answers that carry more than a message (a 409's other version, a 422's problems). */
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface DashboardApiOptions {
  csrfToken: string;
  /** Called on any 401: the session ended, and a reload shows the login screen. */
  onUnauthorized?: () => void;
  fetchImpl?: typeof fetch;
}

/** The `{ error }` text of a JSON answer, if it has one. */
function errorTextOf(body: unknown): string | null {
  if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' && body.error.trim()) return body.error;
  return null;
}

/** The error for a non-2xx answer: the server's own text when it sent one, else `fallback`. */
function failure(status: number, body: unknown, fallback: string): ApiError {
  const serverText = errorTextOf(body);
  const fields = body && typeof body === 'object' && 'fields' in body && body.fields && typeof body.fields === 'object' ? (body.fields as Record<string, string>) : {};
  return new ApiError(serverText ?? fallback, status, serverText !== null, fields, body);
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/** When the page last began to leave (a sign-out posted, a link followed): see `reloadToSignIn`. */
let leavingSince = Number.NEGATIVE_INFINITY;
if (typeof window !== 'undefined') window.addEventListener('beforeunload', () => (leavingSince = Date.now()));

/**
 * A 401 reloads the page to the sign-in, unless the page is already leaving: signing out ends the
 * session while the view's calls are still running, and their 401s must not replace the
 * navigation under way (to the home page) with a reload. A navigation that was called off long ago
 * no longer counts.
 */
function reloadToSignIn(): void {
  if (Date.now() - leavingSince > 10_000) window.location.reload();
}

/**
 * The dashboard's transport, which each feature's client (`leadsApi`, `contentApi`, …) calls. Every
 * call sends the session cookie (same-origin) and every state-changing one the session's CSRF
 * token; a 401 means the session is gone, so the page reloads to the login.
 */
export function createDashboardApi({ csrfToken, onUnauthorized = reloadToSignIn, fetchImpl }: DashboardApiOptions) {
  const doFetch = fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  return {
    /** The session's token, for the plain forms that post to the API (a download the browser saves). */
    csrfToken,

    /** A JSON call of the back office's own API; resolves with the answer's body (null for 204). */
    async send<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, fallback: string, json?: unknown): Promise<T> {
      const headers: Record<string, string> = { Accept: 'application/json' };
      if (method !== 'GET') headers['X-CSRF-Token'] = csrfToken;
      if (json !== undefined) headers['Content-Type'] = 'application/json';
      const response = await doFetch(url, { method, headers, credentials: 'same-origin', body: json === undefined ? undefined : JSON.stringify(json) });
      if (response.status === 401) onUnauthorized();
      if (!response.ok) throw failure(response.status, await readJson(response), fallback);
      return (response.status === 204 ? null : await readJson(response)) as T;
    },

    /**
     * A multipart form sent with XMLHttpRequest, because fetch reports no upload progress;
     * `onProgress` gets whole percentages of the bytes sent. Resolves with the answer's body.
     */
    sendForm<T>(method: 'POST' | 'PUT', url: string, form: FormData, onProgress: (percent: number) => void): Promise<T> {
      return new Promise((resolve, reject) => {
        const request = new XMLHttpRequest();
        request.open(method, url);
        request.setRequestHeader('X-CSRF-Token', csrfToken);
        request.setRequestHeader('Accept', 'application/json');
        request.responseType = 'text';
        request.upload.onprogress = (event) => {
          if (event.lengthComputable && event.total > 0) onProgress(uploadPercent(event.loaded, event.total));
        };
        request.onload = () => {
          if (request.status === 401) onUnauthorized();
          const body = parseJsonText(request.responseText);
          if (request.status >= 200 && request.status < 300) resolve(body as T);
          else reject(failure(request.status, body, 'Unknown error'));
        };
        request.onerror = () => reject(new Error('Network error: the server could not be reached'));
        request.onabort = () => reject(new Error('The upload was cancelled'));
        request.send(form);
      });
    },
  };
}

function parseJsonText(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

export type DashboardApi = ReturnType<typeof createDashboardApi>;

/** Whole percentage of an upload, never above 100 and never 100 before the last byte. */
export function uploadPercent(loaded: number, total: number): number {
  if (total <= 0) return 0;
  if (loaded >= total) return 100;
  return Math.min(99, Math.floor((loaded / total) * 100));
}
