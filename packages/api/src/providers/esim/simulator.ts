// The built-in eSIM provider: behaves like a wholesale eSIM API without one. Deterministic for
// a given random source and clock; idempotent on the idempotency key; can fail on demand and
// provision asynchronously. Everything it issues is fake: ICCIDs under a test issuer prefix and
// an SM-DP+ address under the reserved .example domain.
import { randomInt } from 'node:crypto';
import { buildActivationCode } from '../../domain/activation-code.ts';
import { makeIccid } from '../../domain/iccid.ts';
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
  EsimEvent,
  EsimTopUpInput,
  EsimTopUpResult,
} from './types.ts';
import { EsimProviderError, EsimWebhookError } from './types.ts';

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
}

interface SimRecord {
  key: string;
  orderId: string;
  esim: EsimProfile;
  dataMb: number | null;
  validityDays: number;
  createdAt: number;
  readyAt: number;
  polls: number;
  ready: boolean;
  profileState: EsimProfileState;
  activatedAt: number | null;
  usedMb: number;
  canceled: boolean;
}

const MATCHING_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const DAY_MS = 86_400_000;

export class EsimSimulator implements EsimProvider {
  readonly name = 'simulator';
  readonly isReal = false;

  private readonly random: () => number;
  private readonly now: () => number;
  private readonly opts: SimulatorOptions;
  private failTimes: number;
  private failAfterCreateTimes: number;
  private seq = 0;
  private readonly byKey = new Map<string, SimRecord>();
  private readonly byRef = new Map<string, SimRecord>();
  private readonly byIccid = new Map<string, SimRecord>();
  /** order() calls seen, successful or not (for tests of retries). */
  orderCalls = 0;

  constructor(options: SimulatorOptions = {}) {
    this.opts = options;
    this.random = options.random ?? (() => randomInt(2 ** 47) / 2 ** 47);
    this.now = options.now ?? Date.now;
    this.failTimes = options.failTimes ?? 0;
    this.failAfterCreateTimes = options.failAfterCreateTimes ?? 0;
  }

  /** eSIMs issued (each would be billed by a real wholesaler). */
  get issuedCount(): number {
    return this.byKey.size;
  }

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
    let rec = this.byKey.get(input.idempotencyKey);
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
      rec = this.create(input);
    }
    if (this.failAfterCreateTimes > 0) {
      this.failAfterCreateTimes--;
      throw new EsimProviderError('unavailable', 'eSIM simulator: connection reset after the order was placed (simulated)');
    }
    this.refreshReady(rec);
    return rec.ready ? { status: 'ready', esim: { ...rec.esim } } : { status: 'pending', providerRef: rec.esim.providerRef };
  }

  async getEsim(providerRef: string): Promise<EsimDetails> {
    const rec = this.byRef.get(providerRef);
    if (!rec) throw new EsimProviderError('not_found', `no eSIM order ${providerRef}`);
    rec.polls++;
    this.refreshReady(rec);
    if (!rec.ready) return { status: 'pending', providerRef };
    return { status: 'ready', esim: { ...rec.esim }, profileState: rec.profileState, planState: this.planState(rec) };
  }

  async usage(iccid: string): Promise<EsimUsage> {
    const rec = this.readyByIccid(iccid);
    const expiresAt = rec.activatedAt === null ? null : rec.activatedAt + rec.validityDays * DAY_MS;
    return {
      iccid,
      usedMb: rec.usedMb,
      totalMb: rec.dataMb,
      remainingMb: rec.dataMb === null ? null : Math.max(0, rec.dataMb - rec.usedMb),
      planState: this.planState(rec),
      profileState: rec.profileState,
      activatedAt: rec.activatedAt === null ? null : new Date(rec.activatedAt),
      expiresAt: expiresAt === null ? null : new Date(expiresAt),
    };
  }

  async cancel(iccid: string): Promise<EsimCancelResult> {
    const rec = this.byIccid.get(iccid);
    if (!rec) throw new EsimProviderError('not_found', `no eSIM ${iccid}`);
    if (rec.canceled) return { canceled: false, iccid, reason: 'already_canceled' };
    if (rec.activatedAt !== null) return { canceled: false, iccid, reason: 'activated' };
    if (rec.profileState !== 'released') return { canceled: false, iccid, reason: 'installed' };
    rec.canceled = true;
    rec.profileState = 'deleted';
    return { canceled: true, iccid };
  }

  async topUp(_input: EsimTopUpInput): Promise<EsimTopUpResult> {
    throw new EsimProviderError('unavailable', 'issue 13: simulator top-ups not built yet');
  }

  parseWebhook(_rawBody: string, _headers: Headers, _now: Date): EsimEvent[] {
    throw new EsimWebhookError('signature', 'issue 13: simulator webhooks not built yet');
  }

  // --- test hooks: what the phone and the network would do -------------------------------------

  /** The phone downloads and enables the profile; the plan starts when it first connects (now). */
  simulateInstall(iccid: string, opts: { connect?: boolean } = {}): void {
    const rec = this.readyByIccid(iccid);
    rec.profileState = 'enabled';
    if (opts.connect !== false && rec.activatedAt === null) rec.activatedAt = this.now();
  }

  /** Adds used data (MB). */
  simulateUsage(iccid: string, mb: number): void {
    const rec = this.readyByIccid(iccid);
    if (rec.activatedAt === null) rec.activatedAt = this.now();
    rec.usedMb += mb;
  }

  // --- internals ---------------------------------------------------------------------------------

  private create(input: EsimOrderInput): SimRecord {
    const o = this.opts;
    const n = ++this.seq;
    const providerRef = `sim_${String(n).padStart(6, '0')}`;
    let iccid: string;
    do iccid = makeIccid(this.digits(20), o.issuerPrefix ?? '89999', o.iccidLength ?? 19);
    while (this.byIccid.has(iccid));
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
    const rec: SimRecord = {
      key: input.idempotencyKey,
      orderId: input.orderId,
      esim,
      dataMb: input.dataMb,
      validityDays: input.validityDays,
      createdAt: now,
      readyAt: o.mode === 'async' ? now + (o.readyAfterMs ?? 2000) : now,
      polls: 0,
      ready: o.mode !== 'async',
      profileState: 'released',
      activatedAt: null,
      usedMb: 0,
      canceled: false,
    };
    this.byKey.set(rec.key, rec);
    this.byRef.set(providerRef, rec);
    this.byIccid.set(iccid, rec);
    return rec;
  }

  private refreshReady(rec: SimRecord): void {
    if (rec.ready) return;
    const byPolls = this.opts.readyAfterPolls !== undefined && rec.polls >= this.opts.readyAfterPolls;
    if (byPolls || this.now() >= rec.readyAt) rec.ready = true;
  }

  private readyByIccid(iccid: string): SimRecord {
    const rec = this.byIccid.get(iccid);
    if (!rec || !rec.ready) throw new EsimProviderError('not_found', `no eSIM ${iccid}`);
    return rec;
  }

  private planState(rec: SimRecord): EsimPlanState {
    if (rec.activatedAt === null) return 'not_active';
    if (this.now() >= rec.activatedAt + rec.validityDays * DAY_MS) return 'expired';
    if (rec.dataMb !== null && rec.usedMb >= rec.dataMb) return 'finished';
    return 'active';
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
