/**
 * The server's entry keeps one `process.nextTick` entry alive (./next-tick-shape.ts), so V8 keeps
 * the fast path for the ticks of every answer: the module must have caught one.
 */
import { keptTickObject } from './next-tick-shape';

it('keeps a nextTick queue entry', async () => {
  await new Promise((resolve) => process.nextTick(resolve));
  const kept = keptTickObject() as { callback?: unknown } | undefined;
  expect(kept).toBeDefined();
  expect(typeof kept!.callback).toBe('function');
});
