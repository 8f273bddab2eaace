// The tRPC data transformer: superjson, plus a memo for the output of cached reads.
// The catalogue cache hands out the same deep-frozen objects to every request; their
// superjson form can't change, so it is computed once per object and reused. Anything
// not frozen is serialized as usual. The wire format is plain superjson, so the web
// client's `transformer: superjson` reads it unchanged.
import superjson from 'superjson';
import { TRPCError } from '@trpc/server';
import type { CombinedDataTransformer } from '@trpc/server';

type Serialized = ReturnType<typeof superjson.serialize>;
const memo = new WeakMap<object, Serialized>();

export function serializeOutput(value: unknown): Serialized {
  if (value === null || typeof value !== 'object' || !Object.isFrozen(value)) return superjson.serialize(value);
  let s = memo.get(value);
  if (!s) {
    s = superjson.serialize(value);
    memo.set(value, s);
  }
  return s;
}

// ── Reading a client's input ──────────────────────────────────────────────────────────────
// superjson trusts its `meta`: a string where it expects an annotation tree sends it into
// unbounded recursion (a stack overflow, milliseconds of CPU per call, times the calls in a batch),
// and other wrong shapes throw TypeErrors whose text went back to the client. So `meta` is checked
// against the shapes superjson.serialize writes first, and any failure is one plain BAD_REQUEST.

const MAX_META_DEPTH = 64;

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** An annotation: 'undefined', 'Date', … or ['class' | 'custom' | 'symbol' | …, name]. */
function isAnnotation(x: unknown): boolean {
  return typeof x === 'string' || (Array.isArray(x) && x.length <= 2 && x.every((p) => typeof p === 'string'));
}

/** meta.values: [annotation] | [annotation, { path: tree }] | { path: tree }. */
function isValueTree(tree: unknown, depth: number): boolean {
  if (tree === undefined || tree === null) return true;
  if (depth > MAX_META_DEPTH) return false;
  if (Array.isArray(tree)) {
    if (tree.length < 1 || tree.length > 2 || !isAnnotation(tree[0])) return false;
    return tree.length === 1 || tree[1] === undefined || isTreeRecord(tree[1], depth + 1);
  }
  return isTreeRecord(tree, depth + 1);
}

function isTreeRecord(x: unknown, depth: number): boolean {
  return isRecord(x) && Object.values(x).every((t) => isValueTree(t, depth));
}

const isPathList = (x: unknown) => Array.isArray(x) && x.every((p) => typeof p === 'string');
const isPathLists = (x: unknown) => isRecord(x) && Object.values(x).every(isPathList);

/** meta.referentialEqualities: { path: paths[] } | [rootPaths[]] | [rootPaths[], { path: paths[] }]. */
function isReferentialEqualities(x: unknown): boolean {
  if (x === undefined || x === null) return true;
  if (Array.isArray(x)) return x.length >= 1 && x.length <= 2 && isPathList(x[0]) && (x[1] === undefined || isPathLists(x[1]));
  return isPathLists(x);
}

function isSuperjsonMeta(meta: unknown): boolean {
  if (meta === undefined) return true;
  if (!isRecord(meta)) return false;
  return (
    isValueTree(meta.values, 0) &&
    isReferentialEqualities(meta.referentialEqualities) &&
    (meta.v === undefined || typeof meta.v === 'number')
  );
}

function unreadableInput(): TRPCError {
  return new TRPCError({
    code: 'BAD_REQUEST',
    message: 'The input could not be read: send it as superjson ({"json": …}), with `meta` only as superjson writes it.',
  });
}

/** superjson.deserialize for a client's input: malformed `meta` → BAD_REQUEST with a plain message. */
export function deserializeInput(payload: unknown): unknown {
  if (isRecord(payload) && !isSuperjsonMeta(payload.meta)) throw unreadableInput();
  try {
    return superjson.deserialize(payload as Parameters<typeof superjson.deserialize>[0]);
  } catch {
    throw unreadableInput();
  }
}

export const transformer: CombinedDataTransformer = {
  input: { serialize: (v) => superjson.serialize(v), deserialize: deserializeInput },
  output: { serialize: serializeOutput, deserialize: (v) => superjson.deserialize(v) },
};
