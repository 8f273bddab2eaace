/** Splits rows into batches small enough for SQLite's and PostgreSQL's bound-parameter limits. */
export function chunks<T>(rows: readonly T[], size = 200): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** Rows an `INSERT … ON CONFLICT DO NOTHING` actually inserted. */
export function insertedCount(result: { numInsertedOrUpdatedRows?: bigint | undefined } | undefined): number {
  return Number(result?.numInsertedOrUpdatedRows ?? 0n);
}
