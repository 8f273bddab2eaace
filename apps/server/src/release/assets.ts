// The release binary's embedded files (Node's single executable application assets, node:sea):
// the built web app (one pack) and the native addons (better-sqlite3, @node-rs/argon2). They are
// unpacked once into a cache folder named by their content hash, so every later start (and every
// other copy of the same build) reuses them:
//   $XDG_CACHE_HOME/esim-shop/<hash>/, else ~/.cache/esim-shop/<hash>/, else <tmp>/esim-shop-<uid>/<hash>/
// Unpacking writes a private temporary folder and renames it into place (atomic), so two processes
// starting at once never see half a folder; the loser of the race drops its copy.
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { constants, homedir, tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { getAsset } from 'node:sea';
import { readCacheHome } from '../env.ts';

/** The asset `manifest.json` (scripts/release.mjs writes it). */
export interface ReleaseManifest {
  /** sha256 of every other asset: the cache folder's name. */
  hash: string;
  natives: Record<NativeName, { asset: string; file: string; sha256: string }>;
  web: { asset: string; files: number };
}

export type NativeName = 'better_sqlite3' | 'argon2';

/** The web pack: a 4-byte little-endian length, a JSON index [[path, size], …], then the files' bytes in that order. */
export function unpackWeb(pack: Uint8Array, dir: string): number {
  const buf = Buffer.from(pack.buffer, pack.byteOffset, pack.byteLength);
  const indexLength = buf.readUInt32LE(0);
  const index = JSON.parse(buf.subarray(4, 4 + indexLength).toString('utf8')) as Array<[string, number]>;
  let offset = 4 + indexLength;
  for (const [path, size] of index) {
    if (path.startsWith('/') || path.split('/').includes('..')) throw new Error(`web pack: bad path ${path}`);
    const file = join(dir, ...path.split('/'));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, buf.subarray(offset, offset + size));
    offset += size;
  }
  if (offset !== buf.length) throw new Error('web pack: length does not match its index');
  return index.length;
}

let manifest: ReleaseManifest | undefined;
export function releaseManifest(): ReleaseManifest {
  manifest ??= JSON.parse(getAsset('manifest.json', 'utf8')) as ReleaseManifest;
  return manifest;
}

let unpackedDir: string | undefined;
/** The folder holding the unpacked assets (unpacked now if needed). */
export function unpackedAssets(): string {
  if (unpackedDir) return unpackedDir;
  const m = releaseManifest();
  const tried: string[] = [];
  for (const root of cacheRoots()) {
    try {
      unpackedDir = ensureUnpacked(root, m);
      return unpackedDir;
    } catch (e) {
      tried.push(`${root}: ${(e as Error).message}`);
    }
  }
  throw new Error(
    `esim-shop: could not unpack its files into a cache folder (set XDG_CACHE_HOME to a writable folder). Tried:\n  ${tried.join('\n  ')}`,
  );
}

/** The unpacked web app (for WEB_DIST). */
export function webDistDir(): string {
  return join(unpackedAssets(), 'web');
}

const loaded = new Map<NativeName, unknown>();
/** A native addon from the unpacked assets, loaded once per process. */
export function loadNative(name: NativeName): Record<string, unknown> {
  let mod = loaded.get(name);
  if (mod === undefined) {
    const module = { exports: {} as Record<string, unknown> };
    process.dlopen(module, join(unpackedAssets(), releaseManifest().natives[name].file), constants.dlopen.RTLD_NOW);
    mod = module.exports;
    loaded.set(name, mod);
  }
  return mod as Record<string, unknown>;
}

function cacheRoots(): string[] {
  const roots: string[] = [];
  const xdg = readCacheHome();
  if (xdg) roots.push(join(xdg, 'esim-shop'));
  let home = '';
  try {
    home = homedir();
  } catch {
    // no home folder (a system user): the temp folder below
  }
  if (home && home !== sep) roots.push(join(home, '.cache', 'esim-shop'));
  roots.push(join(tmpdir(), `esim-shop-${process.getuid?.() ?? 'user'}`));
  return roots;
}

function ensureUnpacked(root: string, m: ReleaseManifest): string {
  mkdirSync(root, { recursive: true, mode: 0o700 });
  checkOwnFolder(root);
  const dir = join(root, m.hash);
  if (isComplete(dir, m)) return dir;
  const tmp = mkdtempSync(join(root, `.unpack-${m.hash.slice(0, 12)}-`));
  try {
    for (const native of Object.values(m.natives)) {
      writeFileSync(join(tmp, native.file), new Uint8Array(getAsset(native.asset)), { mode: 0o500 });
    }
    unpackWeb(new Uint8Array(getAsset(m.web.asset)), join(tmp, 'web'));
    writeFileSync(join(tmp, '.complete'), `${m.hash}\n`);
    for (let attempt = 0; ; attempt++) {
      try {
        renameSync(tmp, dir);
        return dir;
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw e;
        if (isComplete(dir, m)) return dir; // another process got there first
        if (attempt > 0) throw e;
        rmSync(dir, { recursive: true, force: true }); // a damaged copy: replace it
      }
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Unpacked in full, and the native addons (code this process will run) are the embedded ones. */
function isComplete(dir: string, m: ReleaseManifest): boolean {
  if (!existsSync(join(dir, '.complete'))) return false;
  try {
    return Object.values(m.natives).every(
      (n) =>
        createHash('sha256')
          .update(readFileSync(join(dir, n.file)))
          .digest('hex') === n.sha256,
    );
  } catch {
    return false;
  }
}

/** A shared folder (the temp fallback) must be this user's alone: nobody else may plant an addon there. */
function checkOwnFolder(root: string): void {
  const st = lstatSync(root);
  if (!st.isDirectory()) throw new Error('not a folder');
  const uid = process.getuid?.();
  if (uid !== undefined && st.uid !== uid) throw new Error('owned by another user');
  if ((st.mode & 0o022) !== 0) throw new Error('writable by other users');
}
