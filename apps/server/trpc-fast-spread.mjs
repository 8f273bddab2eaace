// esbuild plugin used by build.mjs: replaces @trpc/server's `_objectSpread2` helper (Babel's,
// inlined from the oxc runtime) with an equivalent built on Object.assign.
//
// Why: tRPC's dist spreads objects through that helper, which copies every second argument with
// Object.getOwnPropertyDescriptors + Object.defineProperties. tRPC spreads the call options
// several times per middleware, so on Node 20 most of a procedure call through createCaller
// was spent in this helper (figures in bench/README.md).
//
// Equivalence: tRPC only spreads plain objects it builds itself (no getters, setters or
// non-enumerable keys) into fresh targets, where Object.assign and the original agree.
// The one key where assignment differs from definition, an own "__proto__", takes the
// defineProperty path. apps/server/test/trpc-fast-spread.test.ts checks the two helpers agree.
import { readFile } from 'node:fs/promises';

export const FAST_OBJECT_SPREAD = `function _objectSpread2(e) {
	for (var r = 1; r < arguments.length; r++) {
		var t = arguments[r];
		if (t == null) continue;
		if (Object.prototype.hasOwnProperty.call(t, '__proto__')) {
			for (var k of Reflect.ownKeys(t)) if (Object.prototype.propertyIsEnumerable.call(t, k)) Object.defineProperty(e, k, { value: t[k], enumerable: true, configurable: true, writable: true });
		} else Object.assign(e, t);
	}
	return e;
}`;

/** The helper as it appears in @trpc/server 11's dist files. */
export const BABEL_HELPER = /function _objectSpread2\(e\) \{\n[\s\S]*?\n\}\n/;

/** @returns {import('esbuild').Plugin} */
export function trpcFastSpread() {
  return {
    name: 'trpc-fast-spread',
    setup(build) {
      build.onLoad({ filter: /[\\/]@trpc[\\/]server[\\/]dist[\\/].*\.mjs$/ }, async (args) => {
        const src = await readFile(args.path, 'utf8');
        if (!src.includes('function _objectSpread2(e)')) return undefined;
        if (!BABEL_HELPER.test(src)) {
          return {
            contents: src,
            loader: 'js',
            warnings: [{ text: `trpc-fast-spread: unexpected helper shape in ${args.path}; left unchanged` }],
          };
        }
        return { contents: src.replace(BABEL_HELPER, `${FAST_OBJECT_SPREAD}\n`), loader: 'js' };
      });
    },
  };
}
