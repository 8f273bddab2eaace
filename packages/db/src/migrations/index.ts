// Every migration, in order. Migrations are frozen once landed: add a new file, never edit an old one.
// A static map (not a folder scan) so the bundled server carries them.
import type { Migration } from 'kysely';
import * as m20261121001catalog from './2026-11-21-001-catalog.ts';

export const migrations: Record<string, Migration> = {
  '2026-11-21-001-catalog': m20261121001catalog,
};
