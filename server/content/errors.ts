import { ConflictError, UnprocessableError } from '../errors';
import type { ContentProblem } from './checks';

/** A content problem with the document it is about (several are published together). */
export interface DocumentProblem extends ContentProblem {
  key: string;
}

/**
 * A draft saved over a version that is no longer the latest: someone else saved or published
 * first. Carries what is there now and the fields where it differs from what was sent, so the
 * editor keeps what the person typed and shows the difference (409).
 */
export class StaleDraftError extends ConflictError {
  constructor(
    message: string,
    readonly current: { version: number; data: unknown; savedBy: string | null; savedAt: string | null },
    readonly fields: string[],
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
