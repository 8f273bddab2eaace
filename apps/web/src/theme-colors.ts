// The brand's shades, free of imports: the Mantine theme (theme.ts) and the build's web app
// manifest (vite.config.ts, its theme colour) read the same values.

/** A deep ocean blue. Filled controls use shade 7 (#0b5cad, 6.7:1 against white text). */
export const BRAND_SHADES = [
  '#e8f1fb',
  '#d1e3f7',
  '#a3c5ee',
  '#72a5e4',
  '#4a8adb',
  '#2f78d5',
  '#1670c8',
  '#0b5cad',
  '#094d91',
  '#073d73',
] as const;

/** The light scheme's primary shade (theme.ts primaryShade.light): header, filled controls, theme-color. */
export const BRAND_PRIMARY = BRAND_SHADES[7];
