// Where the simulator keeps its eSIMs: in memory (unit tests, one process) or in the database's
// simulator_esims table (the server and `cli.js esim simulate`, two processes that must agree).
// Records are JSON documents; a change is read → modify → write-if-unchanged, retried on a race.
import type { Db } from '@esim/db';
import type { EsimProfile, EsimProfileState } from './types.ts';
import type { PackageLife } from '../../domain/esim-packages.ts';

export interface SimPackage extends PackageLife {
  /** The provider's id of the package. */
  ref: string;
  /** The idempotency key it was applied with ('order:<id>:esim' for the first one). */
  key: string;
  orderId: string;
}

/** One eSIM at the simulated provider (JSON-serialisable). */
export interface SimRecord {
  key: string;
  orderId: string;
  esim: EsimProfile;
  createdAt: number;
  readyAt: number;
  polls: number;
  ready: boolean;
  profileState: EsimProfileState;
  /** First connection (ISO): validity starts here. */
  activatedAt: string | null;
  canceled: boolean;
  /** Service suspended by the shop (a payment dispute); absent in records made before it existed. */
  suspended?: boolean;
  packages: SimPackage[];
  /** Events issued so far (their ids are numbered by it). */
  events: number;
}

export interface SimulatorStore {
  /** Stores a new record unless its key (or ICCID) is taken: the stored record, and whether this call created it. */
  insert(rec: SimRecord): Promise<{ record: SimRecord; created: boolean }>;
  byKey(key: string): Promise<SimRecord | undefined>;
  byRef(providerRef: string): Promise<SimRecord | undefined>;
  byIccid(iccid: string): Promise<SimRecord | undefined>;
  /** Applies `change` to the record (by ICCID) atomically; `change` may run more than once on a race. Undefined: no record. */
  mutate<T>(iccid: string, change: (rec: SimRecord) => T): Promise<{ record: SimRecord; result: T } | undefined>;
  /** Records whose profile is on a phone and whose data is not over (the autoplay's candidates), at most `limit`. */
  listInstalled(limit: number): Promise<SimRecord[]>;
}

const clone = (r: SimRecord): SimRecord => JSON.parse(JSON.stringify(r)) as SimRecord;

export class MemorySimulatorStore implements SimulatorStore {
  private readonly keys = new Map<string, SimRecord>();
  private readonly refs = new Map<string, SimRecord>();
  private readonly iccids = new Map<string, SimRecord>();

  async insert(rec: SimRecord): Promise<{ record: SimRecord; created: boolean }> {
    const existing = this.keys.get(rec.key);
    if (existing) return { record: clone(existing), created: false };
    if (this.iccids.has(rec.esim.iccid)) throw new Error(`simulator: ICCID ${rec.esim.iccid} taken`);
    const stored = clone(rec);
    this.keys.set(stored.key, stored);
    this.refs.set(stored.esim.providerRef, stored);
    this.iccids.set(stored.esim.iccid, stored);
    return { record: clone(stored), created: true };
  }

  async byKey(key: string) {
    const r = this.keys.get(key);
    return r && clone(r);
  }

  async byRef(ref: string) {
    const r = this.refs.get(ref);
    return r && clone(r);
  }

  async byIccid(iccid: string) {
    const r = this.iccids.get(iccid);
    return r && clone(r);
  }

  async mutate<T>(iccid: string, change: (rec: SimRecord) => T) {
    const stored = this.iccids.get(iccid);
    if (!stored) return undefined;
    const next = clone(stored);
    const result = change(next);
    Object.assign(stored, next);
    return { record: clone(stored), result };
  }

  async listInstalled(limit: number) {
    return [...this.keys.values()]
      .filter((r) => !r.canceled && r.profileState === 'enabled')
      .slice(0, limit)
      .map(clone);
  }
}

/** The simulator's state in simulator_esims (shared by the server and the CLI). */
export class DbSimulatorStore implements SimulatorStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async insert(rec: SimRecord): Promise<{ record: SimRecord; created: boolean }> {
    const inserted = await this.db
      .insertInto('simulator_esims')
      .values({
        provider_ref: rec.esim.providerRef,
        idempotency_key: rec.key,
        iccid: rec.esim.iccid,
        data: JSON.stringify(rec),
        updated_at: this.now().toISOString(),
      })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0) return { record: clone(rec), created: true };
    const existing = await this.byKey(rec.key);
    if (!existing) throw new Error(`simulator: could not store ${rec.esim.providerRef}`);
    return { record: existing, created: false };
  }

  private async one(column: 'idempotency_key' | 'provider_ref' | 'iccid', value: string): Promise<SimRecord | undefined> {
    const row = await this.db.selectFrom('simulator_esims').select('data').where(column, '=', value).executeTakeFirst();
    return row ? (JSON.parse(row.data) as SimRecord) : undefined;
  }

  byKey(key: string) {
    return this.one('idempotency_key', key);
  }

  byRef(ref: string) {
    return this.one('provider_ref', ref);
  }

  byIccid(iccid: string) {
    return this.one('iccid', iccid);
  }

  async mutate<T>(iccid: string, change: (rec: SimRecord) => T) {
    for (let attempt = 0; attempt < 20; attempt++) {
      const row = await this.db.selectFrom('simulator_esims').select('data').where('iccid', '=', iccid).executeTakeFirst();
      if (!row) return undefined;
      const record = JSON.parse(row.data) as SimRecord;
      const result = change(record);
      const data = JSON.stringify(record);
      if (data === row.data) return { record, result };
      const updated = await this.db
        .updateTable('simulator_esims')
        .set({ data, updated_at: this.now().toISOString() })
        .where('iccid', '=', iccid)
        .where('data', '=', row.data)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) > 0) return { record, result };
    }
    throw new Error(`simulator: ${iccid} kept changing under this update`);
  }

  async listInstalled(limit: number) {
    const rows = await this.db
      .selectFrom('simulator_esims')
      .select('data')
      .where('data', 'like', '%"profileState":"enabled"%')
      .orderBy('updated_at')
      .limit(limit * 4)
      .execute();
    return rows
      .map((r) => JSON.parse(r.data) as SimRecord)
      .filter((r) => !r.canceled && r.profileState === 'enabled')
      .slice(0, limit);
  }
}
