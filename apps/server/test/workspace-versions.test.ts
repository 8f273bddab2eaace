// One version source for the workspace (conventions §2.16): every package.json names its external
// dependencies as `catalog:`, and pnpm-workspace.yaml's catalog pins each to one exact version.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
const MANIFESTS = [
  'package.json',
  'apps/server/package.json',
  'apps/web/package.json',
  'packages/api/package.json',
  'packages/db/package.json',
  'packages/i18n/package.json',
  'bench/package.json',
];
const SECTIONS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'] as const;

/** The `catalog:` block of pnpm-workspace.yaml: name → version. */
function catalog(): Map<string, string> {
  const yaml = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8');
  const block = /^catalog:\n((?: {2}.*\n?)*)/m.exec(yaml)?.[1] ?? '';
  const entries = new Map<string, string>();
  for (const line of block.split('\n')) {
    const m = /^ {2}'?([^':]+)'?:\s*(.+?)\s*$/.exec(line);
    if (m) entries.set(m[1]!, m[2]!.replace(/^['"]|['"]$/g, ''));
  }
  return entries;
}

const manifest = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8')) as Record<string, unknown>;

describe('workspace versions', () => {
  const versions = catalog();

  it('every package names its external dependencies as catalog:, each of them in the catalog', () => {
    const wrong: string[] = [];
    for (const file of MANIFESTS) {
      const pkg = manifest(file);
      for (const section of SECTIONS) {
        for (const [name, spec] of Object.entries((pkg[section] ?? {}) as Record<string, string>)) {
          if (spec.startsWith('workspace:')) continue;
          if (spec !== 'catalog:') wrong.push(`${file} ${section} ${name}: ${spec}`);
          else if (!versions.has(name)) wrong.push(`${file} ${section} ${name}: not in the catalog`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('pins every catalog entry to one exact version (no ranges, tags or floats)', () => {
    expect(versions.size).toBeGreaterThan(50);
    const floating = [...versions].filter(([, v]) => !/^\d+\.\d+\.\d+(?:-[\w.]+)?$/.test(v));
    expect(floating).toEqual([]);
  });

  it('names the same pnpm in packageManager (what scripts/pnpm.mjs runs) as in the catalog', () => {
    expect(manifest('package.json').packageManager).toBe(`pnpm@${versions.get('pnpm')}`);
  });
});
