import { ApiError } from '../api';

/**
 * What to tell staff about a failed call: the server's own `{ error }` text when it sent one (it
 * names the problem), else `fallback` (a network failure's "Failed to fetch" names nothing useful).
 */
export function errorText(failure: unknown, fallback: string): string {
  return failure instanceof ApiError && failure.fromServer ? failure.message : fallback;
}

/** The server's message per field of a refused form (400 `{ error, fields }`), else none. */
export function fieldErrorsOf(failure: unknown): Record<string, string> {
  return failure instanceof ApiError && failure.status === 400 ? failure.fields : {};
}
