/** What every resilience check reports: pass or fail, the figures it measured, and why it failed. */
export interface CheckResult {
  figures: Record<string, string | number>;
  failures: string[];
}

/** `quick`: CI's run, smaller where a check has a size (the others ignore it). */
export type Check = (options: { quick: boolean }) => Promise<CheckResult>;

/** Collects figures and failed expectations while a check runs. */
export class CheckReport {
  readonly figures: Record<string, string | number> = {};
  readonly failures: string[] = [];

  figure(name: string, value: string | number): void {
    this.figures[name] = value;
  }

  expect(condition: boolean, failure: string): void {
    if (!condition) this.failures.push(failure);
  }

  result(): CheckResult {
    return { figures: this.figures, failures: this.failures };
  }
}
