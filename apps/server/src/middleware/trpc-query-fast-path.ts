// tRPC GET queries, answered without the fetch adapter's per-request machinery.
//
// Why: on Node 20 @trpc/server's fetch adapter spends many times the CPU of the procedure
// itself on a GET (Request/URL objects, AbortSignal.any per call, a Headers object, its
// response pipeline), which put the catalogue's tRPC reads far below a bare Hono route
// (bench/run.mjs; figures in bench/README.md). The catalogue is read on every page.
//
// What it does: for GET /api/trpc/<path>[,<path>…][?batch=1]&input=… where every path is a
// query procedure of appRouter, it parses the input the way the adapter does (JSON, then the
// router's transformer), calls the procedures with the same context (createContext) and
// options createCaller uses, and writes tRPC's success envelope: {"result":{"data":…}}, or an
// array of them for a batch. Outputs the catalogue cache hands out are frozen, so their
// envelope text (and its gzip/br bytes) is made once per object.
//
// Everything else falls through to the real adapter, unchanged: other methods, streaming
// (trpc-accept), unknown paths, mutations and subscriptions, unparsable input, and any call
// that throws (the adapter then runs it again and formats the error exactly as tRPC does, so
// queries must have no side effects, which GET semantics ask of them anyway).
// test/trpc-fast-path.test.ts checks both paths give the same bodies.
import type { MiddlewareHandler } from 'hono';
import { appRouter } from '@esim/api';
import type { AppDeps, AppEnv } from '../types.ts';
import { createContext, procedureAt, type RawProcedure } from '../trpc-context.ts';
import { OwnedBodies, sendOneOff } from '../response.ts';
import { snapshotMemo } from '../rest/catalog.ts';

const HEADERS = { 'Content-Type': 'application/json', Vary: 'trpc-accept, accept, Accept-Encoding' } as const;

export function trpcQueryFastPath(deps: AppDeps, endpoint = '/api/trpc'): MiddlewareHandler<AppEnv> {
  const transformer = appRouter._def._config.transformer;
  const prefixLength = endpoint.length + 1;
  const envelopes = new WeakMap<object, string>();
  const owned = new OwnedBodies();
  // catalog.* queries are public and answer from the catalogue snapshot alone: keep their
  // answers per snapshot, keyed by path and raw input (bounded, see snapshotMemo).
  const catalogMemo = snapshotMemo(deps.services.catalog);

  /** {"result":{"data":<transformer output>}}, memoized for frozen outputs. */
  const envelope = (data: unknown): string => {
    const cacheable = data !== null && typeof data === 'object' && Object.isFrozen(data);
    let text = cacheable ? envelopes.get(data) : undefined;
    if (text === undefined) {
      text = `{"result":{"data":${JSON.stringify(transformer.output.serialize(data))}}}`;
      if (cacheable) envelopes.set(data, text);
    }
    return text;
  };

  return async (c, next) => {
    if (c.req.method !== 'GET' || c.req.header('trpc-accept') !== undefined) return next();

    let paths: string[];
    try {
      paths = decodeURIComponent(c.req.path.slice(prefixLength)).split(',');
    } catch {
      return next();
    }
    const batch = c.req.query('batch') === '1';
    if (!batch && paths.length !== 1) return next();
    const procs: RawProcedure[] = [];
    for (const path of paths) {
      const proc = procedureAt(path);
      if (!proc || proc._def.type !== 'query') return next();
      procs.push(proc);
    }

    let inputs: unknown[];
    try {
      const raw = c.req.query('input');
      const parsed: unknown = raw ? JSON.parse(raw) : undefined;
      if (!batch) {
        inputs = [parsed === undefined ? undefined : transformer.input.deserialize(parsed)];
      } else {
        if (parsed !== undefined && (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))) return next();
        const byIndex = (parsed ?? {}) as Record<number, unknown>;
        inputs = paths.map((_, i) => (byIndex[i] === undefined ? undefined : transformer.input.deserialize(byIndex[i])));
      }
    } catch {
      return next();
    }

    const ctx = createContext(deps, c);
    const rawInput = c.req.query('input') ?? '';
    let outputs: unknown[];
    try {
      outputs = await Promise.all(
        procs.map((proc, i) => {
          const call = () =>
            proc({ ctx, path: paths[i]!, type: 'query', getRawInput: async () => inputs[i], signal: undefined, batchIndex: i });
          return !batch && paths[i]!.startsWith('catalog.') ? catalogMemo(`${paths[i]}\u0000${rawInput}`, call) : call();
        }),
      );
    } catch {
      return next(); // the adapter answers errors
    }

    if (!batch) {
      const data = outputs[0];
      const cached = data !== null && typeof data === 'object' && Object.isFrozen(data);
      return cached ? owned.send(c, data, envelope(data), HEADERS) : sendOneOff(c, envelope(data), { ...HEADERS });
    }
    return sendOneOff(c, `[${outputs.map(envelope).join(',')}]`, { ...HEADERS });
  };
}
