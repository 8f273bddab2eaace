// An article illustration: lazy by default, with its intrinsic size so the layout never jumps.
// If the file cannot be loaded, the shop's logo takes its place (spec §2).
import { useState } from 'react';
import { LogoMark } from '../../components/logo.tsx';
import { BLOG_IMAGE_SIZE } from './articles.ts';
import classes from './blog-image.module.css';

export interface BlogImageProps {
  src: string;
  alt: string;
  /** The article page's hero image is above the fold: load it at once. */
  priority?: boolean;
  className?: string;
}

export function BlogImage({ src, alt, priority = false, className }: BlogImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = failedSrc === src;
  return (
    <div className={[classes.frame, className].filter(Boolean).join(' ')}>
      {failed ? (
        <div className={classes.fallback} role="img" aria-label={alt} data-testid="blog-image-fallback">
          <LogoMark size={72} />
        </div>
      ) : (
        <img
          className={classes.image}
          src={src}
          alt={alt}
          width={BLOG_IMAGE_SIZE.width}
          height={BLOG_IMAGE_SIZE.height}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          {...(priority ? { fetchPriority: 'high' as const } : {})}
          onError={() => setFailedSrc(src)}
        />
      )}
    </div>
  );
}
