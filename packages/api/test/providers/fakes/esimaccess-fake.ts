// A small stateful eSIM Access for msw (the real fetch path; nothing leaves the machine). Its answers
// keep the recorded shapes of api.esimaccess.com's open API v1: HTTP 200 with
// { success, errorCode, errorMsg, obj }, prices in 1/10,000 USD, volumes in bytes, times as
// '2026-09-27T19:29:36+0000', orderNo 'B…', esimTranNo digits, ac 'LPA:1$rsp-eu.simlessly.com$<hex>'.
//
// It checks every request's RT-* headers and HMAC signature (a wrong one: 101003), dedupes orders and
// top-ups on transactionId (a repeat: errorCode 200008 "transactionId already exists"), allocates a
// profile only after `readyAfterQueries` queries of the order, and lets a test install, use, expire
// and cancel eSIMs, and make the next answer of a path fail (HTTP status, an API error, a drop, a stall).
import { createHmac } from 'node:crypto';
import { delay, HttpResponse, http } from 'msw';
import type { HttpHandler } from 'msw';

export const EA_BASE = 'https://api.esimaccess.test';
const MB = 1_048_576;

export interface FakePackage {
  packageCode: string;
  slug: string;
  name: string;
  price: number;
  currencyCode: string;
  volume: number;
  smsStatus: number;
  dataType: number;
  unusedValidTime: number;
  duration: number;
  durationUnit: string;
  location: string;
  description: string;
  activeType: number;
  favorite: boolean;
  retailPrice: number;
  speed: string;
  ipExport: string;
  supportTopUpType: number;
  fupPolicy: string;
  locationNetworkList: Array<{
    locationName: string;
    locationLogo: string;
    locationCode?: string;
    operatorList: Array<{ operatorName: string; networkType: string }>;
  }>;
}

const net = (code: string, name: string, withCode = true) => ({
  locationName: name,
  locationLogo: `/img/flags/${code.toLowerCase()}.png`,
  ...(withCode ? { locationCode: code } : {}),
  operatorList: [{ operatorName: 'Vodafone', networkType: '4G' }],
});

const pkg = (
  over: Partial<FakePackage> & Pick<FakePackage, 'packageCode' | 'name' | 'price' | 'volume' | 'duration' | 'location'>,
): FakePackage => ({
  slug: over.packageCode,
  currencyCode: 'USD',
  smsStatus: 0,
  dataType: 1,
  unusedValidTime: 180,
  durationUnit: 'DAY',
  description: over.name,
  activeType: 2,
  favorite: false,
  retailPrice: over.price * 2,
  speed: '3G/4G/5G',
  ipExport: 'NL/FR',
  supportTopUpType: 2,
  fupPolicy: '',
  locationNetworkList: over.location.split(',').map((c) => net(c, c)),
  ...over,
});

/** The recorded Spain package, a North America bundle (network list without codes: `location` is read), a daily plan, unlimited, and a top-up. */
export const FAKE_BASE_PACKAGES: FakePackage[] = [
  pkg({
    packageCode: 'CKH002',
    slug: 'ES_3_30',
    name: 'Spain 3GB 30Days',
    price: 18000,
    volume: 3_221_225_472,
    duration: 30,
    location: 'ES',
    retailPrice: 36000,
  }),
  pkg({
    packageCode: 'CKH491',
    slug: 'NA-3_1_7',
    name: 'North America 1GB 7Days',
    price: 57050,
    volume: 1_073_741_824,
    duration: 7,
    location: 'MX,US,CA',
    locationNetworkList: [net('US', 'United States', false), net('CA', 'Canada', false), net('MX', 'Mexico', false)],
  }),
  pkg({
    packageCode: 'P1X57VWMR',
    slug: 'GE_1_Daily',
    name: 'Georgia 1GB/Day',
    price: 9000,
    volume: 1_073_741_824,
    duration: 1,
    location: 'GE',
    dataType: 2,
  }),
  pkg({
    packageCode: 'UNL-JP-5',
    slug: 'JP_UNL_5',
    name: 'Japan Unlimited 5Days',
    price: 125_000,
    volume: 2_147_483_648,
    duration: 5,
    location: 'JP',
    dataType: 4,
  }),
];
export const FAKE_TOPUP_PACKAGES: FakePackage[] = [
  pkg({
    packageCode: 'TOPUP_CKH002',
    slug: 'ES_3_30_TOPUP',
    name: 'Spain 3GB 30Days',
    price: 17000,
    volume: 3_221_225_472,
    duration: 30,
    location: 'ES',
  }),
];

interface FakeEsim {
  esimTranNo: string;
  orderNo: string;
  transactionId: string;
  iccid: string;
  ac: string;
  smdpStatus: string;
  esimStatus: string;
  activateTime: string | null;
  expiredTime: string;
  installationTime: string | null;
  totalVolume: number;
  totalDuration: number;
  orderUsage: number;
  dataType: number;
  packageCode: string;
  createdAt: number;
}

interface FakeOrder {
  orderNo: string;
  transactionId: string;
  packageCode: string;
  price: number;
  queries: number;
  esim: FakeEsim | null;
}

type Failure =
  | { kind: 'status'; status: number; retryAfter?: string }
  /** An API error; `then` changes the fake's state as the refusal is served (a race). */
  | { kind: 'api'; errorCode: string; errorMsg: string; then?: () => void }
  | { kind: 'drop' }
  | { kind: 'stall' }
  /** Does the work, then drops the connection before answering (the answer is lost). */
  | { kind: 'lose-answer' };

export interface SeenRequest {
  path: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

const fmt = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+0000');

export class EsimAccessFake {
  readonly accessCode: string;
  readonly secretKey: string;
  /** Queries of an order that answer "not yet allocated" before the profile is there (0: allocated as it is ordered). */
  readyAfterQueries = 1;
  balance = 10_000_000;
  /** Profiles left to sell (200011 at 0). */
  stock = 1000;
  now = () => Date.now();
  base = [...FAKE_BASE_PACKAGES];
  topups = [...FAKE_TOPUP_PACKAGES];
  readonly orders = new Map<string, FakeOrder>();
  readonly topupsApplied = new Map<string, { esimTranNo: string; packageCode: string }>();
  readonly seen: SeenRequest[] = [];
  private failures = new Map<string, Failure[]>();
  private seq = 0;

  constructor(accessCode = 'ea-access-7Q2', secretKey = 'ea-secret-Zx91-topsecret') {
    this.accessCode = accessCode;
    this.secretKey = secretKey;
  }

  /** The next answer(s) of `path` (e.g. '/esim/order') fail this way, in order. */
  failNext(path: string, ...f: Failure[]): void {
    this.failures.set(path, [...(this.failures.get(path) ?? []), ...f]);
  }

  calls(path: string): SeenRequest[] {
    return this.seen.filter((s) => s.path === path);
  }

  esims(): FakeEsim[] {
    return [...this.orders.values()].flatMap((o) => (o.esim ? [o.esim] : []));
  }

  byIccid(iccid: string): FakeEsim {
    const e = this.esims().find((x) => x.iccid === iccid);
    if (!e) throw new Error(`fake: no eSIM ${iccid}`);
    return e;
  }

  /** Allocates every pending order's profile now. */
  settle(): void {
    for (const o of this.orders.values()) if (!o.esim) this.allocate(o);
  }

  install(iccid: string): void {
    const e = this.byIccid(iccid);
    e.smdpStatus = 'ENABLED';
    e.installationTime = fmt(this.now());
  }

  use(iccid: string, mb: number): void {
    const e = this.byIccid(iccid);
    if (!e.activateTime) {
      e.activateTime = fmt(this.now());
      e.expiredTime = fmt(this.now() + e.totalDuration * 86_400_000);
    }
    e.esimStatus = 'IN_USE';
    e.orderUsage += Math.round(mb * MB);
    if (e.orderUsage >= e.totalVolume && e.dataType !== 4) e.esimStatus = 'USED_UP';
  }

  expire(iccid: string): void {
    this.byIccid(iccid).esimStatus = this.byIccid(iccid).activateTime ? 'USED_EXPIRED' : 'UNUSED_EXPIRED';
  }

  private allocate(o: FakeOrder): void {
    const n = ++this.seq;
    const p = this.base.find((x) => x.packageCode === o.packageCode)!;
    const iccid = `8910300000${String(44404757 + n).padStart(9, '0')}`;
    o.esim = {
      esimTranNo: `2603311929${String(n).padStart(4, '0')}`,
      orderNo: o.orderNo,
      transactionId: o.transactionId,
      iccid,
      ac: `LPA:1$rsp-eu.simlessly.com$C5F541D4E3174EA38A74B6EF7CCB${String(n).padStart(4, '0')}`,
      smdpStatus: 'RELEASED',
      esimStatus: 'GOT_RESOURCE',
      activateTime: null,
      expiredTime: fmt(this.now() + 180 * 86_400_000),
      installationTime: null,
      totalVolume: p.volume,
      totalDuration: p.duration,
      orderUsage: 0,
      dataType: p.dataType,
      packageCode: p.packageCode,
      createdAt: this.now(),
    };
  }

  private esimJson(e: FakeEsim) {
    return {
      esimTranNo: e.esimTranNo,
      orderNo: e.orderNo,
      transactionId: e.transactionId,
      imsi: '310840118124583',
      iccid: e.iccid,
      smsStatus: 0,
      msisdn: '',
      ac: e.ac,
      qrCodeUrl: 'https://p.qrsim.net/90f19728db9445fb9ebfb525e0db2798.png',
      shortUrl: 'https://p.qrsim.net/90f19728db9445fb9ebfb525e0db2798',
      smdpStatus: e.smdpStatus,
      eid: '',
      activeType: 2,
      dataType: e.dataType,
      activateTime: e.activateTime,
      expiredTime: e.expiredTime,
      installationTime: e.installationTime,
      totalVolume: e.totalVolume,
      totalDuration: e.totalDuration,
      durationUnit: 'DAY',
      orderUsage: e.orderUsage,
      esimStatus: e.esimStatus,
      pin: '6313',
      puk: '25363068',
      apn: 'isp',
      ipExport: 'FR/NL',
      supportTopUpType: 2,
      fupPolicy: '',
      packageList: [
        { packageCode: e.packageCode, duration: e.totalDuration, volume: e.totalVolume, locationCode: 'ES', createTime: fmt(e.createdAt) },
      ],
    };
  }

  handlers(base = EA_BASE): HttpHandler[] {
    return [
      http.post(`${base}/api/v1/open/*`, async ({ request }) => {
        const path = new URL(request.url).pathname.replace('/api/v1/open', '');
        const raw = await request.text();
        const headers: Record<string, string> = {};
        request.headers.forEach((v, k) => {
          headers[k] = v;
        });
        let body: Record<string, unknown> = {};
        try {
          body = raw ? JSON.parse(raw) : {};
        } catch {
          return ok(null, '000104', 'invalid JSON');
        }
        this.seen.push({ path, headers, body });
        const auth = this.checkAuth(headers, raw);
        if (auth) return auth;
        const failure = this.failures.get(path)?.shift();
        if (failure?.kind === 'status') {
          return HttpResponse.json(
            { success: false, errorCode: String(failure.status), errorMsg: 'unavailable' },
            { status: failure.status, headers: failure.retryAfter ? { 'Retry-After': failure.retryAfter } : {} },
          );
        }
        if (failure?.kind === 'api') {
          failure.then?.();
          return ok(null, failure.errorCode, failure.errorMsg);
        }
        if (failure?.kind === 'drop') return HttpResponse.error();
        if (failure?.kind === 'stall') {
          await delay('infinite');
        }
        const answer = this.route(path, body);
        if (failure?.kind === 'lose-answer') return HttpResponse.error();
        return answer;
      }),
    ];
  }

  private checkAuth(h: Record<string, string>, raw: string): Response | null {
    const ts = h['rt-timestamp'];
    const id = h['rt-requestid'];
    const code = h['rt-accesscode'];
    const sig = h['rt-signature'];
    if (!ts || !id || !code || !sig) return ok(null, '000101', 'mandatory header missing');
    if (code !== this.accessCode) return ok(null, '101003', 'signature mismatch');
    const expected = createHmac('sha256', this.secretKey)
      .update(ts + id + code + raw)
      .digest('hex');
    if (sig !== expected) return ok(null, '101003', 'signature mismatch');
    if (Math.abs(this.now() - Number(ts)) > 5 * 60_000) return ok(null, '101001', 'timestamp expired');
    return null;
  }

  private route(path: string, b: Record<string, unknown>): Response {
    switch (path) {
      // docs.esimaccess.com (Postman collection), Query All Data Packages: POST /api/v1/open/package/list
      case '/package/list': {
        const list = b.type === 'TOPUP' ? this.topups : this.base;
        const code = typeof b.packageCode === 'string' ? b.packageCode : '';
        const iccid = typeof b.iccid === 'string' ? b.iccid : '';
        // API docs, Query All Data Packages (v1.2): "Query available Top Up plans with `iccid` or
        // `packageCode`" — for an ICCID, the TOPUP packages of the eSIM's own package's location; an
        // eSIM that can take no more (expired, used up, canceled, revoked) gets an empty list. The
        // eSIM holding the ICCID now is the newest one (ICCIDs are recycled).
        if (iccid) {
          const holder = this.esims()
            .filter((e) => e.iccid === iccid)
            .at(-1);
          if (!holder) return ok(null, '310403', 'iccid does not exist');
          const own = this.base.find((p) => p.packageCode === holder.packageCode);
          const closed = ['USED_EXPIRED', 'UNUSED_EXPIRED', 'CANCEL', 'REVOKED'].includes(holder.esimStatus);
          return ok({ packageList: closed || !own ? [] : this.topups.filter((t) => t.location === own.location) });
        }
        return ok({ packageList: code ? list.filter((p) => p.packageCode === code) : list });
      }
      // docs.esimaccess.com, Order Profiles: POST /api/v1/open/esim/order (transactionId dedupes)
      case '/esim/order':
        return this.order(b);
      // docs.esimaccess.com, Query Allocated Profiles: POST /api/v1/open/esim/query
      case '/esim/query':
        return this.query(b);
      // docs.esimaccess.com, Usage Check: POST /api/v1/open/esim/usage/query (by esimTranNo)
      case '/esim/usage/query': {
        const ids = Array.isArray(b.esimTranNoList) ? (b.esimTranNoList as string[]) : [];
        const list = this.esims().filter((e) => ids.includes(e.esimTranNo));
        return ok({
          esimUsageList: list.map((e) => ({
            esimTranNo: e.esimTranNo,
            dataUsage: e.orderUsage,
            totalData: e.totalVolume,
            lastUpdateTime: fmt(this.now()),
          })),
        });
      }
      // docs.esimaccess.com, Top Up: POST /api/v1/open/esim/topup (v1.2)
      case '/esim/topup':
        return this.topup(b);
      // docs.esimaccess.com, Cancel Profile: POST /api/v1/open/esim/cancel (unused → balance refund)
      case '/esim/cancel': {
        const e = this.esims().find((x) => x.esimTranNo === b.esimTranNo);
        if (!e) return ok(null, '310272', 'esimTranNo does not exist');
        if (e.esimStatus !== 'GOT_RESOURCE' || e.smdpStatus !== 'RELEASED')
          return ok(null, '200002', 'operation not allowed due to order status');
        e.esimStatus = 'CANCEL';
        const o = this.orders.get(e.transactionId);
        if (o) this.balance += o.price;
        return ok(null);
      }
      default:
        return ok(null, '000103', 'unsupported');
    }
  }

  private order(b: Record<string, unknown>): Response {
    const transactionId = String(b.transactionId ?? '');
    const list = Array.isArray(b.packageInfoList) ? (b.packageInfoList as Array<Record<string, unknown>>) : [];
    if (!transactionId || list.length !== 1) return ok(null, '000105', 'mandatory params missing');
    if (this.orders.has(transactionId)) return ok(null, '200008', `transactionId already exists: ${transactionId}`);
    const item = list[0]!;
    const p = this.base.find((x) => x.packageCode === item.packageCode);
    if (!p) return ok(null, '310241', `base data plan code:[${String(item.packageCode)}] doesn\`t exist.`);
    if (item.price !== undefined && item.price !== p.price) return ok(null, '200005', 'package price error');
    if (this.balance < p.price) return ok(null, '200007', 'insufficient balance');
    if (this.stock <= 0) return ok(null, '200011', 'insufficient available profiles');
    this.balance -= p.price;
    this.stock--;
    const orderNo = `B2603311929${String(this.orders.size + 1).padStart(4, '0')}`;
    const o: FakeOrder = { orderNo, transactionId, packageCode: p.packageCode, price: p.price, queries: 0, esim: null };
    this.orders.set(transactionId, o);
    if (this.readyAfterQueries <= 0) this.allocate(o);
    return ok({ orderNo, transactionId });
  }

  private query(b: Record<string, unknown>): Response {
    const pager = (b.pager ?? {}) as { pageNum?: number; pageSize?: number };
    const pageNum = pager.pageNum ?? 1;
    const pageSize = pager.pageSize ?? 20;
    let list: FakeEsim[];
    if (b.orderNo) {
      const o = [...this.orders.values()].find((x) => x.orderNo === b.orderNo);
      if (!o) return ok(null, '310272', 'orderNo does not exist');
      o.queries++;
      if (!o.esim && o.queries > this.readyAfterQueries) this.allocate(o);
      if (!o.esim) return ok(null, '200010', 'profile not yet allocated');
      list = [o.esim];
    } else if (b.iccid) {
      list = this.esims().filter((e) => e.iccid === b.iccid);
    } else if (b.startTime) {
      list = this.esims();
    } else return ok(null, '000105', 'mandatory params missing');
    const page = list.slice((pageNum - 1) * pageSize, pageNum * pageSize);
    return ok({ esimList: page.map((e) => this.esimJson(e)), pager: { pageSize, pageNum, total: list.length } });
  }

  private topup(b: Record<string, unknown>): Response {
    const transactionId = String(b.transactionId ?? '');
    if (this.topupsApplied.has(transactionId)) return ok(null, '200008', 'transactionId already exists');
    const e = this.esims().find((x) => x.esimTranNo === b.esimTranNo);
    if (!e) return ok(null, '310272', 'esimTranNo does not exist');
    const p = this.topups.find((x) => x.packageCode === b.packageCode);
    if (!p) return ok(null, '310241', 'package does not exist');
    if (['USED_EXPIRED', 'UNUSED_EXPIRED', 'CANCEL', 'REVOKED'].includes(e.esimStatus))
      return ok(null, '200002', 'operation not allowed due to order status');
    this.topupsApplied.set(transactionId, { esimTranNo: e.esimTranNo, packageCode: p.packageCode });
    e.totalVolume += p.volume;
    if (e.esimStatus === 'USED_UP') e.esimStatus = 'IN_USE';
    return ok({
      transactionId,
      iccid: e.iccid,
      expiredTime: e.expiredTime,
      totalVolume: e.totalVolume,
      totalDuration: e.totalDuration,
      orderUsage: e.orderUsage,
    });
  }
}

function ok(obj: unknown, errorCode?: string, errorMsg?: string): Response {
  if (errorCode) return HttpResponse.json({ success: false, errorCode, errorMsg: errorMsg ?? null, obj: null });
  return HttpResponse.json({ success: true, errorCode: '0', errorMsg: null, obj });
}
