/**
 * negotiator 1.x, as far as the compression middleware uses it: the DefinitelyTyped package
 * describes 0.6, whose `encoding()` has no `preferred` (which of equally accepted encodings wins).
 */
declare module 'negotiator' {
  class Negotiator {
    constructor(request: { headers: Record<string, string | string[] | undefined> });
    encoding(available: readonly string[], options?: { preferred?: readonly string[] }): string | undefined;
  }
  export = Negotiator;
}
