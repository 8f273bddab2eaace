// Where the flag-icons package (a dependency of apps/web) keeps its 4x3 SVGs.
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export function flagIconsDir(): string {
  const candidates = [join(repoRoot, 'apps/web/node_modules/flag-icons/flags/4x3'), join(repoRoot, 'node_modules/flag-icons/flags/4x3')];
  const pnpmStore = join(repoRoot, 'node_modules/.pnpm');
  if (existsSync(pnpmStore)) {
    for (const d of readdirSync(pnpmStore)
      .filter((d) => d.startsWith('flag-icons@'))
      .sort()
      .reverse()) {
      candidates.push(join(pnpmStore, d, 'node_modules/flag-icons/flags/4x3'));
    }
  }
  const found = candidates.find((c) => existsSync(c));
  if (!found) throw new Error(`flag-icons not installed; looked in:\n${candidates.join('\n')}`);
  return found;
}
