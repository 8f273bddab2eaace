import type { CSSProperties } from 'react';

export const DEFAULT_GLOBE_HEIGHT = 420;

export interface GlobeFallbackProps {
  height?: number;
}

/**
 * A static circle the size of the globe, for <Suspense fallback>. It lives in
 * its own file (inline styles, no d3) so importing it does not pull in the
 * globe chunk.
 */
export function GlobeFallback({ height = DEFAULT_GLOBE_HEIGHT }: GlobeFallbackProps) {
  // Same padding rule as the canvas (6% of the size, at least 8 px).
  const diameter = Math.max(0, height - 2 * Math.max(8, Math.round(height * 0.06)));
  const root: CSSProperties = {
    position: 'relative',
    inlineSize: '100%',
    blockSize: height,
    display: 'grid',
    placeItems: 'center',
  };
  const circle: CSSProperties = {
    inlineSize: diameter,
    maxInlineSize: '88%',
    aspectRatio: '1',
    borderRadius: '50%',
    background: 'radial-gradient(circle at 35% 30%, var(--mantine-primary-color-0, #e7f5ff), var(--mantine-primary-color-2, #a5d8ff))',
    boxShadow: '0 0 40px rgba(34, 139, 230, 0.25)',
  };
  return (
    <div style={root} aria-hidden="true" data-testid="globe-fallback">
      <div style={circle} />
    </div>
  );
}
