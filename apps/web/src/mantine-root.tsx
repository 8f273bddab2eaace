// Mantine's root provider for the browser build. Every page the server sends already carries
// Mantine's CSS variables and responsive classes in its <head> (scripts/prerender.mjs puts them
// there), so the browser needs only the contexts: MantineProvider less the two <style> elements
// it renders and the code that generates them. Should a page come without them, that code loads
// in its own chunk and renders them. Tests, the dev server and the pre-render (which is where the
// <head> styles come from) use MantineProvider itself.
import { Suspense, lazy, useLayoutEffect, type ReactNode } from 'react';
import {
  MantineContext,
  MantineProvider,
  MantineThemeProvider,
  localStorageColorSchemeManager,
  useProviderColorScheme,
  type CSSVariablesResolver,
  type MantineColorScheme,
  type MantineThemeOverride,
} from '@mantine/core';

export interface MantineRootProps {
  theme: MantineThemeOverride;
  cssVariablesResolver: CSSVariablesResolver;
  defaultColorScheme: MantineColorScheme;
  /** The page's <head> has Mantine's CSS variables and classes already. */
  stylesInHead: boolean;
  children: ReactNode;
}

const getRootElement = () => document.documentElement;
const colorSchemeManager = localStorageColorSchemeManager();

const MantineStyles = lazy(() => import('./mantine-styles.tsx').then((m) => ({ default: m.MantineStyles })));

/** MantineProvider's contexts (its defaults, as MantineProvider 9 sets them), without the <style> elements. */
function MantineContexts({ theme, cssVariablesResolver, defaultColorScheme, stylesInHead, children }: MantineRootProps) {
  const { colorScheme, setColorScheme, clearColorScheme } = useProviderColorScheme({
    defaultColorScheme,
    manager: colorSchemeManager,
    getRootElement,
    forceColorScheme: undefined,
  });
  const respectReducedMotion = theme.respectReducedMotion ?? false;
  useLayoutEffect(() => {
    if (respectReducedMotion) getRootElement().setAttribute('data-respect-reduced-motion', 'true');
  }, [respectReducedMotion]);
  return (
    <MantineContext
      value={{
        colorScheme,
        setColorScheme,
        clearColorScheme,
        getRootElement,
        classNamesPrefix: 'mantine',
        cssVariablesResolver,
        cssVariablesSelector: ':root',
        withStaticClasses: true,
        deduplicateInlineStyles: false,
      }}
    >
      <MantineThemeProvider theme={theme}>
        {stylesInHead ? null : (
          <Suspense fallback={null}>
            <MantineStyles theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme={defaultColorScheme} />
          </Suspense>
        )}
        {children}
      </MantineThemeProvider>
    </MantineContext>
  );
}

function FullMantineProvider({ stylesInHead, ...props }: MantineRootProps) {
  return <MantineProvider {...props} withCssVariables={!stylesInHead} withGlobalClasses={!stylesInHead} />;
}

export const MantineRoot = import.meta.env.PROD && !import.meta.env.SSR ? MantineContexts : FullMantineProvider;
