// Checking a buyer's VAT ID against VIES, the European Commission's VAT Information Exchange System.
// One interface; the HTTP client for the Commission's REST API and a fake for tests.
//
// Contract (the VIES REST API, published by the Commission on the VIES "Technical information"
// page, https://ec.europa.eu/taxation_customs/vies/#/technical-information, OpenAPI description of
// `POST /check-vat-number`):
//   request  { "countryCode": "DE", "vatNumber": "123456789" }   (the number without its prefix;
//            Greece is 'EL', Northern Ireland 'XI')
//   200      { "countryCode", "vatNumber", "requestDate", "valid": true|false, "name", "address", … }
//   errors   { "actionSucceed": false, "errorWrappers": [{ "error": "MS_UNAVAILABLE" | "TIMEOUT" |
//            "SERVICE_UNAVAILABLE" | "MS_MAX_CONCURRENT_REQ" | "GLOBAL_MAX_CONCURRENT_REQ" |
//            "INVALID_INPUT" | … }] }
// Anything but a clear valid/invalid answer (an error wrapper, a non-2xx, a timeout, a network
// failure) is 'unavailable': the sale and the invoice never wait for VIES, and the invoice then
// says the ID was not verified.

export type ViesAnswer = 'valid' | 'invalid' | 'unavailable';

export interface VatIdChecker {
  /** `country` is the VIES prefix (EL for Greece, XI for Northern Ireland); `number` has no prefix. */
  check(country: string, number: string): Promise<ViesAnswer>;
}

export interface ViesHttpOptions {
  /** Default: https://ec.europa.eu/taxation_customs/vies/rest-api */
  baseUrl?: string | undefined;
  /** Give up after this long (default 4 s): 'unavailable'. */
  timeoutMs?: number | undefined;
  fetch?: typeof fetch | undefined;
}

export function createViesChecker(opts: ViesHttpOptions = {}): VatIdChecker {
  const base = (opts.baseUrl ?? 'https://ec.europa.eu/taxation_customs/vies/rest-api').replace(/\/+$/, '');
  const doFetch = opts.fetch ?? fetch;
  return {
    async check(country, number) {
      try {
        const res = await doFetch(`${base}/check-vat-number`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ countryCode: country, vatNumber: number }),
          signal: AbortSignal.timeout(opts.timeoutMs ?? 4000),
        });
        if (!res.ok) return 'unavailable';
        const body = (await res.json()) as { valid?: unknown; errorWrappers?: unknown };
        if (Array.isArray(body.errorWrappers) && body.errorWrappers.length > 0) return 'unavailable';
        if (body.valid === true) return 'valid';
        if (body.valid === false) return 'invalid';
        return 'unavailable';
      } catch {
        return 'unavailable';
      }
    },
  };
}

/**
 * A stand-in for tests: `valid` lists the IDs (prefix + number, 'DE123456789') VIES knows;
 * `down: true` answers like an unreachable service. Records every question.
 */
export function fakeViesChecker(
  opts: { valid?: readonly string[]; down?: boolean } = {},
): VatIdChecker & { asked: string[]; down: boolean } {
  const known = new Set(opts.valid ?? []);
  const fake = {
    asked: [] as string[],
    down: opts.down ?? false,
    async check(country: string, number: string): Promise<ViesAnswer> {
      fake.asked.push(`${country}${number}`);
      if (fake.down) return 'unavailable';
      return known.has(`${country}${number}`) ? 'valid' : 'invalid';
    },
  };
  return fake;
}
