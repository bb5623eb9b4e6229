import type { Keyring } from '../server/app-key';

/** What the migrations that need more than the database are given (`migrateLatest(db, context)`). */
export interface MigrationContext {
  /** The application key, for migrations that encrypt or decrypt stored secrets. */
  keyring?: Keyring;
}

/** The keyring of the context, or a clear error for whoever runs the migrations without one. */
export function keyringOf(context: MigrationContext, what: string): Keyring {
  if (!context.keyring) throw new Error(`The application key is needed to ${what}: run the migrations with the server (npm start) or npm run migrate, which load it.`);
  return context.keyring;
}
