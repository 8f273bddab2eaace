// What the connection doctor reads from the eSIM page and what it can ask the page to show.
import type { EsimDetail } from '../esim/esim-types.ts';

export type DoctorEsim = Pick<
  EsimDetail,
  | 'iccid'
  | 'planId'
  | 'planFacts'
  | 'status'
  | 'profileState'
  | 'planState'
  | 'usage'
  | 'daysLeft'
  | 'canTopUp'
  | 'apn'
  | 'apnIos'
  | 'apnAndroid'
>;

/** The page's own sections a step's button leads to (the dialog closes first). */
export interface DoctorTargets {
  /** The installation details (QR code, one-tap link, manual details). */
  showInstall: () => void;
  /** The top-ups of this eSIM. */
  showTopUps: () => void;
}

/** Moves to a section of the page by its heading's id: scrolled into view and focused. */
export function focusHeading(id: string): void {
  const el = document.getElementById(id);
  if (!el) return;
  if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  el.scrollIntoView?.({ block: 'start' });
  el.focus({ preventScroll: true });
}
