// The built-in eSIM provider: behaves like a wholesale eSIM API without one. Deterministic for
// a given random source and clock; idempotent on the idempotency key; can fail on demand and
// provision asynchronously. Everything it issues is fake: ICCIDs under a test issuer prefix and
// an SM-DP+ address under the reserved .example domain.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { buildActivationCode } from '../../domain/activation-code.ts';
import { advancePackages, consumeData, summarizePackages } from '../../domain/esim-packages.ts';
import { makeIccid } from '../../domain/iccid.ts';
import { seedCatalog } from '@esim/db/seed-catalog';
import { simulatorPlanFacts } from './simulator-facts.ts';
import { MemorySimulatorStore, type SimPackage, type SimRecord, type SimulatorStore } from './simulator-store.ts';
import type {
  EsimCancelResult,
  EsimDetails,
  EsimOrderInput,
  EsimOrderResult,
  EsimPlanState,
  EsimProfile,
  EsimProfileState,
  EsimProvider,
  EsimUsage,
  EsimUsageSnapshot,
  EsimEvent,
  EsimEventType,
  EsimTopUpInput,
  EsimTopUpResult,
  ProviderPackage,
} from './types.ts';
import { EsimProviderError, EsimWebhookError, snapshotOfUsage } from './types.ts';

export interface SimulatorOptions {
  /** Uniform in [0, 1). Default: node:crypto. Pass a seeded one for deterministic tests. */
  random?: () => number;
  /** Milliseconds since the epoch. Default: Date.now. */
  now?: () => number;
  /** 'sync' (default): order returns the eSIM. 'async': order returns pending. */
  mode?: 'sync' | 'async';
  /** async: ready once this much time has passed on the clock (default 2000 ms). */
  readyAfterMs?: number;
  /** async: also ready after this many getEsim polls of the order (default: clock only). */
  readyAfterPolls?: number;
  /** The next n order calls fail with a retryable 'unavailable' error (before doing anything). */
  failTimes?: number;
  /** Each order call fails with this probability (uses `random`). */
  failRate?: number;
  /** The next n order calls create the eSIM and then fail, as a lost response does; a retry with the same key gets the same eSIM. */
  failAfterCreateTimes?: number;
  /** Share of eSIMs that require a confirmation code, 0–1 (default 0). */
  confirmationCodeShare?: number;
  /** Default 'smdp.sim.example'. */
  smdpAddress?: string;
  /** SM-DP+ OID to put in activation codes (default none). */
  oid?: string;
  /** Default 'globaldata'. */
  apn?: string;
  /** Default '89999' (no country uses 999). */
  issuerPrefix?: string;
  /** Default 19. */
  iccidLength?: 19 | 20;
  /** Where the eSIMs live. Default: in memory (this object only); the server passes the database's. */
  store?: SimulatorStore;
  /** Key of the webhook signatures (HMAC-SHA256). Default: a fixed test key. */
  webhookSecret?: string;
  /** Accepted distance between a webhook's timestamp and now, in seconds (default 300). */
  webhookToleranceSec?: number;
}

/** The header that carries the signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const ESIM_SIGNATURE_HEADER = 'X-Esim-Signature';
const DEFAULT_WEBHOOK_SECRET = 'simulator-webhook-test-key';
/** What the simulator "charges" the shop: this share of the seed's list price, in per cent. */
export const SIMULATOR_WHOLESALE_PERCENT = 60;

/** A signed delivery, as the simulator (or the CLI in its name) posts it. */
export interface SignedDelivery {
  body: string;
  headers: Record<string, string>;
}

/** HMAC-SHA256 hex of "<t>.<body>". */
export function esimWebhookSignature(secret: string, t: number, body: string): string {
  return createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
}

/** What changed in a simulate* call: the event to deliver, and the eSIM's state after it. */
export interface SimulatedChange {
  event: EsimEvent;
  usage: EsimUsage;
}

const MATCHING_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const EVENT_TYPES: ReadonlySet<string> = new Set(['installed', 'activated', 'usage', 'low_data', 'validity_ending', 'finished', 'expired']);
const PROFILE_STATES: ReadonlySet<string> = new Set(['released', 'downloaded', 'installed', 'enabled', 'disabled', 'deleted']);
const PLAN_STATES: ReadonlySet<string> = new Set(['not_active', 'active', 'finished', 'expired']);
/** At most this many events in one delivery. */
const MAX_EVENTS = 100;

export class EsimSimulator implements EsimProvider {
  readonly name = 'simulator';
  readonly isReal = false;

  private readonly random: () => number;
  private readonly now: () => number;
  private readonly opts: SimulatorOptions;
  private readonly store: SimulatorStore;
  private readonly secret: string;
  private failTimes: number;
  private failAfterCreateTimes: number;
  private issued = 0;
  /** order() calls seen, successful or not (for tests of retries). */
  orderCalls = 0;

  constructor(options: SimulatorOptions = {}) {
    this.opts = options;
    this.random = options.random ?? (() => randomInt(2 ** 47) / 2 ** 47);
    this.now = options.now ?? Date.now;
    this.failTimes = options.failTimes ?? 0;
    this.failAfterCreateTimes = options.failAfterCreateTimes ?? 0;
    this.store = options.store ?? new MemorySimulatorStore();
    this.secret = options.webhookSecret ?? DEFAULT_WEBHOOK_SECRET;
  }

  /** eSIMs issued by this object (each would be billed by a real wholesaler). */
  get issuedCount(): number {
    return this.issued;
  }

  /**
   * The seed catalogue as the simulator's packages (@esim/db/seed-catalog): one per seed plan, its
   * slug as the package code, the seed's list price as the suggested retail price and
   * SIMULATOR_WHOLESALE_PERCENT of it as the wholesale cost. Every package sells as a new eSIM and
   * as a top-up (the simulator tops up with any package). Countries in ISO spelling (the seed's UK
   * is GB); a bundle names its area (the bundle's name).
   */
  async listPackages(): Promise<ProviderPackage[]> {
    const out: ProviderPackage[] = [];
    for (const region of seedCatalog()) {
      const countries = region.countries.map((c) => (c === 'UK' ? 'GB' : c));
      for (const plan of region.plans) {
        out.push({
          code: plan.slug,
          name: plan.name,
          countries,
          ...(region.kind === 'bundle' ? { area: region.name } : {}),
          dataMb: plan.dataMb,
          validityDays: plan.validityDays,
          wholesale: { minor: Math.round((plan.priceMinor * SIMULATOR_WHOLESALE_PERCENT) / 100), currency: 'USD' },
          suggestedRetail: { minor: plan.priceMinor, currency: 'USD' },
          topUp: true,
          newEsim: true,
          facts: simulatorPlanFacts(region, countries, plan.dataMb),
        });
      }
    }
    return out;
  }

  /**
   * Like a wholesaler: an eSIM that is canceled, deleted or expired takes no top-up (topUp() refuses
   * it); a live one takes any package of its destination, as topUp() does, unless a test narrowed
   * the list for that ICCID (offerTopUps: codes are plan slugs, as listPackages names the seed's
   * plans). Unknown ICCID: not_found.
   */
  async topUpsFor(iccid: string): Promise<string[] | 'any'> {
    const rec = await this.store.byIccid(iccid);
    if (!rec) throw new EsimProviderError('not_found', `no eSIM ${iccid}`, false);
    if (rec.canceled || rec.profileState === 'deleted' || this.usageOf(rec).planState === 'expired') return [];
    const narrowed = this.topUpLists.get(iccid);
    return narrowed ? [...narrowed] : 'any';
  }

  /** The provider lists only these top-ups for this eSIM (tests; a real provider decides per eSIM). */
  offerTopUps(iccid: string, codes: string[]): void {
    this.topUpLists.set(iccid, [...codes]);
  }
  private readonly topUpLists = new Map<string, string[]>();

  /** Makes the next n order calls fail (tests). */
  failNext(n: number): void {
    this.failTimes = n;
  }

  async order(input: EsimOrderInput): Promise<EsimOrderResult> {
    this.orderCalls++;
    if (!input.idempotencyKey) throw new EsimProviderError('rejected', 'idempotencyKey is required');
    if (this.failTimes > 0) {
      this.failTimes--;
      throw new EsimProviderError('unavailable', 'eSIM simulator: service unavailable (simulated outage)');
    }
    if (this.opts.failRate !== undefined && this.random() < this.opts.failRate) {
      throw new EsimProviderError('unavailable', 'eSIM simulator: service unavailable (simulated random failure)');
    }
    let rec = await this.store.byKey(input.idempotencyKey);
    if (rec && rec.orderId !== input.orderId) {
      throw new EsimProviderError('conflict', 'idempotency key was used for another order', false);
    }
    if (!rec) {
      if (!Number.isInteger(input.validityDays) || input.validityDays <= 0) {
        throw new EsimProviderError('rejected', 'validityDays must be a positive integer');
      }
      if (input.dataMb !== null && (!Number.isFinite(input.dataMb) || input.dataMb <= 0)) {
        throw new EsimProviderError('rejected', 'dataMb must be positive or null');
      }
      const made = await this.store.insert(await this.create(input));
      if (made.created) this.issued++;
      else if (made.record.orderId !== input.orderId) {
        throw new EsimProviderError('conflict', 'idempotency key was used for another order', false);
      }
      rec = made.record;
    }
    if (this.failAfterCreateTimes > 0) {
      this.failAfterCreateTimes--;
      throw new EsimProviderError('unavailable', 'eSIM simulator: connection reset after the order was placed (simulated)');
    }
    if (!rec.ready && this.isReadyNow(rec)) rec = (await this.store.mutate(rec.esim.iccid, (r) => this.refreshReady(r)))?.record ?? rec;
    return rec.ready ? { status: 'ready', esim: { ...rec.esim } } : { status: 'pending', providerRef: rec.esim.providerRef };
  }

  async getEsim(providerRef: string): Promise<EsimDetails> {
    const found = await this.store.byRef(providerRef);
    if (!found) throw new EsimProviderError('not_found', `no eSIM order ${providerRef}`);
    const rec =
      (
        await this.store.mutate(found.esim.iccid, (r) => {
          r.polls++;
          this.refreshReady(r);
        })
      )?.record ?? found;
    if (!rec.ready) return { status: 'pending', providerRef };
    return { status: 'ready', esim: { ...rec.esim }, profileState: rec.profileState, planState: this.usageOf(rec).planState };
  }

  async usage(iccid: string): Promise<EsimUsage> {
    return this.usageOf(await this.readyByIccid(iccid));
  }

  async cancel(iccid: string): Promise<EsimCancelResult> {
    const done = await this.store.mutate(iccid, (rec): EsimCancelResult => {
      if (rec.canceled) return { canceled: false, iccid, reason: 'already_canceled' };
      if (rec.activatedAt !== null) return { canceled: false, iccid, reason: 'activated' };
      if (rec.profileState !== 'released') return { canceled: false, iccid, reason: 'installed' };
      rec.canceled = true;
      rec.profileState = 'deleted';
      return { canceled: true, iccid };
    });
    if (!done) throw new EsimProviderError('not_found', `no eSIM ${iccid}`);
    return done.result;
  }

  /** Modelled on eSIM Access's suspend / unsuspend: the profile stays, service stops until resumed. */
  async suspend(iccid: string): Promise<void> {
    if (!(await this.store.mutate(iccid, (rec) => void (rec.suspended = true))))
      throw new EsimProviderError('not_found', `no eSIM ${iccid}`);
  }

  async resume(iccid: string): Promise<void> {
    if (!(await this.store.mutate(iccid, (rec) => void (rec.suspended = false))))
      throw new EsimProviderError('not_found', `no eSIM ${iccid}`);
  }

  /** Queues a package on the eSIM (it starts when the current one is used up or expires); the same key applies it once. */
  async topUp(input: EsimTopUpInput): Promise<EsimTopUpResult> {
    if (!input.idempotencyKey) throw new EsimProviderError('rejected', 'idempotencyKey is required');
    if (!Number.isInteger(input.validityDays) || input.validityDays <= 0) {
      throw new EsimProviderError('rejected', 'validityDays must be a positive integer');
    }
    if (input.dataMb !== null && (!Number.isInteger(input.dataMb) || input.dataMb <= 0)) {
      throw new EsimProviderError('rejected', 'dataMb must be a positive integer or null');
    }
    await this.readyByIccid(input.iccid);
    const now = new Date(this.now());
    const done = await this.store.mutate(input.iccid, (rec): EsimTopUpResult | EsimProviderError => {
      const same = rec.packages.find((p) => p.key === input.idempotencyKey);
      if (same) {
        if (same.orderId !== input.orderId) return new EsimProviderError('conflict', 'idempotency key was used for another order', false);
        return { iccid: input.iccid, providerRef: same.ref };
      }
      if (rec.canceled) return new EsimProviderError('rejected', `eSIM ${input.iccid} was canceled; it cannot be topped up`);
      if (this.usageOf(rec).planState === 'expired') {
        return new EsimProviderError('rejected', `eSIM ${input.iccid} has expired; it cannot be topped up`);
      }
      const ref = `${rec.esim.providerRef}_p${rec.packages.length + 1}`;
      rec.packages.push(newPackage(ref, input));
      rec.packages = this.advance(rec, now);
      return { iccid: input.iccid, providerRef: ref };
    });
    if (!done) throw new EsimProviderError('not_found', `no eSIM ${input.iccid}`);
    if (done.result instanceof EsimProviderError) throw done.result;
    return done.result;
  }

  // --- webhooks ----------------------------------------------------------------------------------

  /** The signed POST a provider would send for these events (the CLI and tests deliver it). */
  signDelivery(events: readonly EsimEvent[], at: Date = new Date(this.now())): SignedDelivery {
    const body = JSON.stringify({ events });
    const t = Math.floor(at.getTime() / 1000);
    return {
      body,
      headers: { 'content-type': 'application/json', [ESIM_SIGNATURE_HEADER]: `t=${t},v1=${esimWebhookSignature(this.secret, t, body)}` },
    };
  }

  parseWebhook(rawBody: string, headers: Headers, now: Date): EsimEvent[] {
    const header = headers.get(ESIM_SIGNATURE_HEADER);
    if (!header) throw new EsimWebhookError('signature', `missing ${ESIM_SIGNATURE_HEADER} header`);
    const parts = new Map<string, string[]>();
    for (const item of header.split(',')) {
      const eq = item.indexOf('=');
      if (eq <= 0) continue;
      const k = item.slice(0, eq).trim();
      parts.set(k, [...(parts.get(k) ?? []), item.slice(eq + 1).trim()]);
    }
    const tText = parts.get('t')?.[0];
    const signatures = parts.get('v1') ?? [];
    if (!tText || !/^\d{1,12}$/.test(tText) || signatures.length === 0) {
      throw new EsimWebhookError('signature', `${ESIM_SIGNATURE_HEADER} must be "t=<unix seconds>,v1=<hex HMAC-SHA256>"`);
    }
    const t = Number(tText);
    const expected = Buffer.from(esimWebhookSignature(this.secret, t, rawBody), 'hex');
    const ok = signatures.some((s) => /^[0-9a-f]{64}$/i.test(s) && timingSafeEqual(Buffer.from(s, 'hex'), expected));
    if (!ok) throw new EsimWebhookError('signature', 'signature does not match the body (wrong secret, or the body was changed)');
    const tolerance = this.opts.webhookToleranceSec ?? 300;
    if (Math.abs(now.getTime() / 1000 - t) > tolerance) {
      throw new EsimWebhookError('stale', `timestamp is more than ${tolerance} s away from now (replayed or clock skew)`);
    }
    return parseEvents(rawBody);
  }

  // --- what the phone and the network do (the CLI, tests, the autoplay) ----------------------------

  /** The phone downloads and enables the profile (not yet connected: validity has not started). */
  async simulateInstall(iccid: string, opts: { connect?: boolean } = {}): Promise<SimulatedChange> {
    const change = await this.change(iccid, 'installed', (rec) => {
      if (rec.profileState !== 'deleted') rec.profileState = 'enabled';
    });
    return opts.connect === false ? change : this.simulateActivate(iccid);
  }

  /** First connection in the coverage area: the plan starts (installs the profile if needed). */
  async simulateActivate(iccid: string): Promise<SimulatedChange> {
    return this.change(iccid, 'activated', (rec, now) => {
      this.activate(rec, now);
    });
  }

  /** Data used (MB; activates first if needed). The event is 'finished' when the data ran out. */
  async simulateUsage(iccid: string, mb: number): Promise<SimulatedChange> {
    if (!Number.isFinite(mb) || mb < 0) throw new EsimProviderError('rejected', 'MB used must be a number ≥ 0');
    return this.change(iccid, 'usage', (rec, now) => {
      this.activate(rec, now);
      const activatedAt = rec.activatedAt ?? now.toISOString();
      rec.packages = consumeData(rec.packages, activatedAt, mb, now).packages.map((p, i) => ({ ...rec.packages[i]!, ...p }));
    });
  }

  /** The validity is over now: the current package and any queued after it expire. */
  async simulateExpire(iccid: string): Promise<SimulatedChange> {
    return this.change(iccid, 'expired', (rec, now) => {
      this.activate(rec, now);
      const at = now.toISOString();
      for (const p of rec.packages) {
        if (p.state === 'active' || p.state === 'queued') {
          p.state = 'expired';
          p.startedAt = p.startedAt ?? at;
          p.expiresAt = at;
        }
      }
    });
  }

  /** A few eSIMs whose profile is on a phone (for the autoplay). */
  async installedIccids(limit: number): Promise<string[]> {
    return (await this.store.listInstalled(limit)).map((r) => r.esim.iccid);
  }

  // --- internals ---------------------------------------------------------------------------------

  private async change(iccid: string, type: EsimEventType, apply: (rec: SimRecord, now: Date) => void): Promise<SimulatedChange> {
    await this.readyByIccid(iccid);
    const now = new Date(this.now());
    const done = await this.store.mutate(iccid, (rec) => {
      apply(rec, now);
      rec.packages = this.advance(rec, now);
      rec.events++;
      return rec.events;
    });
    if (!done) throw new EsimProviderError('not_found', `no eSIM ${iccid}`);
    const usage = this.usageOf(done.record, now);
    const finalType: EsimEventType = type === 'usage' && usage.planState === 'finished' ? 'finished' : type;
    return {
      usage,
      event: {
        id: `evt_${done.record.esim.providerRef}_${done.result}`,
        type: finalType,
        iccid,
        occurredAt: now.toISOString(),
        usage: snapshotOfUsage(usage),
      },
    };
  }

  private activate(rec: SimRecord, now: Date): void {
    if (rec.profileState === 'released' || rec.profileState === 'downloaded' || rec.profileState === 'installed')
      rec.profileState = 'enabled';
    if (rec.activatedAt === null) rec.activatedAt = now.toISOString();
  }

  private advance(rec: SimRecord, now: Date): SimPackage[] {
    return advancePackages(rec.packages, rec.activatedAt, now).map((p, i) => ({ ...rec.packages[i]!, ...p }));
  }

  private usageOf(rec: SimRecord, now = new Date(this.now())): EsimUsage {
    const packages = advancePackages(rec.packages, rec.activatedAt, now);
    const s = summarizePackages(packages, rec.activatedAt, now);
    return {
      iccid: rec.esim.iccid,
      usedMb: s.usedMb,
      totalMb: s.totalMb,
      remainingMb: s.totalMb === null ? null : Math.max(0, s.totalMb - s.usedMb),
      planState: s.planState,
      profileState: rec.profileState,
      activatedAt: rec.activatedAt === null ? null : new Date(rec.activatedAt),
      expiresAt: s.expiresAt === null ? null : new Date(s.expiresAt),
    };
  }

  private async create(input: EsimOrderInput): Promise<SimRecord> {
    const o = this.opts;
    let iccid: string;
    do iccid = makeIccid(this.digits(20), o.issuerPrefix ?? '89999', o.iccidLength ?? 19);
    while (await this.store.byIccid(iccid));
    // The reference follows from the ICCID (unique), so every process issues distinct ones.
    const providerRef = `sim_${iccid.slice(-12, -1)}`;
    const matchingId = [0, 1, 2, 3].map(() => this.chars(5)).join('-');
    const smdpAddress = o.smdpAddress ?? 'smdp.sim.example';
    const confirmationCodeRequired = this.random() < (o.confirmationCodeShare ?? 0);
    const esim: EsimProfile = {
      iccid,
      smdpAddress,
      matchingId,
      activationCode: buildActivationCode({ smdpAddress, matchingId, oid: o.oid, confirmationCodeRequired }),
      confirmationCodeRequired,
      apn: o.apn ?? 'globaldata',
      providerRef,
    };
    if (confirmationCodeRequired) esim.confirmationCode = this.digits(6);
    const now = this.now();
    return {
      key: input.idempotencyKey,
      orderId: input.orderId,
      esim,
      createdAt: now,
      readyAt: o.mode === 'async' ? now + (o.readyAfterMs ?? 2000) : now,
      polls: 0,
      ready: o.mode !== 'async',
      profileState: 'released',
      activatedAt: null,
      canceled: false,
      events: 0,
      packages: [newPackage(`${providerRef}_p1`, input)],
    };
  }

  private isReadyNow(rec: SimRecord): boolean {
    const byPolls = this.opts.readyAfterPolls !== undefined && rec.polls >= this.opts.readyAfterPolls;
    return byPolls || this.now() >= rec.readyAt;
  }

  private refreshReady(rec: SimRecord): void {
    if (!rec.ready && this.isReadyNow(rec)) rec.ready = true;
  }

  private async readyByIccid(iccid: string): Promise<SimRecord> {
    const rec = await this.store.byIccid(iccid);
    if (!rec || !rec.ready) throw new EsimProviderError('not_found', `no eSIM ${iccid}`);
    return rec;
  }

  private digits(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += String(Math.floor(this.random() * 10) % 10);
    return s;
  }

  private chars(n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) s += MATCHING_ALPHABET[Math.floor(this.random() * MATCHING_ALPHABET.length) % MATCHING_ALPHABET.length];
    return s;
  }
}

const malformed = (why: string) => new EsimWebhookError('malformed', `event body: ${why}`);
const isIso = (v: unknown): v is string => typeof v === 'string' && v.length <= 40 && !Number.isNaN(Date.parse(v));
const isMb = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 1e9;

/** `{ events: EsimEvent[] }` read strictly: anything else is malformed. */
function parseEvents(rawBody: string): EsimEvent[] {
  let doc: unknown;
  try {
    doc = JSON.parse(rawBody);
  } catch {
    throw malformed('not JSON');
  }
  const list = (doc as { events?: unknown } | null)?.events;
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_EVENTS)
    throw malformed(`"events" must be a list of 1–${MAX_EVENTS} events`);
  return list.map((raw, i): EsimEvent => {
    const e = raw as Record<string, unknown> | null;
    if (!e || typeof e !== 'object') throw malformed(`event ${i} is not an object`);
    if (typeof e.id !== 'string' || e.id.length === 0 || e.id.length > 200) throw malformed(`event ${i}: "id" must be a string`);
    if (typeof e.type !== 'string' || !EVENT_TYPES.has(e.type)) throw malformed(`event ${i}: unknown "type"`);
    if (typeof e.iccid !== 'string' || !/^\d{18,22}$/.test(e.iccid)) throw malformed(`event ${i}: "iccid" must be 18–22 digits`);
    if (!isIso(e.occurredAt)) throw malformed(`event ${i}: "occurredAt" must be an ISO time`);
    let usage: EsimUsageSnapshot | undefined;
    if (e.usage !== undefined) {
      const u = e.usage as Record<string, unknown> | null;
      if (!u || typeof u !== 'object') throw malformed(`event ${i}: "usage" must be an object`);
      if (!isMb(u.usedMb) || !(u.totalMb === null || isMb(u.totalMb))) throw malformed(`event ${i}: usage MB must be whole numbers`);
      if (typeof u.planState !== 'string' || !PLAN_STATES.has(u.planState)) throw malformed(`event ${i}: unknown usage.planState`);
      if (typeof u.profileState !== 'string' || !PROFILE_STATES.has(u.profileState))
        throw malformed(`event ${i}: unknown usage.profileState`);
      if (!(u.activatedAt === null || isIso(u.activatedAt)) || !(u.expiresAt === null || isIso(u.expiresAt))) {
        throw malformed(`event ${i}: usage times must be ISO or null`);
      }
      usage = {
        usedMb: u.usedMb,
        totalMb: u.totalMb as number | null,
        planState: u.planState as EsimPlanState,
        profileState: u.profileState as EsimProfileState,
        activatedAt: u.activatedAt as string | null,
        expiresAt: u.expiresAt as string | null,
      };
    }
    return {
      id: e.id,
      type: e.type as EsimEventType,
      iccid: e.iccid,
      occurredAt: new Date(e.occurredAt).toISOString(),
      ...(usage ? { usage } : {}),
    };
  });
}

/** A small seeded generator (mulberry32) for deterministic simulators in tests and demos. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A package as ordered or topped up: nothing used, waiting its turn. */
function newPackage(
  ref: string,
  input: { idempotencyKey: string; orderId: string; dataMb: number | null; validityDays: number },
): SimPackage {
  return {
    ref,
    key: input.idempotencyKey,
    orderId: input.orderId,
    dataMb: input.dataMb,
    validityDays: input.validityDays,
    usedMb: 0,
    state: 'queued',
    startedAt: null,
    expiresAt: null,
  };
}
