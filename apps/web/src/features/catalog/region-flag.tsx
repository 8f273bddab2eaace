import { useState } from 'react';
import classes from './region-flag.module.css';

export interface RegionFlagProps {
  code: string;
  flagIcon: string | null;
  size?: 'sm' | 'md';
}

/**
 * A region's flag. Decorative (the region name sits beside it), so alt="". A missing or failing
 * image is hidden and the region code is shown instead (spec §2, §8).
 */
export function RegionFlag({ code, flagIcon, size = 'md' }: RegionFlagProps) {
  const [failed, setFailed] = useState(false);
  const showImage = Boolean(flagIcon) && !failed;
  return (
    <span className={classes.flag} data-size={size} data-fallback={showImage ? undefined : 'true'}>
      {showImage ? (
        <img src={flagIcon!} alt="" loading="lazy" decoding="async" width={40} height={30} onError={() => setFailed(true)} />
      ) : (
        <span className={classes.code} data-testid="flag-fallback" aria-hidden="true">
          {code}
        </span>
      )}
    </span>
  );
}
