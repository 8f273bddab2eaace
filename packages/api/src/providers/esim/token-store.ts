// Where a provider's access token lives between calls. Airalo allows 3 token requests a minute and
// asks partners to cache the token until it expires (authenticate OpenAPI fragment, POST /v2/token),
// so every process of the shop (server, workers, each CLI run) shares one token in the database,
// and one process at a time refreshes it under a lease on its row.
import { randomUUID } from 'node:crypto';
import type { Db } from '@esim/db';

export interface StoredToken {
  value: string;
  /** Epoch ms after which it is not used (already short of the provider's expiry by a margin). */
  until: number;
}

export interface TokenStore {
  /** The stored token, when there is one still good at `now`. */
  read(provider: string, now: Date): Promise<StoredToken | undefined>;
  /** Takes the refresh lease until now + ms unless another process holds it; true: this one refreshes. */
  lease(provider: string, owner: string, now: Date, ms: number): Promise<boolean>;
  /** Stores a fresh token and gives the lease back. */
  write(provider: string, owner: string, token: StoredToken, now: Date): Promise<void>;
  /** Gives the lease back without a token (the request failed). */
  release(provider: string, owner: string): Promise<void>;
}

/** Each process its own token (tests, or a shop without a database). */
export class MemoryTokenStore implements TokenStore {
  private readonly rows = new Map<string, { token?: StoredToken; owner?: string; leaseUntil?: number }>();
  async read(provider: string, now: Date) {
    const t = this.rows.get(provider)?.token;
    return t && t.until > now.getTime() ? { ...t } : undefined;
  }
  async lease(provider: string, owner: string, now: Date, ms: number) {
    const row = this.rows.get(provider) ?? {};
    if (row.owner && row.owner !== owner && (row.leaseUntil ?? 0) > now.getTime()) return false;
    this.rows.set(provider, { ...row, owner, leaseUntil: now.getTime() + ms });
    return true;
  }
  async write(provider: string, _owner: string, token: StoredToken) {
    this.rows.set(provider, { token: { ...token } });
  }
  async release(provider: string, owner: string) {
    const row = this.rows.get(provider);
    if (row?.owner === owner) this.rows.set(provider, { ...(row.token ? { token: row.token } : {}) });
  }
}

/** The token in provider_tokens, shared by every process on the same database (SQLite or PostgreSQL). */
export class DbTokenStore implements TokenStore {
  constructor(private readonly db: Db) {}

  async read(provider: string, now: Date): Promise<StoredToken | undefined> {
    const row = await this.db
      .selectFrom('provider_tokens')
      .select(['token', 'expires_at'])
      .where('provider', '=', provider)
      .executeTakeFirst();
    if (!row?.token || !row.expires_at) return undefined;
    const until = Date.parse(row.expires_at);
    return until > now.getTime() ? { value: row.token, until } : undefined;
  }

  async lease(provider: string, owner: string, now: Date, ms: number): Promise<boolean> {
    const nowIso = now.toISOString();
    const until = new Date(now.getTime() + ms).toISOString();
    await this.db
      .insertInto('provider_tokens')
      .values({ provider, token: null, expires_at: null, lease_owner: null, lease_until: null, updated_at: nowIso })
      .onConflict((oc) => oc.column('provider').doNothing())
      .execute();
    // One conditional UPDATE: whoever changes the row holds the lease (a free or lapsed one).
    const r = await this.db
      .updateTable('provider_tokens')
      .set({ lease_owner: owner, lease_until: until, updated_at: nowIso })
      .where('provider', '=', provider)
      .where((eb) => eb.or([eb('lease_owner', 'is', null), eb('lease_until', '<=', nowIso), eb('lease_owner', '=', owner)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async write(provider: string, owner: string, token: StoredToken, now: Date): Promise<void> {
    await this.db
      .updateTable('provider_tokens')
      .set({
        token: token.value,
        expires_at: new Date(token.until).toISOString(),
        lease_owner: null,
        lease_until: null,
        updated_at: now.toISOString(),
      })
      .where('provider', '=', provider)
      .where('lease_owner', '=', owner)
      .execute();
  }

  async release(provider: string, owner: string): Promise<void> {
    await this.db
      .updateTable('provider_tokens')
      .set({ lease_owner: null, lease_until: null })
      .where('provider', '=', provider)
      .where('lease_owner', '=', owner)
      .execute();
  }
}

/** A name for this process's lease (random: two processes never share one). */
export const newLeaseOwner = (): string => randomUUID();
