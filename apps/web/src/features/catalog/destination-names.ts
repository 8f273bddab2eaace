// Destination and continent names in the UI language (CLDR through @esim/i18n), for the picker,
// the plans heading, the 'Countries Covered' chips, the coverage list and the globe's captions.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { continentName, destinationName, type DestinationRef } from '@esim/i18n';

export interface DestinationNames {
  /** The UI language. */
  lang: string;
  /** A destination's name in the UI language. */
  name: (region: DestinationRef) => string;
  /** A catalogue continent ('Middle East', 'Asia') in the UI language. */
  continent: (continent: string) => string;
  /** The translate function for the `destinations` namespace (names CLDR lacks). */
  t: (key: string) => string;
}

/**
 * Names in the UI language. The `destinations` namespace (the few names CLDR lacks) loads without
 * suspending: until it arrives those names show in English, then the component renders again.
 */
export function useDestinationNames(): DestinationNames {
  const { t, i18n } = useTranslation('destinations', { useSuspense: false });
  const lang = i18n.language;
  return useMemo(() => {
    // Keys come as 'destinations:bundles.MENA' from @esim/i18n, not as typed literals.
    const untyped = t as unknown as (key: string) => string;
    const translate = (key: string) => untyped(key);
    return {
      lang,
      t: translate,
      name: (region) => destinationName(region, lang, translate),
      continent: (continent) => continentName(continent, lang, translate),
    };
  }, [t, lang]);
}
