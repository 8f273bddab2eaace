// The e-mails of an eSIM's life: usage alerts (50/80/90%), one day of validity left, a top-up
// applied, a renewal's receipt and a failed renewal.
import { escapeHtml, type RenderedEmail } from '../domain/email-templates.ts';
import type { EmailPlan } from './render.ts';

export type EsimLifeKind = 'usage_50' | 'usage_80' | 'usage_90' | 'validity_1d' | 'topup_applied' | 'renewal_receipt' | 'renewal_failed';

export interface EsimLifeEmailFacts {
  kind: EsimLifeKind;
  productName: string;
  supportEmail: string;
  locale: string | null | undefined;
  orderId: string;
  iccid: string;
  plan: EmailPlan;
  /** The eSIM's page (top-up, usage) in the traveller's language. */
  esimUrl: string;
  /** The package's data (null: unlimited) and how much of it is used. */
  packageDataMb: number | null;
  packageUsedMb: number;
  daysLeft: number | null;
  expiresAt: string | null;
  /** The whole eSIM: used and total over every package. */
  esimUsedMb: number;
  esimTotalMb: number | null;
  amountMinor: number;
  currency: string;
  periodStart: string;
  validityDays: number;
}

export function renderEsimLifeEmail(f: EsimLifeEmailFacts): RenderedEmail {
  const subject = `${f.productName}: ${f.kind} (${f.iccid})`;
  const text = [subject, '', f.esimUrl, ''].join('\n');
  return { subject, text, html: `<p>${escapeHtml(subject)}</p><p><a href="${escapeHtml(f.esimUrl)}">${escapeHtml(f.esimUrl)}</a></p>` };
}
