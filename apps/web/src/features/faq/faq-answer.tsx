// An FAQ answer: plain text, or sanitized HTML for the Installation Guide. Links inside the HTML
// to pages of this shop carry the current language's URL (so a new tab opens the same language)
// and go through the router instead of reloading the page.
import { useMemo, type MouseEvent } from 'react';
import { Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { localizeHref, splitLocalePath } from '../../lib/locale-path.ts';
import { useLanguage } from '../../lib/preferences/language-provider.tsx';
import { sanitizeFaqHtml } from './sanitize.ts';
import classes from './faq.module.css';

export function FaqAnswer({ text, html }: { text: string; html: boolean }) {
  const navigate = useNavigate();
  const { language } = useLanguage();
  const clean = useMemo(
    () =>
      html ? sanitizeFaqHtml(text).replace(/href="(\/(?!\/)[^"]*)"/g, (_, href: string) => `href="${localizeHref(href, language)}"`) : '',
    [html, text, language],
  );
  if (!html) return <Text className={classes.answer}>{text}</Text>;

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest?.('a[href]');
    if (!(anchor instanceof HTMLAnchorElement)) return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    void navigate({ href: splitLocalePath(url.pathname).path + url.search + url.hash });
  };

  // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- delegates link clicks; links keep their own keyboard behaviour
  return (
    <div className={`${classes.answer} ${classes.html}`} data-faq-html="" onClick={onClick} dangerouslySetInnerHTML={{ __html: clean }} />
  );
}
