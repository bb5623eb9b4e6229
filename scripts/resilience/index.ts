/**
 * `npm run test:resilience [-- name ...]`: checks against a real server (production build) and the
 * local PostgreSQL, each bounded in time, each printing pass or fail with its figures.
 * `-- --ci` runs the quick ones CI runs, in their quick form; `-- --quick NAME` one of them so.
 */
import { backupFaults } from './backup-faults';
import type { Check } from './check';
import { databaseRestart } from './db-restart';
import { hostileInput } from './hostile-input';
import { killEmbedded } from './kill-embedded';
import { sustainedLoad } from './load';
import { securitySweep } from './security';
import { sigtermUnderLoad } from './sigterm';
import { slowClients } from './slow-clients';
import { twoInstances } from './two-instances';

const CHECKS: Record<string, Check> = {
  backup: backupFaults,
  load: sustainedLoad,
  'db-restart': databaseRestart,
  'hostile-input': hostileInput,
  'kill-9': killEmbedded,
  security: securitySweep,
  sigterm: sigtermUnderLoad,
  'slow-clients': slowClients,
  'two-instances': twoInstances,
};

/**
 * The checks CI runs (each well under a minute), quick: all but the long load and slow-client runs,
 * the backup drill with 5,000 leads instead of 100,000.
 */
const CI_CHECKS = ['db-restart', 'sigterm', 'two-instances', 'security', 'hostile-input', 'kill-9', 'backup'];

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const quick = args.includes('--ci') || args.includes('--quick');
  const named = args.filter((arg) => !arg.startsWith('--'));
  const names = named.length > 0 ? named : args.includes('--ci') ? CI_CHECKS : Object.keys(CHECKS);
  const unknown = names.filter((name) => !CHECKS[name]);
  if (unknown.length > 0) throw new Error(`Unknown check ${unknown.join(', ')}; known: ${Object.keys(CHECKS).join(', ')}`);
  let failed = 0;
  for (const name of names) {
    const started = Date.now();
    console.log(`\n== ${name}`);
    const result = await CHECKS[name]!({ quick }).catch((error: unknown) => ({ figures: {}, failures: [`check crashed: ${error instanceof Error ? error.stack : String(error)}`] }));
    for (const [figure, value] of Object.entries(result.figures)) console.log(`   ${figure}: ${value}`);
    for (const failure of result.failures) console.log(`   ✗ ${failure}`);
    console.log(`${result.failures.length === 0 ? 'PASS' : 'FAIL'} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    if (result.failures.length > 0) failed += 1;
  }
  console.log(`\n${names.length - failed} of ${names.length} checks passed`);
  process.exit(failed === 0 ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
