// Mantine's CSS variables and responsive classes as <style> elements, for a page whose <head>
// lacks them (see mantine-root.tsx): MantineProvider with no children renders just those two.
import { MantineProvider, type CSSVariablesResolver, type MantineColorScheme, type MantineThemeOverride } from '@mantine/core';

export interface MantineStylesProps {
  theme: MantineThemeOverride;
  cssVariablesResolver: CSSVariablesResolver;
  defaultColorScheme: MantineColorScheme;
}

export function MantineStyles(props: MantineStylesProps) {
  return <MantineProvider {...props} />;
}
