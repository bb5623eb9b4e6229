import { ConflictError, UnprocessableError } from '../errors';
import type { DocumentProblem } from './checks';

/**
 * A draft saved over a version that is no longer the latest, where someone else who saved or
 * published first changed the same fields (or a restore over a newer version). Carries what is
 * there now, the fields to choose between, and (a save) both versions merged everywhere else,
 * their value at each named field: the editor keeps what the person typed and asks per field (409).
 */
export class StaleDraftError extends ConflictError {
  constructor(
    message: string,
    readonly current: { version: number; data: unknown; savedBy: string | null; savedAt: string | null },
    readonly fields: string[],
    readonly merged?: unknown,
  ) {
    super(message);
  }
}

/** Publishing refused by the checks, each problem named (422); warnings alongside. */
export class PublishRefusedError extends UnprocessableError {
  constructor(
    message: string,
    readonly problems: DocumentProblem[],
    readonly warnings: DocumentProblem[],
  ) {
    super(message);
  }
}
