// Exchange rates behind one interface (issue 28): a provider answers the latest published rates
// as integer micros per 1 USD (the exchange_rates table's unit). Two of them:
//   FakeExchangeRates: set by tests; never leaves the process.
//   EcbDailyRates: the European Central Bank's daily euro foreign exchange reference rates,
//     'eurofxref-daily.xml', described at
//     https://www.ecb.europa.eu/stats/policy_and_exchange_rates/euro_reference_exchange_rates/html/index.en.html
//     ("The reference rates are usually updated at around 16:00 CET every working day"). The
//     document is a gesmes:Envelope whose Cube holds one <Cube time='YYYY-MM-DD'> with one
//     <Cube currency='XXX' rate='n.nnnn'/> per currency: units of XXX per 1 EUR. EUR itself is
//     implied (1), and the list has no AED (the dirham is pegged to the dollar, 3.6725: its stored
//     rate stays). The URL is configuration (EXCHANGE_RATES_FEED_URL, off by default), so no
//     outside host is contacted unless an operator asks for it.
// Cross rates are exact: every rate is read as a decimal string into integers (BigInt), so
// 1 USD = rate(X) / rate(USD) X is rounded half up once, to the micro.

/** The latest rates: the day they were published for, and units per 1 USD × 1,000,000. */
export interface RateSnapshot {
  /** 'YYYY-MM-DD': the publication's reference day. */
  date: string;
  perUsdMicros: Record<string, number>;
}

export interface ExchangeRateProvider {
  /** 'ecb', 'fake': written to exchange_rates.source as 'feed:<name>'. */
  readonly name: string;
  latest(): Promise<RateSnapshot>;
}

export class RatesFeedError extends Error {
  override name = 'RatesFeedError';
}

/** What the ECB document says: the reference day and each currency's rate per 1 EUR, as written. */
export interface EcbDaily {
  date: string;
  perEur: Record<string, string>;
}

const DECIMAL = /^\d{1,12}(?:\.\d{1,12})?$/;

/** Reads the attribute `name` of one tag's text (single or double quotes, as XML allows). */
function attr(tag: string, name: string): string | null {
  const m = new RegExp(`\\s${name}\\s*=\\s*(?:'([^']*)'|"([^"]*)")`).exec(tag);
  return m ? (m[1] ?? m[2] ?? null) : null;
}

/**
 * Parses eurofxref-daily.xml (the format above). Throws a RatesFeedError when it is not that
 * document: no dated Cube, a second date, a rate that is not a positive decimal, a code that is
 * not three letters, or a currency twice.
 */
export function parseEcbDaily(xml: string): EcbDaily {
  if (!/<gesmes:Envelope\b/.test(xml) || !/eurofxref/.test(xml)) throw new RatesFeedError('not an ECB eurofxref document');
  let date: string | null = null;
  const perEur: Record<string, string> = {};
  for (const m of xml.matchAll(/<Cube\b([^>]*?)\/?>/g)) {
    const tag = m[1] ?? '';
    const time = attr(tag, 'time');
    if (time !== null) {
      if (date !== null) throw new RatesFeedError('more than one day in a daily document');
      if (!/^\d{4}-\d{2}-\d{2}$/.test(time) || Number.isNaN(Date.parse(`${time}T00:00:00Z`))) throw new RatesFeedError(`bad day ${time}`);
      date = time;
      continue;
    }
    const currency = attr(tag, 'currency');
    const rate = attr(tag, 'rate');
    if (currency === null && rate === null) continue; // the outer <Cube>
    if (date === null) throw new RatesFeedError('a rate before its day');
    if (currency === null || !/^[A-Z]{3}$/.test(currency)) throw new RatesFeedError(`bad currency code ${currency}`);
    if (rate === null || !DECIMAL.test(rate) || !/[1-9]/.test(rate)) throw new RatesFeedError(`bad rate for ${currency}: ${rate}`);
    if (currency in perEur) throw new RatesFeedError(`${currency} twice`);
    perEur[currency] = rate;
  }
  if (date === null) throw new RatesFeedError('no reference day');
  if (!perEur.USD) throw new RatesFeedError('no USD rate: the cross rates need it');
  return { date, perEur };
}

/** '1.0705' → 10705n and its scale 10^4. */
function decimal(text: string): { n: bigint; scale: bigint } {
  const [whole = '0', frac = ''] = text.split('.');
  return { n: BigInt(whole + frac), scale: 10n ** BigInt(frac.length) };
}

/** Units of each currency per 1 USD × 1e6, from per-EUR rates: X/USD = rate(X) / rate(USD); EUR = 1 / rate(USD). */
export function ecbPerUsdMicros(daily: EcbDaily): Record<string, number> {
  const usd = decimal(daily.perEur.USD!);
  const out: Record<string, number> = { USD: 1_000_000 };
  const cross = (x: { n: bigint; scale: bigint }): number => {
    // (x.n / x.scale) / (usd.n / usd.scale) × 1e6, rounded half up.
    const num = x.n * usd.scale * 1_000_000n;
    const den = x.scale * usd.n;
    return Number((2n * num + den) / (2n * den));
  };
  out.EUR = cross({ n: 1n, scale: 1n });
  for (const [code, rate] of Object.entries(daily.perEur)) if (code !== 'USD') out[code] = cross(decimal(rate));
  return out;
}

export class FakeExchangeRates implements ExchangeRateProvider {
  readonly name = 'fake';
  calls = 0;
  constructor(public snapshot: RateSnapshot | Error) {}
  async latest(): Promise<RateSnapshot> {
    this.calls++;
    if (this.snapshot instanceof Error) throw this.snapshot;
    return { date: this.snapshot.date, perUsdMicros: { ...this.snapshot.perUsdMicros } };
  }
}

export class EcbDailyRates implements ExchangeRateProvider {
  readonly name = 'ecb';
  constructor(
    private readonly url: string,
    private readonly fetchFn: typeof fetch = fetch,
    private readonly timeoutMs = 15_000,
  ) {}

  async latest(): Promise<RateSnapshot> {
    const res = await this.fetchFn(this.url, {
      headers: { accept: 'application/xml, text/xml' },
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!res.ok) throw new RatesFeedError(`the rates feed answered ${res.status}`);
    const daily = parseEcbDaily(await res.text());
    return { date: daily.date, perUsdMicros: ecbPerUsdMicros(daily) };
  }
}
