// A small stateful fake of Airalo Partner API v2 for msw, answering in the shapes of Airalo's
// published OpenAPI fragments (api-evangelist/airalo, openapi/airalo-rest-api-endpoints-*.yml:
// browse-packages, place-order, manage-orders, manage-esims, monitor-usage, top-up-esim,
// request-refund; error envelope {code, reason} from errors/airalo-problem-types.yml).
import { http, HttpResponse } from 'msw';

export const AIRALO_BASE = 'https://airalo.test';

interface FakeSim {
  iccid: string;
  matchingId: string;
  orderId: number;
  status: 'NOT_ACTIVE' | 'ACTIVE' | 'FINISHED' | 'EXPIRED' | 'RECYCLED';
  /** MB of each package on it (the first, then top-ups). */
  packages: { id: number; packageId: string; amount: number; day: number; activatedAt: string | null }[];
  usedMb: number;
  refunded: boolean;
}
interface FakeOrder {
  id: number;
  code: string;
  description: string;
  type: 'sim' | 'topup';
  packageId: string;
  iccid: string | null;
  requestId?: string;
}

export const CATALOGUE = [
  { id: 'uki-mobile-15days-2gb', type: 'sim', amount: 2048, day: 15, price: 7.5, net_price: 1.6, cc: 'GB', title: 'United Kingdom' },
  { id: 'uki-mobile-7days-1gb-topup', type: 'topup', amount: 1024, day: 7, price: 4.5, net_price: 1.0, cc: 'GB', title: 'United Kingdom' },
  { id: 'change-7days-1gb', type: 'sim', amount: 1024, day: 7, price: 4.5, net_price: 2.25, cc: 'US', title: 'United States' },
];
const GLOBAL_PACKAGE = {
  id: 'eurolink-10days-unlimited',
  type: 'sim',
  amount: 0,
  day: 10,
  price: 30,
  net_price: 18.25,
  is_unlimited: true,
};

export interface AiraloFakeOptions {
  clientId?: string;
  clientSecret?: string;
  /** Token lifetime Airalo says (seconds). */
  expiresIn?: number;
  /**
   * The account's pricing model (browse-packages GET /v2/packages `pricing`): under
   * 'discount_pricing' every package has `net_price: null` and the cost is the retail price less
   * discountPercentage.
   */
  pricing?: { model: 'net_pricing' | 'discount_pricing'; discountPercentage: number };
  /** Answer GET /v2/packages in one response with no paging links or meta (the docs' second shape). */
  unpaged?: boolean;
}

export class AiraloFake {
  readonly sims = new Map<string, FakeSim>();
  readonly orders: FakeOrder[] = [];
  readonly calls: { method: string; path: string; auth: string | null; query: URLSearchParams }[] = [];
  tokensIssued = 0;
  /** Tokens Airalo still accepts (revoke one to force a 401). */
  readonly validTokens = new Set<string>();
  /** Queued failures, consumed in order by the next matching call: [method path, respond]. */
  readonly failures: { match: string; respond: () => Response | Promise<Response>; afterCommit?: boolean }[] = [];
  pendingAsync: { requestId: string; description: string; packageId: string }[] = [];
  /** Orders POSTed (each buys an eSIM). */
  ordersBought = 0;
  private seq = 0;

  constructor(readonly opts: AiraloFakeOptions = {}) {}

  private nextIccid(): string {
    this.seq++;
    return `8944465400000${String(100000 + this.seq)}`;
  }

  /** A failure for the next call to `match` ('POST /v2/orders'); afterCommit: the order is made, then the answer is lost. */
  failNext(match: string, respond: () => Response | Promise<Response>, afterCommit = false): void {
    this.failures.push({ match, respond, afterCommit });
  }

  install(iccid: string): void {
    const sim = this.must(iccid);
    // Airalo reports first connection only (ACTIVE): the phone installed the eSIM and connected.
    sim.status = 'ACTIVE';
    for (const p of sim.packages) p.activatedAt ??= '2026-11-20 10:00:00';
  }

  use(iccid: string, mb: number): void {
    const sim = this.must(iccid);
    if (sim.status === 'NOT_ACTIVE') this.install(iccid);
    sim.usedMb += mb;
  }

  /** Airalo makes the eSIMs of accepted asynchronous orders; returns the webhook bodies it would send. */
  settle(): Record<string, unknown>[] {
    const bodies = this.pendingAsync.map((p) => {
      const order = this.makeOrder(p.description, p.packageId, p.requestId);
      return { ...this.orderBody(order), request_id: p.requestId };
    });
    this.pendingAsync = [];
    return bodies;
  }

  private must(iccid: string): FakeSim {
    const sim = this.sims.get(iccid);
    if (!sim) throw new Error(`no sim ${iccid}`);
    return sim;
  }

  private makeOrder(description: string, packageId: string, requestId?: string): FakeOrder {
    const pkg = CATALOGUE.find((p) => p.id === packageId)!;
    const iccid = this.nextIccid();
    const id = 583700 + this.orders.length + 1;
    this.sims.set(iccid, {
      iccid,
      matchingId: `YVTGM-${String(this.seq).padStart(5, '0')}-PIC56`,
      orderId: id,
      status: 'NOT_ACTIVE',
      packages: [{ id: id * 10, packageId, amount: pkg.amount, day: pkg.day, activatedAt: null }],
      usedMb: 0,
      refunded: false,
    });
    this.ordersBought++;
    const order: FakeOrder = { id, code: `20261124-${id}`, description, type: 'sim', packageId, iccid, requestId };
    this.orders.push(order);
    return order;
  }

  private simBody(sim: FakeSim) {
    return {
      id: sim.orderId * 2,
      created_at: '2026-11-24 10:00:00',
      iccid: sim.iccid,
      lpa: 'RSP-3088.IDEMIA.IO',
      imsis: null,
      matching_id: sim.matchingId,
      qrcode: `LPA:1$RSP-3088.IDEMIA.IO$${sim.matchingId}`,
      qrcode_url: 'https://sandbox.airalo.com/qr?expires=1&id=1&signature=x',
      direct_apple_installation_url: `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=LPA:1$RSP-3088.IDEMIA.IO$${sim.matchingId}`,
      voucher_code: null,
      airalo_code: null,
      apn_type: 'manual',
      apn_value: 'globaldata',
      is_roaming: true,
      confirmation_code: null,
      msisdn: null,
    };
  }

  private orderBody(o: FakeOrder) {
    const pkg = CATALOGUE.find((p) => p.id === o.packageId)!;
    const sim = o.iccid ? this.sims.get(o.iccid) : undefined;
    return {
      id: o.id,
      code: o.code,
      currency: 'USD',
      package_id: o.packageId,
      quantity: 1,
      type: o.type,
      description: o.description,
      esim_type: 'Prepaid',
      validity: pkg.day,
      package: `Uki Mobile-${pkg.amount} MB - ${pkg.day} Days`,
      data: `${pkg.amount / 1024} GB`,
      price: pkg.price,
      net_price: pkg.net_price,
      created_at: '2026-11-24 10:00:00',
      manual_installation: '<p>…</p>',
      qrcode_installation: '<p>…</p>',
      installation_guides: { en: 'https://sandbox.airalo.com/installation-guide' },
      status: { name: 'Completed', slug: 'completed' },
      sims: o.type === 'sim' && sim ? [this.simBody(sim)] : [],
    };
  }

  private static notFound() {
    return HttpResponse.json({ data: [], meta: { message: 'messages.resource_not_found' } }, { status: 404 });
  }

  /** Airalo's business error envelope (HTTP 422 with a numeric code and a reason). */
  static businessError(code: number, reason: string) {
    return HttpResponse.json({ code, reason }, { status: 422 });
  }

  handlers() {
    const base = AIRALO_BASE;
    const authed = (request: Request) => {
      const auth = request.headers.get('authorization');
      const token = auth?.startsWith('Bearer ') ? auth.slice(7) : '';
      return this.validTokens.has(token);
    };
    const unauthorized = () =>
      HttpResponse.json({ data: [], meta: { message: 'Authentication failed. Please generate a new token.' } }, { status: 401 });
    const wrap =
      (method: string, path: string, fn: (a: { request: Request; params: Record<string, string> }) => Promise<Response> | Response) =>
      async ({ request, params }: { request: Request; params: Record<string, string | readonly string[] | undefined> }) => {
        const url = new URL(request.url);
        this.calls.push({ method, path, auth: request.headers.get('authorization'), query: url.searchParams });
        const key = `${method} ${path}`;
        const i = this.failures.findIndex((f) => f.match === key);
        const failure = i >= 0 ? this.failures.splice(i, 1)[0] : undefined;
        if (failure && !failure.afterCommit) return failure.respond();
        if (path !== '/v2/token' && !authed(request)) return unauthorized();
        const answer = await fn({ request, params: params as Record<string, string> });
        return failure ? failure.respond() : answer;
      };

    return [
      // openapi/airalo-rest-api-endpoints-authenticate-api-openapi.yml, POST /v2/token (form client_credentials → data.access_token, expires_in)
      http.post(
        `${base}/v2/token`,
        wrap('POST', '/v2/token', async ({ request }) => {
          const form = new URLSearchParams(await request.text());
          if (
            form.get('grant_type') !== 'client_credentials' ||
            form.get('client_id') !== (this.opts.clientId ?? 'client-id') ||
            form.get('client_secret') !== (this.opts.clientSecret ?? 'client-secret')
          ) {
            return HttpResponse.json({ data: [], meta: { message: 'Unauthorized' } }, { status: 401 });
          }
          const token = `tok-${++this.tokensIssued}`;
          this.validTokens.add(token);
          return HttpResponse.json({
            data: { token_type: 'Bearer', expires_in: this.opts.expiresIn ?? 86400, access_token: token },
            meta: { message: 'success' },
          });
        }),
      ),
      // openapi/airalo-rest-api-endpoints-browse-packages-api-openapi.yml, GET /v2/packages (pricing block, paged or in one response)
      http.get(
        `${base}/v2/packages`,
        wrap('GET', '/v2/packages', ({ request }) => {
          const url = new URL(request.url);
          const page = Number(url.searchParams.get('page') ?? '1');
          const includeTopup = url.searchParams.get('include') === 'topup';
          // browse-packages: "Call the endpoint without a limit parameter to retrieve the full
          // catalogue in a single response" — else paginated, page 2+ keyed by the entry's index.
          const unpaged = this.opts.unpaged ?? !url.searchParams.has('limit');
          const discount = this.opts.pricing?.model === 'discount_pricing';
          const pkg = (p: (typeof CATALOGUE)[number] | typeof GLOBAL_PACKAGE) => ({
            id: p.id,
            type: p.type,
            price: p.price,
            amount: p.amount,
            day: p.day,
            is_unlimited: 'is_unlimited' in p ? p.is_unlimited : false,
            title: `${p.amount / 1024} GB - ${p.day} Days`,
            data: 'is_unlimited' in p ? 'Unlimited' : `${p.amount / 1024} GB`,
            net_price: discount ? null : p.net_price,
            prices: {
              ...(discount ? {} : { net_price: { USD: p.net_price, EUR: p.net_price * 0.92 } }),
              recommended_retail_price: { USD: p.price, EUR: p.price * 0.92 },
            },
          });
          const local = (cc: string, title: string) => ({
            slug: title.toLowerCase().replace(/ /g, '-'),
            country_code: cc,
            title,
            operators: [
              {
                id: cc === 'GB' ? 1 : 2,
                type: 'local',
                title: `${title} Mobile`,
                countries: [{ country_code: cc, title }],
                packages: CATALOGUE.filter((p) => p.cc === cc && (includeTopup || p.type === 'sim')).map(pkg),
              },
            ],
          });
          const europe = {
            slug: 'europe',
            country_code: '',
            title: 'Europe',
            operators: [
              {
                id: 3,
                type: 'global',
                title: 'Eurolink',
                countries: [
                  { country_code: 'fr', title: 'France' },
                  { country_code: 'de', title: 'Germany' },
                ],
                packages: [pkg(GLOBAL_PACKAGE)],
              },
            ],
          };
          const links = (next: string | null) => ({
            first: `${base}/v2/packages?page=1`,
            last: `${base}/v2/packages?page=2`,
            prev: page > 1 ? `${base}/v2/packages?page=1` : null,
            next,
          });
          const meta = {
            message: 'success',
            current_page: page,
            from: 1,
            last_page: 2,
            path: `${base}/v2/packages`,
            per_page: '100',
            to: 3,
            total: 3,
          };
          const pricing = {
            model: this.opts.pricing?.model ?? 'net_pricing',
            discount_percentage: this.opts.pricing?.discountPercentage ?? 0,
          };
          if (unpaged)
            return HttpResponse.json({
              pricing,
              data: [local('GB', 'United Kingdom'), europe, local('US', 'United States')],
              meta: { message: 'success' },
            });
          if (page === 1)
            return HttpResponse.json({
              pricing,
              data: [local('GB', 'United Kingdom'), europe],
              links: links(`${base}/v2/packages?page=2`),
              meta,
            });
          // Later pages: an object keyed by the entry's index (Airalo's documented quirk).
          return HttpResponse.json({ pricing, data: { '2': local('US', 'United States') }, links: links(null), meta });
        }),
      ),
      // openapi/airalo-rest-api-endpoints-manage-orders-api-openapi.yml, GET /v2/orders (filter[description], a LIKE search)
      http.get(
        `${base}/v2/orders`,
        wrap('GET', '/v2/orders', ({ request }) => {
          const q = new URL(request.url).searchParams.get('filter[description]') ?? '';
          // A LIKE '%description%' search, as Airalo documents.
          const found = this.orders.filter((o) => o.description.includes(q));
          return HttpResponse.json({
            data: found.map((o) => this.orderBody(o)),
            links: { first: `${base}/v2/orders?page=1`, last: `${base}/v2/orders?page=1`, prev: null, next: null },
            meta: {
              message: 'success',
              current_page: 1,
              from: 1,
              last_page: 1,
              path: `${base}/v2/orders`,
              per_page: '50',
              to: found.length,
              total: found.length,
            },
          });
        }),
      ),
      // openapi/airalo-rest-api-endpoints-place-order-api-openapi.yml, POST /v2/orders (sync order → data.sims[])
      http.post(
        `${base}/v2/orders`,
        wrap('POST', '/v2/orders', async ({ request }) => {
          const form = new URLSearchParams(await request.text());
          const packageId = form.get('package_id') ?? '';
          // errors/airalo-problem-types.yml business_codes, by their sandbox_trigger packages: 33
          // (test-not-enough-7days-1gb) and 13 (test-maintenance-mode-7days-1gb), as 34 below.
          if (packageId.startsWith('test-not-enough'))
            return AiraloFake.businessError(33, 'Insufficient stock of eSIMs remaining: 0. Please try your request again later.');
          if (packageId.startsWith('test-maintenance-mode'))
            return AiraloFake.businessError(13, 'The requested operator is currently undergoing maintenance. Please try again later.');
          if (packageId.startsWith('test-out-of-stock'))
            return AiraloFake.businessError(
              34,
              'The requested eSIM package is invalid or it is currently out of stock. Please try again later.',
            );
          if (packageId.startsWith('test-insufficient-balance'))
            return AiraloFake.businessError(11, 'Insufficient Airalo Credit: 0.00 USD');
          if (!CATALOGUE.some((p) => p.id === packageId && p.type === 'sim')) {
            return HttpResponse.json(
              { data: { package_id: 'The selected package is invalid.' }, meta: { message: 'the parameter is invalid' } },
              { status: 422 },
            );
          }
          const order = this.makeOrder(form.get('description') ?? '', packageId);
          return HttpResponse.json({ data: this.orderBody(order), meta: { message: 'success' } });
        }),
      ),
      // openapi/airalo-rest-api-endpoints-place-order-api-openapi.yml, POST /v2/orders-async (→ data.request_id)
      http.post(
        `${base}/v2/orders-async`,
        wrap('POST', '/v2/orders-async', async ({ request }) => {
          const form = new URLSearchParams(await request.text());
          const requestId = `req${String(this.pendingAsync.length + this.orders.length + 1).padStart(22, '0')}`;
          this.pendingAsync.push({ requestId, description: form.get('description') ?? '', packageId: form.get('package_id') ?? '' });
          return HttpResponse.json(
            { data: { request_id: requestId, accepted_at: '2026-11-24 10:00' }, meta: { message: 'success' } },
            { status: 202 },
          );
        }),
      ),
      // openapi/airalo-rest-api-endpoints-manage-esims-api-openapi.yml, GET /v2/sims/{iccid}
      http.get(
        `${base}/v2/sims/:iccid`,
        wrap('GET', '/v2/sims/{iccid}', ({ params }) => {
          const sim = this.sims.get(params.iccid!);
          if (!sim) return AiraloFake.notFound();
          return HttpResponse.json({ data: this.simBody(sim), meta: { message: 'success' } });
        }),
      ),
      // openapi/airalo-rest-api-endpoints-monitor-usage-api-openapi.yml, GET /v2/sims/{iccid}/usage
      http.get(
        `${base}/v2/sims/:iccid/usage`,
        wrap('GET', '/v2/sims/{iccid}/usage', ({ params }) => {
          const sim = this.sims.get(params.iccid!);
          if (!sim) return AiraloFake.notFound();
          const total = sim.packages.reduce((n, p) => n + p.amount, 0);
          return HttpResponse.json({
            data: {
              remaining: Math.max(0, total - sim.usedMb),
              total,
              expired_at: sim.status === 'NOT_ACTIVE' ? null : '2026-12-05 10:00:00',
              is_unlimited: false,
              status: sim.status,
              remaining_voice: 0,
              remaining_text: 0,
              total_voice: 0,
              total_text: 0,
            },
            meta: { message: 'api.succes' },
          });
        }),
      ),
      // openapi/airalo-rest-api-endpoints-manage-esims-api-openapi.yml, GET /v2/sims/{iccid}/packages
      http.get(
        `${base}/v2/sims/:iccid/packages`,
        wrap('GET', '/v2/sims/{iccid}/packages', ({ params }) => {
          const sim = this.sims.get(params.iccid!);
          if (!sim) return AiraloFake.notFound();
          return HttpResponse.json({
            pricing: { model: 'net_pricing', discount_percentage: 0 },
            data: sim.packages.map((p) => ({
              id: p.id,
              status: sim.status,
              remaining: p.amount,
              activated_at: p.activatedAt,
              expired_at: null,
              finished_at: null,
              package: { id: p.packageId, type: 'sim', amount: p.amount, day: p.day, is_unlimited: false },
            })),
          });
        }),
      ),
      // openapi/airalo-rest-api-endpoints-top-up-esim-api-openapi.yml, GET /v2/sims/{iccid}/topups (error 73: recycled)
      http.get(
        `${base}/v2/sims/:iccid/topups`,
        wrap('GET', '/v2/sims/{iccid}/topups', ({ params }) => {
          const sim = this.sims.get(params.iccid!);
          if (!sim) return AiraloFake.notFound();
          if (sim.status === 'RECYCLED')
            return AiraloFake.businessError(
              73,
              `The eSIM with iccid ${sim.iccid} has been recycled. It can no longer be used or topped up.`,
            );
          const data = CATALOGUE.filter((p) => p.type === 'topup').map((p) => ({
            id: p.id,
            type: 'topup',
            price: p.price,
            net_price: p.net_price,
            amount: p.amount,
            day: p.day,
            is_unlimited: false,
            title: `${p.amount / 1024} GB - ${p.day} Days`,
            data: `${p.amount / 1024} GB`,
          }));
          return HttpResponse.json({ data, meta: { message: 'success' } });
        }),
      ),
      // openapi/airalo-rest-api-endpoints-top-up-esim-api-openapi.yml, POST /v2/orders/topups
      http.post(
        `${base}/v2/orders/topups`,
        wrap('POST', '/v2/orders/topups', async ({ request }) => {
          const form = new URLSearchParams(await request.text());
          const sim = this.sims.get(form.get('iccid') ?? '');
          if (!sim)
            return HttpResponse.json(
              { data: { iccid: 'The selected iccid is invalid.' }, meta: { message: 'the parameter is invalid' } },
              { status: 422 },
            );
          if (sim.status === 'RECYCLED')
            return AiraloFake.businessError(
              73,
              `The eSIM with iccid ${sim.iccid} has been recycled. It can no longer be used or topped up.`,
            );
          const pkg = CATALOGUE.find((p) => p.id === form.get('package_id') && p.type === 'topup');
          if (!pkg)
            return HttpResponse.json(
              { data: { package_id: 'The selected package id is invalid.' }, meta: { message: 'the parameter is invalid' } },
              { status: 422 },
            );
          const id = 583700 + this.orders.length + 1;
          this.orders.push({
            id,
            code: `20261124-${id}`,
            description: form.get('description') ?? '',
            type: 'topup',
            packageId: pkg.id,
            iccid: sim.iccid,
          });
          sim.packages.push({ id: id * 10, packageId: pkg.id, amount: pkg.amount, day: pkg.day, activatedAt: null });
          return HttpResponse.json({
            data: {
              id,
              code: `20261124-${id}`,
              currency: 'USD',
              package_id: pkg.id,
              quantity: '1',
              type: 'topup',
              description: form.get('description'),
              esim_type: 'Prepaid',
              validity: pkg.day,
              package: 'Top-up',
              data: `${pkg.amount / 1024} GB`,
              price: pkg.price,
              net_price: pkg.net_price,
            },
            meta: { message: 'success' },
          });
        }),
      ),
      // openapi/airalo-rest-api-endpoints-request-refund-api-openapi.yml, POST /v2/refund (202, manual review)
      http.post(
        `${base}/v2/refund`,
        wrap('POST', '/v2/refund', async ({ request }) => {
          const form = await request.formData();
          const iccids = form.getAll('iccids[]').map(String);
          if (iccids.length === 0)
            return HttpResponse.json({ data: [], meta: { message: 'The iccids field is required.' } }, { status: 422 });
          const unknown = iccids.filter((i) => !this.sims.has(i));
          if (unknown.length)
            return HttpResponse.json(
              { data: [], meta: { message: `The following ICCIDs do not belong to your company: ${unknown.join(', ')}` } },
              { status: 422 },
            );
          for (const i of iccids) this.sims.get(i)!.refunded = true;
          return HttpResponse.json(
            { data: { refund_id: '12345', created_at: '2026-11-24 10:30' }, meta: { message: 'success' } },
            { status: 202 },
          );
        }),
      ),
    ];
  }
}
