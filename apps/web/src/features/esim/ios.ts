// Whether this browser is an iPhone (or iPad) on iOS 17.4 or later, where Apple's one-tap eSIM
// install link works. Read once per component, from the user agent.
import { useState } from 'react';
import { isIos174OrLater } from '@esim/api/domain';

export function useIsIos174OrLater(): boolean {
  const [yes] = useState(() => typeof navigator !== 'undefined' && isIos174OrLater(navigator.userAgent));
  return yes;
}
