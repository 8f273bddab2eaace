// The lazy loader for translation files: locales/<lang>/<namespace>.json, each its own chunk, so
// only the active language's namespaces are downloaded. A module of its own (also re-exported by
// the package's index) so that the web's start-up code can import it without the rest.
import type { LanguageCode } from './languages.ts';
import type { Namespace } from './namespaces.ts';

type Messages = Record<string, unknown>;

// Vite (and vitest) rewrite this call into a map of lazy imports at build time. The cast keeps
// this package free of a dependency on vite's types; the emitted code is the plain
// `import.meta.glob(...)` call Vite looks for.
const files = (
  import.meta as unknown as {
    glob: (pattern: string, options: { import: 'default' }) => Record<string, () => Promise<Messages>>;
  }
).glob('../locales/*/*.json', { import: 'default' });

/** Every namespace file that exists, as '<lang>/<ns>'. */
export function availableFiles(): string[] {
  return Object.keys(files).map((p) => p.replace('../locales/', '').replace(/\.json$/, ''));
}

/** Load one namespace of one language; a missing file resolves to {} (fallback to English). */
export async function loadNamespace(lang: LanguageCode | string, ns: Namespace | string): Promise<Messages> {
  const load = files[`../locales/${lang}/${ns}.json`];
  if (!load) return {};
  return (await load()) ?? {};
}
