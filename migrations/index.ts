import type { Knex } from 'knex';
import * as appSettings from './20261122000000_app_settings';

/** Every migration, by name; the migrator runs them in name order. Add new files here. */
export const migrations: Record<string, Knex.Migration> = {
  '20261122000000_app_settings': appSettings,
};
