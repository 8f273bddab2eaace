// The connection doctor (issue 30): 'No internet?' on an eSIM's page walks the traveller through
// checks built from the eSIM's live state and their device's system. Pure and browser-safe (no zod,
// no db, no clock): the web builds the steps from the eSIM view it already has, the server builds the
// ticket's summary from the state it reads again. Table tests in connection-doctor.test.ts.
//
// What the shop knows (installed or not, data left, expired, the plan's APN and networks) decides
// which checks come and in which order; what only the phone knows (the line chosen for mobile data,
// data roaming, the network picked) is asked: each step says what to tap, and the traveller answers
// 'That fixed it' or 'Still no internet'.
import type { EsimPlanStateValue, EsimProfileStateValue, EsimTravellerStatus } from './esim-life.ts';
import type { PlanOperator } from './plan-facts.ts';

export const DOCTOR_PLATFORMS = ['ios', 'android'] as const;
export type TDoctorPlatform = (typeof DOCTOR_PLATFORMS)[number];

/** Every check the doctor knows, in the order it would ever ask them. */
export const DOCTOR_STEP_IDS = [
  'refunded',
  'removed',
  'expired',
  'usedUp',
  'install',
  'dataLine',
  'roaming',
  'apn',
  'network',
  'restart',
] as const;
export type TDoctorStepId = (typeof DOCTOR_STEP_IDS)[number];

export const DOCTOR_ANSWERS = ['fixed', 'notFixed'] as const;
export type TDoctorAnswer = (typeof DOCTOR_ANSWERS)[number];

/**
 * One thing to tap (or do) on the phone, as the id of a `doctor` text (`taps.<platform>.<id>`).
 * The texts name the system's own labels in the traveller's language.
 */
export type TDoctorTap =
  // install
  | 'openSettings'
  | 'addEsim'
  | 'scanQr'
  | 'followPrompts'
  // the line used for mobile data
  | 'openMobileSettings'
  | 'openEsimLine'
  | 'turnOnLine'
  | 'chooseDataLine'
  | 'mobileDataOn'
  // roaming
  | 'dataRoamingOn'
  // APN
  | 'openApn'
  | 'addApn'
  | 'enterApn'
  | 'saveApn'
  // network selection
  | 'openNetworkSelection'
  | 'automaticOff'
  | 'pickOperator'
  // restart
  | 'airplaneOn'
  | 'wait'
  | 'airplaneOff'
  | 'restartPhone';

/** What the shop can do about a step, on the same page. */
export type TDoctorAction = 'install' | 'topUp' | 'newPlan' | null;

export interface DoctorNetworks {
  /** ISO alpha-2, upper case. */
  country: string;
  /** The operators in that country, as the provider names them (with the generation when said). */
  operators: Array<{ name: string; generation: '3G' | '4G' | '5G' | null }>;
}

export interface DoctorStep {
  id: TDoctorStepId;
  /** The button the step shows (installation details, the top-ups, a new plan), if any. */
  action: TDoctorAction;
  /** The taps on the chosen system, in order (empty for a step the phone cannot fix). */
  taps: TDoctorTap[];
  /** The APN to type (the 'apn' step). */
  apn?: string;
  /** The plan's networks per country (the 'network' step); empty when the provider named none. */
  networks?: DoctorNetworks[];
  /** The eSIM's line is switched off on the phone (profile 'disabled'): the data-line step starts by turning it on. */
  lineOff?: boolean;
}

/** What the doctor reads from the eSIM (the eSIM page's view has all of it). */
export interface DoctorFacts {
  status: EsimTravellerStatus;
  profileState: EsimProfileStateValue;
  planState: EsimPlanStateValue;
  usage: { usedMb: number; totalMb: number | null; remainingMb: number | null };
  daysLeft: number | null;
  /** More data can be bought for this eSIM. */
  canTopUp: boolean;
  apn: string;
  /** Per system when the provider gives one each ('' = automatic there); null: `apn`. */
  apnIos: string | null;
  apnAndroid: string | null;
  /** The plan's networks (plan facts); empty when the provider named none. */
  operators: readonly PlanOperator[];
}

/** The eSIM view (esims.get / esimLinks.get) → the doctor's facts. */
export function doctorFactsOf(view: {
  status: EsimTravellerStatus;
  profileState: EsimProfileStateValue;
  planState: EsimPlanStateValue;
  usage: { usedMb: number; totalMb: number | null; remainingMb: number | null };
  daysLeft: number | null;
  canTopUp: boolean;
  apn: string;
  apnIos: string | null;
  apnAndroid: string | null;
  planFacts: { provided?: { operators?: readonly PlanOperator[] | undefined } | null | undefined } | null;
}): DoctorFacts {
  return {
    status: view.status,
    profileState: view.profileState,
    planState: view.planState,
    usage: { usedMb: view.usage.usedMb, totalMb: view.usage.totalMb, remainingMb: view.usage.remainingMb },
    daysLeft: view.daysLeft,
    canTopUp: view.canTopUp,
    apn: view.apn,
    apnIos: view.apnIos,
    apnAndroid: view.apnAndroid,
    operators: view.planFacts?.provided?.operators ?? [],
  };
}

/** The APN to type on that system; '' when the system sets it on its own. */
export function apnFor(facts: Pick<DoctorFacts, 'apn' | 'apnIos' | 'apnAndroid'>, platform: TDoctorPlatform): string {
  const own = platform === 'ios' ? facts.apnIos : facts.apnAndroid;
  return (own ?? facts.apn).trim();
}

/** The plan's operators grouped by country (first-seen order), duplicates dropped. */
export function networksOf(operators: readonly PlanOperator[]): DoctorNetworks[] {
  const out: DoctorNetworks[] = [];
  for (const op of operators) {
    const country = op.country.trim().toUpperCase();
    const name = op.name.trim();
    if (!country || !name) continue;
    let group = out.find((g) => g.country === country);
    if (!group) {
      group = { country, operators: [] };
      out.push(group);
    }
    if (!group.operators.some((o) => o.name.toLowerCase() === name.toLowerCase())) {
      group.operators.push({ name, generation: op.generation ?? null });
    }
  }
  return out;
}

/** No data left on a plan with a data allowance (or the provider says the plan is finished). */
export function isUsedUp(facts: Pick<DoctorFacts, 'status' | 'usage'>): boolean {
  if (facts.status === 'depleted') return true;
  return facts.usage.totalMb !== null && facts.usage.remainingMb !== null && facts.usage.remainingMb <= 0;
}

const TAPS: Record<Exclude<TDoctorStepId, 'refunded' | 'removed' | 'expired' | 'usedUp'>, Record<TDoctorPlatform, TDoctorTap[]>> = {
  // iOS: Settings › Cellular › Add eSIM › Use QR Code. Android: Settings › Network & internet › SIMs › Add SIM › scan.
  install: {
    ios: ['openSettings', 'openMobileSettings', 'addEsim', 'scanQr', 'followPrompts'],
    android: ['openSettings', 'openMobileSettings', 'addEsim', 'scanQr', 'followPrompts'],
  },
  // iOS: Settings › Cellular › Cellular Data on › Cellular Data › the eSIM. Android: Settings › Network & internet › SIMs › the eSIM › Mobile data.
  dataLine: {
    ios: ['openSettings', 'openMobileSettings', 'mobileDataOn', 'chooseDataLine'],
    android: ['openSettings', 'openMobileSettings', 'openEsimLine', 'mobileDataOn'],
  },
  roaming: {
    ios: ['openSettings', 'openMobileSettings', 'openEsimLine', 'dataRoamingOn'],
    android: ['openSettings', 'openMobileSettings', 'openEsimLine', 'dataRoamingOn'],
  },
  // iOS: … › the eSIM › Cellular Data Network › APN. Android: … › the eSIM › Access Point Names › + › APN › Save.
  apn: {
    ios: ['openSettings', 'openMobileSettings', 'openEsimLine', 'openApn', 'enterApn', 'saveApn'],
    android: ['openSettings', 'openMobileSettings', 'openEsimLine', 'openApn', 'addApn', 'enterApn', 'saveApn'],
  },
  network: {
    ios: ['openSettings', 'openMobileSettings', 'openEsimLine', 'openNetworkSelection', 'automaticOff', 'pickOperator'],
    android: ['openSettings', 'openMobileSettings', 'openEsimLine', 'openNetworkSelection', 'automaticOff', 'pickOperator'],
  },
  restart: {
    ios: ['airplaneOn', 'wait', 'airplaneOff', 'restartPhone'],
    android: ['airplaneOn', 'wait', 'airplaneOff', 'restartPhone'],
  },
};

/**
 * The checks for this eSIM on this system, in the order to try them.
 *  - refunded: the eSIM no longer works → a new plan, nothing else;
 *  - removed from the phone (profile 'deleted'): it cannot be installed again → a new plan;
 *  - expired → a new plan; used up → a top-up (a new plan when none can be bought), then a restart;
 *  - not installed yet → how to install it, then the checks of an installed eSIM (the shop may not
 *    have heard of the installation yet);
 *  - installed: the line used for mobile data (turned on first when it is off), data roaming, the APN
 *    (only when the plan has one to type on that system), the network (the plan's operators), a restart.
 */
export function buildDoctorSteps(facts: DoctorFacts, platform: TDoctorPlatform): DoctorStep[] {
  if (facts.status === 'refunded') return [{ id: 'refunded', action: 'newPlan', taps: [] }];
  if (facts.profileState === 'deleted') return [{ id: 'removed', action: 'newPlan', taps: [] }];
  if (facts.status === 'expired' || facts.planState === 'expired') return [{ id: 'expired', action: 'newPlan', taps: [] }];
  const restart: DoctorStep = { id: 'restart', action: null, taps: [...TAPS.restart[platform]] };
  if (isUsedUp(facts)) return [{ id: 'usedUp', action: facts.canTopUp ? 'topUp' : 'newPlan', taps: [] }, restart];

  const steps: DoctorStep[] = [];
  if (facts.profileState === 'released') steps.push({ id: 'install', action: 'install', taps: [...TAPS.install[platform]] });
  const lineOff = facts.profileState === 'disabled';
  const dataLine = [...TAPS.dataLine[platform]];
  // A line switched off: open it and turn it on ('Turn On This Line' / 'Use SIM') before choosing it for data.
  if (lineOff) {
    const at = dataLine.indexOf('openEsimLine');
    if (at >= 0) dataLine.splice(at + 1, 0, 'turnOnLine');
    else dataLine.splice(2, 0, 'openEsimLine', 'turnOnLine');
  }
  steps.push({ id: 'dataLine', action: null, taps: dataLine, ...(lineOff ? { lineOff: true } : {}) });
  steps.push({ id: 'roaming', action: null, taps: [...TAPS.roaming[platform]] });
  const apn = apnFor(facts, platform);
  if (apn) steps.push({ id: 'apn', action: null, taps: [...TAPS.apn[platform]], apn });
  steps.push({ id: 'network', action: null, taps: [...TAPS.network[platform]], networks: networksOf(facts.operators) });
  steps.push(restart);
  return steps;
}

// ── the ticket's summary (for the support agents: the back office is English) ────────────────
const STEP_NAMES: Record<TDoctorStepId, string> = {
  refunded: 'eSIM refunded',
  removed: 'eSIM removed from the phone',
  expired: 'Plan expired',
  usedUp: 'Data used up',
  install: 'Install the eSIM',
  dataLine: 'eSIM chosen for mobile data',
  roaming: 'Data roaming on',
  apn: 'APN',
  network: 'Network selection',
  restart: 'Airplane mode / restart',
};

export interface DoctorAnswerRow {
  step: TDoctorStepId;
  answer: TDoctorAnswer;
}

function mb(n: number): string {
  return n >= 1024 ? `${(n / 1024).toFixed(2)} GB` : `${n} MB`;
}

/**
 * The block a 'Still need help' ticket carries: the ICCID, the eSIM's states as the server reads
 * them now, the device, and what the traveller answered at each step, in order.
 */
export function doctorTicketSummary(args: {
  iccid: string;
  facts: DoctorFacts;
  platform: TDoctorPlatform;
  answers: readonly DoctorAnswerRow[];
  userAgent?: string;
}): string {
  const { facts } = args;
  const { usedMb, totalMb, remainingMb } = facts.usage;
  const data = totalMb === null ? `${mb(usedMb)} used of unlimited` : `${mb(usedMb)} used of ${mb(totalMb)} (${mb(remainingMb ?? 0)} left)`;
  const days = facts.daysLeft === null ? 'not started (starts at the first connection)' : String(facts.daysLeft);
  const apn = (p: TDoctorPlatform) => apnFor(facts, p) || 'automatic';
  const networks = networksOf(facts.operators)
    .map((g) => `${g.country}: ${g.operators.map((o) => (o.generation ? `${o.name} (${o.generation})` : o.name)).join(', ')}`)
    .join('; ');
  const lines = [
    'Connection doctor: still no internet',
    `ICCID: ${args.iccid}`,
    `Status: ${facts.status} (profile ${facts.profileState}, plan ${facts.planState})`,
    `Data: ${data}`,
    `Days left: ${days}`,
    `APN: iOS ${apn('ios')}, Android ${apn('android')}`,
    `Networks: ${networks || 'not named by the provider'}`,
    `Device: ${args.platform === 'ios' ? 'iPhone / iPad (iOS)' : 'Android'}`,
  ];
  if (args.userAgent) lines.push(`Browser: ${args.userAgent.slice(0, 300)}`);
  lines.push('', 'Answers:');
  if (args.answers.length === 0) lines.push('(none)');
  args.answers.forEach((a, i) => {
    lines.push(`${i + 1}. ${STEP_NAMES[a.step]}: ${a.answer === 'fixed' ? 'that fixed it' : 'still no internet'}`);
  });
  return lines.join('\n');
}
