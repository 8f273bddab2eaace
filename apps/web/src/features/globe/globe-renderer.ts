import { geoGraticule10, geoOrthographic, geoPath } from 'd3-geo';
import type { GeoPath, GeoPermissibleObjects, GeoProjection } from 'd3-geo';
import { MARKER_RADIUS_PX, codeNear, countryAt, countryNear, isVisible } from './hit-test.ts';
import { INITIAL_ROTATION, advanceLambda, rotationAt } from './rotation.ts';
import type { Rotation } from './rotation.ts';
import type { CountryFeature, WorldData } from './world.ts';

export interface GlobeColors {
  /** Ocean at the lit (upper left) side of the sphere. */
  ocean: string;
  /** Ocean at the rim. */
  oceanEdge: string;
  land: string;
  border: string;
  graticule: string;
  /** Countries of the selected region. */
  highlight: string;
  /** Countries the shop sells (the coverage map), beneath the selection. */
  covered: string;
  /** Country under the pointer. */
  hover: string;
  outline: string;
  /** Soft halo around the sphere. */
  glow: string;
}

/** Mantine's default blue/gray palette; used when the CSS variables are absent. */
export const DEFAULT_GLOBE_COLORS: GlobeColors = {
  ocean: '#e7f5ff',
  oceanEdge: '#a5d8ff',
  land: '#ced4da',
  border: '#ffffff',
  graticule: 'rgba(28, 126, 214, 0.12)',
  highlight: '#1c7ed6',
  covered: '#74c0fc',
  hover: '#74c0fc',
  outline: 'rgba(25, 113, 194, 0.35)',
  glow: 'rgba(34, 139, 230, 0.35)',
};

/** Which Mantine variable feeds which colour (the primary colour follows the theme). */
const THEME_VARIABLES: Partial<Record<keyof GlobeColors, string>> = {
  ocean: '--mantine-primary-color-0',
  oceanEdge: '--mantine-primary-color-2',
  land: '--mantine-color-gray-4',
  highlight: '--mantine-primary-color-7',
  covered: '--mantine-primary-color-4',
  hover: '--mantine-primary-color-3',
};

/** Resolves colours: explicit overrides, then Mantine CSS variables on `element`, then defaults. */
export function resolveGlobeColors(element: Element | null, overrides?: Partial<GlobeColors>): GlobeColors {
  const colors = { ...DEFAULT_GLOBE_COLORS };
  const style = element && typeof getComputedStyle === 'function' ? getComputedStyle(element) : null;
  if (style) {
    for (const [key, variable] of Object.entries(THEME_VARIABLES) as [keyof GlobeColors, string][]) {
      const value = style.getPropertyValue(variable).trim();
      if (value) colors[key] = value;
    }
  }
  return { ...colors, ...overrides };
}

/** Empty margin around the sphere, leaving room for the glow. */
export function globePadding(size: number): number {
  return Math.max(8, Math.round(size * 0.06));
}

/** The orthographic projection the globe draws with, in CSS pixels. */
export function createProjection(width: number, height: number, rotation: Rotation): GeoProjection {
  const size = Math.max(0, Math.min(width, height));
  return geoOrthographic()
    .rotate([rotation[0], rotation[1]])
    .translate([width / 2, height / 2])
    .scale(Math.max(1, size / 2 - globePadding(size)))
    .clipAngle(90)
    .precision(0.6);
}

interface RotateAnimation {
  from: Rotation;
  to: Rotation;
  durationMs: number;
  /** Set on the first frame, so an animation queued while hidden starts when seen. */
  startedAt: number | null;
}

export interface GlobeRendererOptions {
  colors: GlobeColors;
  /** Called with true when a rotate-to animation starts and false when it ends. */
  onRotatingChange?: (rotating: boolean) => void;
}

const GRATICULE = geoGraticule10();
const SPHERE: GeoPermissibleObjects = { type: 'Sphere' };
/** A long gap (tab switch, breakpoint) must not spin the globe by a lot at once. */
const MAX_FRAME_GAP_MS = 100;

const raf: (cb: FrameRequestCallback) => number =
  typeof requestAnimationFrame === 'function'
    ? (cb) => requestAnimationFrame(cb)
    : (cb) => setTimeout(() => cb(Date.now()), 16) as unknown as number;
const caf: (id: number) => void = typeof cancelAnimationFrame === 'function' ? (id) => cancelAnimationFrame(id) : (id) => clearTimeout(id);

/**
 * Imperative canvas renderer. React never re-renders per frame: this object
 * owns the rotation, draws at most once per animation frame, and keeps a
 * requestAnimationFrame loop alive only while something moves and the canvas
 * is on screen (or a bounded rotate-to animation still has to finish).
 */
export class GlobeRenderer {
  private readonly canvas: HTMLCanvasElement;
  private readonly ctx: CanvasRenderingContext2D | null;
  private readonly onRotatingChange: ((rotating: boolean) => void) | undefined;
  private colors: GlobeColors;
  private width = 0;
  private height = 0;
  private dpr = 1;
  private projection: GeoProjection;
  private path: GeoPath | null = null;
  private data: WorldData | null = null;
  private highlightCodes: ReadonlySet<string> = new Set();
  private highlighted: CountryFeature[] = [];
  private coveredCodes: ReadonlySet<string> = new Set();
  private covered: CountryFeature[] = [];
  private hovered: CountryFeature | null = null;
  /** Latest pointer position, resolved to a country once per frame. */
  private pendingHover: readonly [number, number] | null = null;
  private rotation: Rotation = INITIAL_ROTATION;
  private playing = false;
  private active = true;
  private animation: RotateAnimation | null = null;
  private frameId = 0;
  private lastFrameAt: number | null = null;
  private destroyed = false;

  constructor(canvas: HTMLCanvasElement, options: GlobeRendererOptions) {
    this.canvas = canvas;
    // Test DOMs (happy-dom) have no 2D context: everything but drawing still works.
    let ctx: CanvasRenderingContext2D | null = null;
    try {
      ctx = canvas.getContext('2d');
    } catch {
      ctx = null;
    }
    this.ctx = ctx;
    this.colors = options.colors;
    this.onRotatingChange = options.onRotatingChange;
    this.projection = createProjection(0, 0, this.rotation);
  }

  getRotation(): Rotation {
    return this.rotation;
  }

  getProjection(): GeoProjection {
    return this.projection;
  }

  isRotating(): boolean {
    return this.animation !== null;
  }

  setSize(width: number, height: number, dpr: number): void {
    const w = Math.max(0, Math.round(width));
    const h = Math.max(0, Math.round(height));
    const ratio = Math.min(Math.max(dpr || 1, 1), 3);
    if (w === this.width && h === this.height && ratio === this.dpr) return;
    this.width = w;
    this.height = h;
    this.dpr = ratio;
    this.canvas.width = Math.round(w * ratio);
    this.canvas.height = Math.round(h * ratio);
    this.projection = createProjection(w, h, this.rotation);
    this.path = this.ctx ? geoPath(this.projection, this.ctx) : null;
    this.requestFrame();
  }

  setData(data: WorldData): void {
    this.data = data;
    this.updateHighlighted();
    this.requestFrame();
  }

  setColors(colors: GlobeColors): void {
    this.colors = colors;
    this.requestFrame();
  }

  setHighlight(codes: ReadonlySet<string>): void {
    this.highlightCodes = codes;
    this.updateHighlighted();
    this.requestFrame();
  }

  /** Countries to tint as covered (the coverage map); empty for none. */
  setCovered(codes: ReadonlySet<string>): void {
    this.coveredCodes = codes;
    this.updateHighlighted();
    this.requestFrame();
  }

  /** Records the pointer position; the country under it is found on the next frame. */
  hoverAt(x: number, y: number): void {
    this.pendingHover = [x, y];
    this.requestFrame();
  }

  clearHover(): void {
    this.pendingHover = null;
    this.setHovered(null);
  }

  getHovered(): CountryFeature | null {
    return this.hovered;
  }

  private setHovered(country: CountryFeature | null): void {
    if (country === this.hovered) return;
    this.hovered = country;
    this.canvas.style.cursor = country?.properties.alpha2 ? 'pointer' : '';
    this.requestFrame();
  }

  setPlaying(playing: boolean): void {
    if (playing === this.playing) return;
    this.playing = playing;
    this.lastFrameAt = null;
    if (playing) this.requestFrame();
  }

  /** Whether the canvas is on screen and the page visible; auto-rotation pauses otherwise. */
  setActive(active: boolean): void {
    if (active === this.active) return;
    this.active = active;
    this.lastFrameAt = null;
    if (active) this.requestFrame();
  }

  /** Turns to `target` over `durationMs` (ease in-out, short way round); 0 jumps at once. */
  rotateTo(target: Rotation, durationMs: number): void {
    if (durationMs <= 0) {
      const wasRotating = this.animation !== null;
      this.animation = null;
      this.rotation = rotationAt(this.rotation, target, 0, 0);
      this.syncProjection();
      if (wasRotating) this.onRotatingChange?.(false);
      this.requestFrame();
      return;
    }
    const wasRotating = this.animation !== null;
    this.animation = { from: this.rotation, to: target, durationMs, startedAt: null };
    if (!wasRotating) this.onRotatingChange?.(true);
    this.requestFrame();
  }

  /** The country under a point in CSS pixels relative to the canvas. */
  countryAt(x: number, y: number): CountryFeature | null {
    if (!this.data || this.width === 0) return null;
    return countryAt(this.projection, this.data.countries, [x, y]);
  }

  /** The country under a point or, failing that, the nearest within `slop` CSS pixels (a tap). */
  countryNear(x: number, y: number, slop: number): CountryFeature | null {
    if (!this.data || this.width === 0) return null;
    return countryNear(this.projection, this.data.countries, [x, y], slop);
  }

  /** The alpha-2 code a tap at a point chooses: a small country's dot, a shape, or the nearest within `slop`. */
  codeNear(x: number, y: number, slop: number): string | null {
    if (!this.data || this.width === 0) return null;
    return codeNear(this.projection, this.data.countries, this.data.markers, [x, y], slop);
  }

  /** Whether the world map has arrived (before, a tap can only be on the bare sphere). */
  hasData(): boolean {
    return this.data !== null;
  }

  destroy(): void {
    this.destroyed = true;
    if (this.frameId) caf(this.frameId);
    this.frameId = 0;
  }

  /** Schedules one draw on the next animation frame (coalesced). */
  requestFrame(): void {
    if (this.destroyed || this.frameId !== 0) return;
    this.frameId = raf(this.tick);
  }

  private readonly tick = (now: number): void => {
    this.frameId = 0;
    if (this.destroyed) return;
    const gap = this.lastFrameAt === null ? 0 : Math.min(now - this.lastFrameAt, MAX_FRAME_GAP_MS);
    this.lastFrameAt = now;

    let moving = false;
    const animation = this.animation;
    if (animation) {
      animation.startedAt ??= now;
      const elapsed = now - animation.startedAt;
      this.rotation = rotationAt(animation.from, animation.to, elapsed, animation.durationMs);
      if (elapsed >= animation.durationMs) {
        this.animation = null;
        this.onRotatingChange?.(false);
      } else {
        moving = true;
      }
    } else if (this.playing && this.active) {
      this.rotation = [advanceLambda(this.rotation[0], gap), this.rotation[1]];
      moving = true;
    }

    this.syncProjection();
    if (this.pendingHover) {
      const [x, y] = this.pendingHover;
      this.pendingHover = null;
      this.setHovered(this.countryAt(x, y));
    }
    this.draw();
    if (moving) this.requestFrame();
    else this.lastFrameAt = null;
  };

  /** Keeps the projection in step with the rotation, with or without a 2D context, so hit-testing matches the screen. */
  private syncProjection(): void {
    this.projection.rotate([this.rotation[0], this.rotation[1]]);
  }

  private updateHighlighted(): void {
    const codes = this.highlightCodes;
    this.highlighted = this.data?.countries.filter((c) => c.properties.alpha2 !== null && codes.has(c.properties.alpha2)) ?? [];
    const covered = this.coveredCodes;
    this.covered =
      covered.size > 0 ? (this.data?.countries.filter((c) => c.properties.alpha2 !== null && covered.has(c.properties.alpha2)) ?? []) : [];
  }

  private draw(): void {
    const projection = this.projection;
    const { ctx, path, width, height } = this;
    if (!ctx || !path || width === 0 || height === 0) return;
    const colors = this.colors;
    const [cx, cy] = projection.translate();
    const r = projection.scale();

    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
    ctx.clearRect(0, 0, width, height);

    // Soft halo: a radial gradient ring (shadowBlur costs several ms a frame
    // on software-rendered canvases).
    const halo = r + globePadding(r * 2) * 0.9;
    const glow = ctx.createRadialGradient(cx, cy, r * 0.96, cx, cy, halo);
    glow.addColorStop(0, colors.glow);
    glow.addColorStop(1, 'rgba(255, 255, 255, 0)');
    ctx.beginPath();
    ctx.arc(cx, cy, halo, 0, 2 * Math.PI);
    ctx.fillStyle = glow;
    ctx.fill();

    // Ocean, lit from the upper left.
    const ocean = ctx.createRadialGradient(cx - r * 0.35, cy - r * 0.4, r * 0.05, cx, cy, r);
    ocean.addColorStop(0, colors.ocean);
    ocean.addColorStop(1, colors.oceanEdge);
    ctx.beginPath();
    path(SPHERE);
    ctx.fillStyle = ocean;
    ctx.fill();

    ctx.beginPath();
    path(GRATICULE);
    ctx.lineWidth = 0.6;
    ctx.strokeStyle = colors.graticule;
    ctx.stroke();

    const data = this.data;
    if (data) {
      ctx.beginPath();
      path(data.land);
      ctx.fillStyle = colors.land;
      ctx.fill();

      if (this.covered.length > 0) {
        ctx.beginPath();
        for (const country of this.covered) path(country);
        ctx.fillStyle = colors.covered;
        ctx.fill();
      }

      if (this.highlighted.length > 0) {
        ctx.beginPath();
        for (const country of this.highlighted) path(country);
        ctx.fillStyle = colors.highlight;
        ctx.fill();
      }

      if (this.hovered) {
        ctx.beginPath();
        path(this.hovered);
        const isHighlighted = this.highlighted.includes(this.hovered);
        ctx.fillStyle = colors.hover;
        ctx.globalAlpha = isHighlighted ? 0.45 : 1;
        ctx.fill();
        ctx.globalAlpha = 1;
      }

      ctx.beginPath();
      path(data.borders);
      ctx.lineWidth = 0.6;
      ctx.strokeStyle = colors.border;
      ctx.stroke();

      // Countries too small for a shape at this scale: a dot each, tinted like a shape would be.
      for (const marker of data.markers) {
        if (!isVisible(projection, marker.lonLat)) continue;
        const p = projection(marker.lonLat);
        if (!p) continue;
        const code = marker.alpha2;
        ctx.beginPath();
        ctx.arc(p[0], p[1], MARKER_RADIUS_PX, 0, 2 * Math.PI);
        ctx.fillStyle = this.highlightCodes.has(code) ? colors.highlight : this.coveredCodes.has(code) ? colors.covered : colors.land;
        ctx.fill();
        ctx.lineWidth = 1;
        ctx.strokeStyle = colors.border;
        ctx.stroke();
      }
    }

    // Shading towards the rim makes the disc read as a sphere.
    const shade = ctx.createRadialGradient(cx - r * 0.3, cy - r * 0.35, r * 0.2, cx, cy, r);
    shade.addColorStop(0, 'rgba(255, 255, 255, 0.18)');
    shade.addColorStop(0.6, 'rgba(255, 255, 255, 0)');
    shade.addColorStop(1, 'rgba(10, 40, 80, 0.14)');
    ctx.beginPath();
    path(SPHERE);
    ctx.fillStyle = shade;
    ctx.fill();
    ctx.lineWidth = 1;
    ctx.strokeStyle = colors.outline;
    ctx.stroke();
  }
}
