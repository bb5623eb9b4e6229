import type { ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';

export interface PauseWhileBusyOptions {
  /** How often the site's load is read and the child paused or resumed. */
  sampleMs?: number;
  /**
   * The share of the last sample the site's event loop spent working above which it counts as
   * busy. A fifth: an agency site's usual traffic is far below it (a cached page costs about 0.1 ms
   * of CPU on a small machine), and a site answering thousands of requests a second is above it.
   */
  busyAbove?: number;
  /** While the site stays busy, the child still runs one sample in this many, so it always finishes. */
  runOneIn?: number;
}

/** Children paused now, resumed if this process exits first (a stopped child cannot see its parent go). */
const paused = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of paused) signal(child, 'SIGCONT');
});

/**
 * Pauses a background child (SIGSTOP) while this process is busy answering, and resumes it
 * (SIGCONT) as soon as it is not. Lowering the child's priority is not enough: on a machine with
 * two cores, a backup's database work slows the site's answers through memory and disk far more
 * than its share of the CPU. The site's own event loop utilization is the measure of busy: it
 * counts every kind of work (pages, uploads, admin calls) and costs nothing to read.
 *
 * Under load that never lets up, the child still gets one sample in `runOneIn`, so a backup is
 * slower then but never starved. Returns the function that stops watching and leaves the child
 * running. Where signals cannot stop a process (Windows), the child simply runs.
 */
export function pauseWhileBusy(child: ChildProcess, { sampleMs = 200, busyAbove = 0.2, runOneIn = 10 }: PauseWhileBusyOptions = {}): () => void {
  let last = performance.eventLoopUtilization();
  let pausedSamples = 0;
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(now, last).utilization > busyAbove;
    last = now;
    if (busy && pausedSamples < runOneIn - 1) {
      if (!paused.has(child) && signal(child, 'SIGSTOP')) paused.add(child);
      pausedSamples += 1;
    } else {
      resume(child);
      pausedSamples = 0;
    }
  }, sampleMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    resume(child);
  };
}

function resume(child: ChildProcess): void {
  if (paused.delete(child)) signal(child, 'SIGCONT');
}

/** Sends `name` to a running child; false when it has exited or the platform has no such signal. */
function signal(child: ChildProcess, name: 'SIGSTOP' | 'SIGCONT'): boolean {
  if (child.exitCode !== null || child.signalCode !== null) return false;
  try {
    return child.kill(name);
  } catch {
    return false;
  }
}
