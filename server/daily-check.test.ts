import { Writable } from 'node:stream';
import pino from 'pino';
import { createDailyCheck, dayOnceTimeHasCome } from './daily-check';

describe('dayOnceTimeHasCome', () => {
  it("is the agency's day from its time on, and null before", () => {
    // 07:59 and 08:00 in Berlin (UTC+1 in January); 23:30 UTC is already the next day there.
    expect(dayOnceTimeHasCome(new Date('2027-01-15T06:59:00Z'), 'Europe/Berlin', '08:00')).toBeNull();
    expect(dayOnceTimeHasCome(new Date('2027-01-15T07:00:00Z'), 'Europe/Berlin', '08:00')).toBe('2027-01-15');
    expect(dayOnceTimeHasCome(new Date('2027-01-15T23:30:00Z'), 'Europe/Berlin', '00:15')).toBe('2027-01-16');
  });
});

describe('createDailyCheck', () => {
  it('runs one check at a time: a tick while one runs gets its outcome', async () => {
    let release: (outcome: string) => void = () => undefined;
    let calls = 0;
    const checks = createDailyCheck(
      () => {
        calls += 1;
        return new Promise<string>((resolve) => {
          release = resolve;
        });
      },
      { failure: 'check failed' },
    );
    const first = checks.tick();
    const second = checks.tick();
    release('done');
    expect(await Promise.all([first, second])).toEqual(['done', 'done']);
    expect(calls).toBe(1);
    // Once it is over, the next tick checks again.
    const third = checks.tick();
    release('again');
    expect(await third).toBe('again');
    expect(calls).toBe(2);
  });

  it('answers "failed" for a check that throws, logs why, and checks again at the next tick', async () => {
    const lines: { msg: string }[] = [];
    const logger = pino({ level: 'warn' }, new Writable({ write: (chunk: Buffer, _encoding, done) => done(void lines.push(JSON.parse(chunk.toString('utf8')))) }));
    let fail = true;
    const checks = createDailyCheck(async () => {
      if (fail) throw new Error('database away');
      return 'done';
    }, { logger, failure: 'nightly check failed; will try again' });
    expect(await checks.tick()).toBe('failed');
    expect(lines.map((line) => line.msg)).toEqual(['nightly check failed; will try again']);
    fail = false;
    expect(await checks.tick()).toBe('done');
  });

  it('stop waits for the check running now', async () => {
    let finished = false;
    const checks = createDailyCheck(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      finished = true;
      return 'done';
    }, { failure: 'check failed' });
    void checks.tick();
    await checks.stop();
    expect(finished).toBe(true);
  });
});
