// The header's language and currency selectors: the button renders at once; the menu behind it
// loads lazily and takes over (a press made while it loads opens it on arrival).
import { Suspense, lazy } from 'react';
import { CurrencyButton, LanguageButton, requestOpen } from './selector-buttons.tsx';

const LanguageMenu = lazy(() => import('./language-menu.tsx').then((m) => ({ default: m.LanguageMenu })));
const CurrencyMenu = lazy(() => import('./currency-menu.tsx').then((m) => ({ default: m.CurrencyMenu })));

export function LanguageSelector() {
  return (
    <Suspense fallback={<LanguageButton onClick={() => requestOpen('language')} />}>
      <LanguageMenu />
    </Suspense>
  );
}

export function CurrencySelector() {
  return (
    <Suspense fallback={<CurrencyButton onClick={() => requestOpen('currency')} />}>
      <CurrencyMenu />
    </Suspense>
  );
}
