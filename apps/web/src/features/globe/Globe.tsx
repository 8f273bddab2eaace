import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { MouseEvent, PointerEvent } from 'react';
import { DEFAULT_GLOBE_HEIGHT } from './globe-fallback.tsx';
import { GlobeRenderer, resolveGlobeColors } from './globe-renderer.ts';
import type { GlobeColors } from './globe-renderer.ts';
import classes from './globe.module.css';
import { countriesForRegion } from './regions.ts';
import { MOUSE_SLOP_PX, TOUCH_SLOP_PX } from './hit-test.ts';
import { ROTATE_TO_DURATION_MS, presetRotation, rotationToFace } from './rotation.ts';
import type { Rotation } from './rotation.ts';
import { centroidOf, loadWorld } from './world.ts';
import type { WorldData } from './world.ts';

export interface GlobeProps {
  /** Region code of the current selection (EU, UK, US, JP, ...). */
  selectedCode?: string | null;
  /**
   * Called with the alpha-2 code (UK for the United Kingdom) of a clicked country: the one under
   * the pointer, else the nearest within a fingertip (touch) or a few pixels (mouse).
   */
  onSelectCountry?: (alpha2: string) => void;
  /** Alpha-2 codes (shop spelling) to tint as covered, e.g. every country the shop sells. */
  coveredCodes?: readonly string[] | undefined;
  /** A click on the globe that reached no country (the ocean), once the map has loaded. */
  onMissCountry?: () => void;
  /** Height in CSS pixels; the globe fits the smaller of this and the container width. */
  height?: number;
  /** Accessible name of the globe image. */
  ariaLabel: string;
  /** Accessible texts of the rotation toggle. */
  labels: { pause: string; play: string };
  /** Decorative floating chat bubbles (up to three are shown). */
  bubbles?: readonly string[];
  /** Colour overrides; otherwise Mantine's CSS variables, otherwise Mantine's blue. */
  colors?: Partial<GlobeColors>;
  className?: string;
}

export const DEFAULT_BUBBLES: readonly string[] = ['Connected in Tokyo ✓', '5G · 120 Mbps', 'eSIM active in Paris'];

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION_QUERY).matches : false;
}

function normalizeCode(code: string | null | undefined): string | null {
  const trimmed = code?.trim().toUpperCase();
  return trimmed ? trimmed : null;
}

/** Where a region code should turn the globe: its spec preset, else the centroid of its countries. */
function targetRotation(code: string | null, world: WorldData | null): Rotation | null | 'wait' {
  if (!code) return null;
  const preset = presetRotation(code);
  if (preset) return preset;
  if (!world) return 'wait';
  const codes = countriesForRegion(code);
  // A country too small for a shape (Singapore, Malta) turns to its dot.
  const centroid = centroidOf(world.countries, codes) ?? world.markers.find((m) => codes.has(m.alpha2))?.lonLat ?? null;
  return centroid ? rotationToFace(centroid) : null;
}

function localPoint(event: { clientX: number; clientY: number; currentTarget: Element }): [number, number] {
  const rect = event.currentTarget.getBoundingClientRect();
  return [event.clientX - rect.left, event.clientY - rect.top];
}

/**
 * An orthographic globe drawn on a canvas with d3-geo from the bundled
 * world-atlas 110m data. Default export so it can be React.lazy-loaded; the
 * map data is a further dynamic import.
 */
export default function Globe({
  selectedCode = null,
  onSelectCountry,
  onMissCountry,
  coveredCodes,
  height = DEFAULT_GLOBE_HEIGHT,
  ariaLabel,
  labels,
  bubbles = DEFAULT_BUBBLES,
  colors,
  className,
}: GlobeProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const rendererRef = useRef<GlobeRenderer | null>(null);
  const [reducedMotion, setReducedMotion] = useState(prefersReducedMotion);
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());
  const [rotating, setRotating] = useState(false);
  const [world, setWorld] = useState<WorldData | null>(null);
  /** The code the globe last turned to; undefined until the first selection is applied. */
  const appliedCodeRef = useRef<string | null | undefined>(undefined);
  const colorsKey = JSON.stringify(colors ?? {});

  // Renderer, observers and data: once per mount.
  useEffect(() => {
    const root = rootRef.current;
    const canvas = canvasRef.current;
    if (!root || !canvas) return;
    // A fresh renderer (also on StrictMode's remount) starts unturned.
    appliedCodeRef.current = undefined;
    const renderer = new GlobeRenderer(canvas, {
      colors: resolveGlobeColors(root),
      onRotatingChange: setRotating,
    });
    rendererRef.current = renderer;

    const measure = () => {
      const rect = root.getBoundingClientRect();
      renderer.setSize(rect.width, rect.height, window.devicePixelRatio || 1);
    };
    measure();
    const resizeObserver = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    resizeObserver?.observe(root);
    // Zoom and moving between screens change devicePixelRatio without a resize of the element.
    window.addEventListener('resize', measure);

    let onScreen = true;
    const updateActive = () => renderer.setActive(onScreen && document.visibilityState !== 'hidden');
    const intersectionObserver =
      typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => {
            for (const entry of entries) onScreen = entry.isIntersecting;
            updateActive();
          })
        : null;
    intersectionObserver?.observe(root);
    document.addEventListener('visibilitychange', updateActive);

    let cancelled = false;
    loadWorld().then(
      (data) => {
        if (cancelled) return;
        renderer.setData(data);
        setWorld(data);
      },
      (error: unknown) => {
        // The globe is decorative; the region list remains usable without it.
        console.error('Globe: could not load the world map', error);
      },
    );

    return () => {
      cancelled = true;
      resizeObserver?.disconnect();
      intersectionObserver?.disconnect();
      window.removeEventListener('resize', measure);
      document.removeEventListener('visibilitychange', updateActive);
      renderer.destroy();
      rendererRef.current = null;
      setRotating(false);
    };
  }, []);

  // Follow the reduced-motion preference live: switching it on stops rotation.
  useEffect(() => {
    if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(REDUCED_MOTION_QUERY);
    const onChange = () => {
      setReducedMotion(query.matches);
      if (query.matches) setPlaying(false);
    };
    query.addEventListener?.('change', onChange);
    return () => query.removeEventListener?.('change', onChange);
  }, []);

  useEffect(() => {
    const root = rootRef.current;
    rendererRef.current?.setColors(resolveGlobeColors(root, JSON.parse(colorsKey) as Partial<GlobeColors>));
  }, [colorsKey]);

  useEffect(() => {
    rendererRef.current?.setPlaying(playing);
  }, [playing]);

  const coveredKey = coveredCodes?.join(',') ?? '';
  useEffect(() => {
    rendererRef.current?.setCovered(new Set(coveredKey ? coveredKey.split(',') : []));
  }, [coveredKey]);

  // Highlight the selected region and turn it to face the viewer.
  useEffect(() => {
    const renderer = rendererRef.current;
    if (!renderer) return;
    const code = normalizeCode(selectedCode);
    renderer.setHighlight(countriesForRegion(code));
    if (appliedCodeRef.current === code) return;
    const target = targetRotation(code, world);
    if (target === 'wait') return; // a country without a preset: needs the map data first
    const isFirst = appliedCodeRef.current === undefined;
    appliedCodeRef.current = code;
    if (!target) return;
    // Stop auto-rotation so the chosen region stays in front.
    setPlaying(false);
    renderer.rotateTo(target, isFirst || reducedMotion ? 0 : ROTATE_TO_DURATION_MS);
  }, [selectedCode, world, reducedMotion]);

  const handlePointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.pointerType === 'touch') return;
    const [x, y] = localPoint(event);
    rendererRef.current?.hoverAt(x, y);
  };

  const handlePointerLeave = () => rendererRef.current?.clearHover();

  /** The kind of pointer that pressed last: a finger gets more slop than a mouse. */
  const pointerTypeRef = useRef('mouse');
  const handlePointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    pointerTypeRef.current = event.pointerType;
  };

  const handleClick = (event: MouseEvent<HTMLCanvasElement>) => {
    const renderer = rendererRef.current;
    if (!renderer?.hasData()) return;
    const [x, y] = localPoint(event);
    const slop = pointerTypeRef.current === 'mouse' ? MOUSE_SLOP_PX : TOUCH_SLOP_PX;
    const alpha2 = renderer.codeNear(x, y, slop);
    if (alpha2) onSelectCountry?.(alpha2);
    else onMissCountry?.();
  };

  return (
    <div
      ref={rootRef}
      className={className ? `${classes.root} ${className}` : classes.root}
      style={{ blockSize: height }}
      data-state={world ? 'ready' : 'loading'}
      data-rotating={rotating || undefined}
    >
      <canvas
        ref={canvasRef}
        className={classes.canvas}
        role="img"
        aria-label={ariaLabel}
        onPointerMove={handlePointerMove}
        onPointerLeave={handlePointerLeave}
        onPointerDown={handlePointerDown}
        onClick={handleClick}
      />
      <div className={classes.bubbles} aria-hidden="true">
        {bubbles.slice(0, 3).map((text) => (
          <span key={text} className={classes.bubble}>
            {/* Isolated, so a Latin text keeps its ✓ at the end inside an RTL page. */}
            <span dir="auto">{text}</span>
          </span>
        ))}
      </div>
      {/* A toggle keeps one name; pressed means "rotation paused" (WAI-ARIA APG).
          The title shows sighted users what a click will do. */}
      <button
        type="button"
        className={classes.toggle}
        aria-label={labels.pause}
        aria-pressed={!playing}
        title={playing ? labels.pause : labels.play}
        disabled={rotating}
        onClick={() => setPlaying((value) => !value)}
      >
        {playing ? <IconPlayerPauseFilled size={18} aria-hidden="true" /> : <IconPlayerPlayFilled size={18} aria-hidden="true" />}
      </button>
    </div>
  );
}
