import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, signInThroughForm, type BrowserState } from './browser';
import { startServer, type RunningServer } from './server';

/** A suite's own site, Chromium, and its owner signed in (the state each test's context starts from). */
export interface StaffSite {
  server: RunningServer;
  browser: Browser;
  signedIn: BrowserState;
  /** Closes the browser, stops the site and removes its data folder. */
  stop(): Promise<void>;
}

/** Starts a fresh site whose first admin is `owner` (display name Olive Owner), with Chromium, and signs the owner in. */
export async function startStaffSite(owner: { username: string; password: string }, name: string): Promise<StaffSite> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `agency-${name}-e2e-`));
  const [browser, server] = await Promise.all([
    launchBrowser(),
    startServer({ DATA_DIR: path.join(dataDir, 'data'), ADMIN_USERNAME: owner.username, ADMIN_PASSWORD: owner.password, ADMIN_DISPLAY_NAME: 'Olive Owner' }),
  ]);
  const signedIn = await signInThroughForm(browser, server.url, owner);
  return {
    server,
    browser,
    signedIn,
    async stop() {
      await browser.close();
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
