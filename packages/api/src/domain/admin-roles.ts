// Back-office roles (issue 27). An admin account is one of:
//   owner      everything
//   support    orders, customers, refunds up to a configured amount, resend, the inbox; customers'
//              e-mail and phone masked until a logged 'reveal'
//   catalogue  regions, plans, rates, catalogue sync
// Every admin procedure declares the roles it lets in (`.meta({ roles })`); adminProcedure refuses
// a procedure that declares none (fail closed) and test/admin-roles.test.ts walks every one.

/** The same three as @esim/db's AdminRole (users.admin_role); domain/ does not import the db. */
export const ADMIN_ROLES = ['owner', 'support', 'catalogue'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

/** What a procedure may declare: who may call it. Read by adminProcedure. */
export interface ProcedureMeta {
  roles?: readonly AdminRole[];
  /** Its answer holds customers' e-mail addresses and phone numbers: masked for all but an owner. */
  masksPersonalData?: boolean;
}

/** The usual declarations, named once so the routers read as a table. */
export const ROLES = {
  ownerOnly: { roles: ['owner'] },
  support: { roles: ['owner', 'support'] },
  /** Support's, with customers' e-mail and phone masked for support (shown after a logged reveal). */
  supportMasked: { roles: ['owner', 'support'], masksPersonalData: true },
  catalogue: { roles: ['owner', 'catalogue'] },
  everyAdmin: { roles: ['owner', 'support', 'catalogue'] },
} as const satisfies Record<string, ProcedureMeta>;

/** May an admin with `role` call a procedure that declares `allowed`? No declaration → nobody. */
export function roleAllows(role: AdminRole | null, allowed: readonly AdminRole[] | undefined): boolean {
  if (!role || !allowed || allowed.length === 0) return false;
  return allowed.includes(role);
}

export function isAdminRole(v: unknown): v is AdminRole {
  return typeof v === 'string' && (ADMIN_ROLES as readonly string[]).includes(v);
}

/** 'alice@example.com' → 'a•••e@e•••.com'; keeps enough to tell two apart, not enough to write to. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  const head = (s: string) => (s.length <= 1 ? `${s}•••` : `${s[0]}•••${s.length > 3 ? s[s.length - 1] : ''}`);
  return `${head(local)}@${head(host)}${tld}`;
}

/** '+44 7700 900123' → '•••••••••23': the last two digits only. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length <= 2) return '•••';
  return `${'•'.repeat(Math.min(digits.length - 2, 9))}${digits.slice(-2)}`;
}

/** The keys whose string values are a person's address or number, wherever they sit in an answer. */
const MASKED_KEYS: Record<string, (v: string) => string> = {
  email: maskEmail,
  mobile: maskPhone,
  phone: maskPhone,
  // A dispute's evidence text (issue 31): every address in it, and the purchase's IP address.
  evidence: (v) =>
    v
      .replace(/[^\s@<>()"']+@[^\s@<>()"']+\.[^\s@<>()"']+/g, (m) => maskEmail(m))
      .replace(/^(Purchase IP address: )([^;\s]+)/m, (_m, label: string, ip: string) => `${label}${maskIp(ip)}`),
};

/** '203.0.113.7' → '203.0.•••', '2001:db8:85a3::1' → '2001:db8:•••': the network, not the host. */
export function maskIp(ip: string): string {
  const v4 = /^(\d{1,3})\.(\d{1,3})\./.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.•••`;
  const groups = ip.split(':').filter(Boolean);
  return groups.length >= 2 ? `${groups[0]}:${groups[1]}:•••` : '•••';
}

/**
 * A copy of `value` with every e-mail address and phone number masked (support's view of orders,
 * customers and jobs). Never changes `value` itself: answers may be cached and frozen.
 */
export function maskPersonalData<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => maskPersonalData(v)) as T;
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const mask = MASKED_KEYS[k];
    out[k] = mask && typeof v === 'string' ? mask(v) : maskPersonalData(v);
  }
  return out as T;
}

/** Does `role` see personal data masked in answers that declare `masksPersonalData`? */
export function seesMaskedData(role: AdminRole | null): boolean {
  return role !== 'owner';
}
