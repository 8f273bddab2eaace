// Whether this browser is an iPhone (or iPad) on iOS 17.4 or later, where Apple's one-tap eSIM
// install link works. Read once per component, from the user agent.
import { useState } from 'react';
import { isIos174OrLater } from '@esim/api/domain';

export function useIsIos174OrLater(): boolean {
  const [yes] = useState(() => typeof navigator !== 'undefined' && isIos174OrLater(navigator.userAgent));
  return yes;
}

/** The device's system, from the user agent: which APN to show when the provider gives one per system. */
export function deviceOsOf(userAgent: string): 'ios' | 'android' | 'other' {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return 'other';
}

export function useDeviceOs(): 'ios' | 'android' | 'other' {
  const [os] = useState(() => (typeof navigator !== 'undefined' ? deviceOsOf(navigator.userAgent) : 'other'));
  return os;
}
