/**
 * A background child is paused while the site's event loop is busy, still runs one sample in ten
 * so it finishes under endless load, and runs freely once the site is idle or stops watching.
 * A real child process writes a timestamp every 5 ms; how many it wrote in each phase tells
 * how much it ran.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { pauseWhileBusy } from './pause-while-busy';

const SAMPLE_MS = 100;
let child: ChildProcess;
let ticks: number[];

beforeEach(async () => {
  ticks = [];
  child = spawn(process.execPath, ['-e', 'setInterval(() => process.stdout.write(Date.now() + "\\n"), 5)'], { stdio: ['ignore', 'pipe', 'inherit'] });
  let rest = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString()).split('\n');
    rest = lines.pop()!;
    ticks.push(...lines.map(Number));
  });
  while (ticks.length === 0) await sleep(20);
});

afterEach(() => {
  child.kill('SIGKILL');
});

/** Keeps this process's event loop working for `ms`, letting timers and I/O in between slices. */
async function beBusy(ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const slice = Date.now() + 20;
    while (Date.now() < slice);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const ticksBetween = (from: number, to: number) => ticks.filter((at) => at >= from && at < to).length;
const state = () => fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]![0];

(process.platform === 'linux' ? describe : describe.skip)('pauseWhileBusy', () => {
  it('pauses the child while the site is busy, lets it run one sample in ten, and resumes it when the site is idle', async () => {
    const stop = pauseWhileBusy(child, { sampleMs: SAMPLE_MS, busyAbove: 0.5, runOneIn: 10 });
    try {
      const busyFrom = Date.now();
      let seenStopped = false;
      const watching = setInterval(() => (seenStopped ||= state() === 'T'), 50);
      await beBusy(3000);
      clearInterval(watching);
      const busyTo = Date.now();
      await sleep(3 * SAMPLE_MS);
      const idleFrom = Date.now();
      await sleep(1500);
      const idleTo = Date.now();
      await sleep(50);

      expect(seenStopped).toBe(true);
      const busyRate = ticksBetween(busyFrom + 2 * SAMPLE_MS, busyTo) / (busyTo - busyFrom - 2 * SAMPLE_MS);
      const idleRate = ticksBetween(idleFrom, idleTo) / (idleTo - idleFrom);
      expect(idleRate).toBeGreaterThan(0.1);
      // Paused nine samples in ten: about a tenth of its idle pace, and never nothing.
      expect(busyRate).toBeGreaterThan(0);
      expect(busyRate).toBeLessThan(idleRate * 0.4);
      expect(state()).not.toBe('T');
    } finally {
      stop();
    }
  });

  it('leaves the child running once it stops watching, however busy the site', async () => {
    const stop = pauseWhileBusy(child, { sampleMs: SAMPLE_MS });
    await beBusy(3 * SAMPLE_MS);
    stop();
    const from = Date.now();
    await beBusy(1000);
    await sleep(50);
    expect(state()).not.toBe('T');
    expect(ticksBetween(from, from + 1000)).toBeGreaterThan(50);
  });
});
