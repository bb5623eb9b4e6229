import type { FieldErrors } from '../shared/forms';
import { z } from 'zod';
import { fieldErrorsOf, firstErrorOf, WHOLE_VALUE } from '../shared/zod-errors';

/**
 * What went wrong, in a service's own terms. Services never speak HTTP: the error handler
 * (`middleware/error-handler.ts`) is the one place that turns each kind into a status.
 */
export type DomainErrorKind = 'invalid' | 'forbidden' | 'not-found' | 'conflict' | 'rate-limited' | 'too-large' | 'unsupported-type' | 'unprocessable';

/** An error a service throws for a request it cannot carry out; its message is meant for the person who asked. */
export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** The input breaks a rule; `fields` says which field and why, where that helps. */
export class ValidationError extends DomainError {
  readonly kind = 'invalid';
  constructor(
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message);
  }
}

/** The request is understood, but the one asking may not do it (an editor publishing the agency details). */
export class ForbiddenError extends DomainError {
  readonly kind = 'forbidden';
}

export class NotFoundError extends DomainError {
  readonly kind = 'not-found';
}

/** The change would clash with what exists (an account name already taken). */
export class ConflictError extends DomainError {
  readonly kind = 'conflict';
}

/** Too many requests from one source; worth trying again after `retryAfterSeconds`. */
export class RateLimitedError extends DomainError {
  readonly kind = 'rate-limited';
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** An upload over its size limit. */
export class TooLargeError extends DomainError {
  readonly kind = 'too-large';
}

/** Content of a kind that is not accepted (a file that is not one of the image formats we take). */
export class UnsupportedTypeError extends DomainError {
  readonly kind = 'unsupported-type';
}

/** Content that is understood but will not be processed (an image over the pixel limit). */
export class UnprocessableError extends DomainError {
  readonly kind = 'unprocessable';
}

/** Kinds whose error is only a message, so it can cross a process boundary as kind and message. */
export type PlainErrorKind = Exclude<DomainErrorKind, 'rate-limited'>;

/** The error again from its kind and message (the image encoder's child process sends them back). */
export function domainErrorOfKind(kind: PlainErrorKind, message: string): DomainError {
  switch (kind) {
    case 'invalid':
      return new ValidationError(message);
    case 'forbidden':
      return new ForbiddenError(message);
    case 'not-found':
      return new NotFoundError(message);
    case 'conflict':
      return new ConflictError(message);
    case 'too-large':
      return new TooLargeError(message);
    case 'unsupported-type':
      return new UnsupportedTypeError(message);
    case 'unprocessable':
      return new UnprocessableError(message);
  }
}

/**
 * Reads a request's query or body with its schema, or throws the API's 400: the message names the
 * first bad field (`from: There is no such day in the calendar.`), `fields` holds all of them, and
 * a parameter the schema does not know is named as such.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, { unknownField = 'This is not a parameter of this call.' }: { unknownField?: string } = {}): z.output<S> {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const fields = fieldErrorsOf(parsed.error, { unknownField });
  const [field, message] = Object.entries(fields)[0] ?? [WHOLE_VALUE, 'Invalid value.'];
  throw new ValidationError(field === WHOLE_VALUE ? message : `${field}: ${message}`, fields);
}

/**
 * Checks one value a service was handed on its own (a username, a password), not a request's
 * query or body: the 400's message is the rule's alone, with no field named and no `fields`,
 * since only the caller knows which field the value came from.
 */
export function parseValue<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new ValidationError(firstErrorOf(parsed.error).message);
}

/** A query parameter that may be left out; empty (`?type=`) means "not filtered", as the dashboard's URLs write it. */
export const optionalParam = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
