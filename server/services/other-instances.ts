import type { ContentVersion } from './content-version';
import type { SettingsService } from './settings';

/** How often the settings and the content version are read again on PostgreSQL. */
const POLL_MS = 500;

/**
 * How this instance hears of what other instances change. On PostgreSQL the settings and the
 * content version are polled every `pollMs`, and a content bump is also heard at once through
 * NOTIFY (the poll is then its fallback).
 *
 * On the embedded database there are no other instances: PGlite lives inside this one process
 * (the commands that write to it ask for the site to be stopped), every change is made here and
 * applies at once, so nothing is polled. A poll there would be a statement run in WebAssembly
 * inside the site's own process, CPU taken beside every request (docs/performance.md, "CPU per
 * cached page").
 *
 * Reads both once in any case, so the instance starts from what is stored.
 */
export async function followOtherInstances({ databaseUrl, contentVersion, settings, pollMs = POLL_MS }: { databaseUrl: string | undefined; contentVersion: ContentVersion; settings: SettingsService; pollMs?: number }): Promise<'polling' | 'alone'> {
  await Promise.all([contentVersion.refresh(), settings.refresh()]);
  if (!databaseUrl) return 'alone';
  contentVersion.start(pollMs);
  contentVersion.listen(databaseUrl);
  settings.start(pollMs);
  return 'polling';
}
