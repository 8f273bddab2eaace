// Every migration, in order. Migrations are frozen once landed: add a new file, never edit an old one.
// A static map (not a folder scan) so the bundled server carries them.
import type { Migration } from 'kysely';

export const migrations: Record<string, Migration> = {
};
