// Statements written once as SQL text, for the few queries on the checkout's hot path.
//
// Kysely builds an operation-node tree and compiles it to SQL on every call, which was a
// noticeable share of the CPU an order costs (bench/README.md). A Statement keeps its SQL
// text for both databases and runs it through the same Kysely instance (so transactions,
// the SQLite prepared-statement cache and the PostgreSQL pool work as for any other query);
// only the compile step is skipped. Everything else keeps using the query builder.
//
// The text uses `?` placeholders (turned into $1, $2, … for PostgreSQL once) and must be SQL
// both databases accept: no `?` other than placeholders, standard ON CONFLICT / RETURNING.
import { CompiledQuery, PostgresAdapter, type Kysely, type QueryResult } from 'kysely';

const isPostgres = new WeakMap<object, boolean>();

/** Whether the instance runs on PostgreSQL (cached per adapter). */
export function postgresFor(db: Kysely<any>): boolean {
  const adapter = db.getExecutor().adapter;
  let pg = isPostgres.get(adapter);
  if (pg === undefined) isPostgres.set(adapter, (pg = adapter instanceof PostgresAdapter));
  return pg;
}

export class Statement<Row = never> {
  readonly sqlite: string;
  readonly postgres: string;
  readonly placeholders: number;

  constructor(text: string) {
    let n = 0;
    this.sqlite = text;
    this.postgres = text.replace(/\?/g, () => `$${++n}`);
    this.placeholders = n;
  }

  execute(db: Kysely<any>, params: readonly unknown[]): Promise<QueryResult<Row>> {
    if (params.length !== this.placeholders) {
      return Promise.reject(
        new Error(`Statement expects ${this.placeholders} parameters, got ${params.length}: ${this.sqlite.slice(0, 80)}`),
      );
    }
    const text = postgresFor(db) ? this.postgres : this.sqlite;
    return db.executeQuery<Row>(CompiledQuery.raw(text, params as unknown[]));
  }

  /** The first row, or undefined. */
  async first(db: Kysely<any>, params: readonly unknown[]): Promise<Row | undefined> {
    return (await this.execute(db, params)).rows[0];
  }

  /** Rows changed by an insert/update/delete without RETURNING. */
  async changes(db: Kysely<any>, params: readonly unknown[]): Promise<number> {
    return Number((await this.execute(db, params)).numAffectedRows ?? 0n);
  }
}
