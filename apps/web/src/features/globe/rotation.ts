/**
 * Pure rotation logic for the globe: constants from spec section 9, presets,
 * angle arithmetic, easing and the auto-rotation step. No DOM, no d3.
 *
 * A rotation is d3's `projection.rotate([λ, φ])` pair. With d3's convention a
 * point at longitude L is drawn at L + λ, so the longitude facing the viewer is
 * −λ and increasing λ spins the Earth the way it really turns (west → east).
 *
 * The spec's preset "angles" (EU 0, UK 10, US 80, CN 280, AE 320, AU 240,
 * ZA 345) are used verbatim as λ. Under that reading every preset faces its
 * region: the centre longitude −λ is 0° (EU), 10°W (UK), 80°W (US), 80°E (CN),
 * 40°E (AE), 120°E (AU) and 15°E (ZA), each within ~25° of the region. The
 * other reading (centre = +angle) would put India in front for US, so it is
 * not the intended one. The spec gives no tilt; we add one (φ) per preset so
 * the region sits near the vertical centre too (Australia and South Africa
 * tilt the south pole towards the viewer).
 */

export const ROTATE_STEP_DEG = 1;
export const ROTATE_INTERVAL_MS = 100;
/** Duration of the rotate-to animation when a region is chosen. */
export const ROTATE_TO_DURATION_MS = 1500;
/** How long the parent waits after a globe selection before scrolling to the plans. */
export const GLOBE_SCROLL_DELAY_MS = 1500;
/** Resting tilt: φ = −20 puts 20°N at the centre, showing more of the inhabited north. */
export const DEFAULT_TILT_DEG = -20;
/** Tilts further than this look odd (the globe "falls over"). */
export const MAX_TILT_DEG = 40;

export type Rotation = readonly [lambda: number, phi: number];

export const INITIAL_ROTATION: Rotation = [-10, DEFAULT_TILT_DEG];

/** Spec section 9, as λ (see the note at the top of the file). */
export const PRESET_ANGLES = {
  EU: 0,
  UK: 10,
  US: 80,
  CN: 280,
  AE: 320,
  AU: 240,
  ZA: 345,
} as const satisfies Record<string, number>;

export type PresetCode = keyof typeof PRESET_ANGLES;

/** Our addition: latitude to centre on for each preset (φ = −latitude, clamped). */
const PRESET_LATITUDES: Readonly<Record<PresetCode, number>> = {
  EU: 45,
  UK: 48,
  US: 38,
  CN: 33,
  AE: 24,
  AU: -25,
  ZA: -28,
};

export function isPresetCode(code: string): code is PresetCode {
  return Object.hasOwn(PRESET_ANGLES, code);
}

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

/** The tilt φ that centres a latitude, limited to ±MAX_TILT_DEG. */
export function tiltForLatitude(latitude: number): number {
  return clamp(-latitude, -MAX_TILT_DEG, MAX_TILT_DEG);
}

/** The preset rotation for a region code, or null when the spec gives none. */
export function presetRotation(code: string | null | undefined): Rotation | null {
  if (!code) return null;
  const key = code.toUpperCase();
  if (!isPresetCode(key)) return null;
  return [PRESET_ANGLES[key], tiltForLatitude(PRESET_LATITUDES[key])];
}

/** The rotation that faces a [longitude, latitude] point (e.g. a country's centroid). */
export function rotationToFace([longitude, latitude]: readonly [number, number]): Rotation {
  return [normalizeAngle(-longitude), tiltForLatitude(latitude)];
}

/** Wraps an angle into [−180, 180). */
export function normalizeAngle(angle: number): number {
  const wrapped = ((((angle + 180) % 360) + 360) % 360) - 180;
  return wrapped === -0 ? 0 : wrapped;
}

/** Signed difference to − from, the short way round, in [−180, 180). */
export function shortestDelta(from: number, to: number): number {
  return normalizeAngle(to - from);
}

/** Interpolates between two angles along the shorter arc; t in [0, 1]. */
export function lerpAngle(from: number, to: number, t: number): number {
  return from + shortestDelta(from, to) * t;
}

/** Cubic ease-in-out, clamped to [0, 1]. */
export function easeInOutCubic(t: number): number {
  const x = clamp(t, 0, 1);
  return x < 0.5 ? 4 * x * x * x : 1 - (-2 * x + 2) ** 3 / 2;
}

/**
 * The rotation at `elapsedMs` into a rotate-to animation (eased, short way
 * round for λ; φ never wraps). Returns the target exactly once elapsed ≥ duration.
 */
export function rotationAt(from: Rotation, to: Rotation, elapsedMs: number, durationMs: number): Rotation {
  if (durationMs <= 0 || elapsedMs >= durationMs) return [normalizeAngle(to[0]), to[1]];
  const k = easeInOutCubic(elapsedMs / durationMs);
  return [normalizeAngle(lerpAngle(from[0], to[0], k)), from[1] + (to[1] - from[1]) * k];
}

/**
 * Auto-rotation: advances λ by ROTATE_STEP_DEG per ROTATE_INTERVAL_MS of
 * elapsed time (10°/s), continuously rather than in visible 1° jumps.
 */
export function advanceLambda(lambda: number, elapsedMs: number): number {
  return normalizeAngle(lambda + (Math.max(0, elapsedMs) * ROTATE_STEP_DEG) / ROTATE_INTERVAL_MS);
}
