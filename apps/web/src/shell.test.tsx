// The pre-rendered shell: the boot script's language choice (it must match detectLanguage()),
// and the swap from the shell to the app.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import type { AnyRouter } from '@tanstack/react-router';
import { detectLanguage } from './lib/i18n.ts';
import type { LanguageCode } from '@esim/i18n';
import { localizePath } from './lib/locale-path.ts';
import { shellBootScript } from './shell-boot.ts';
import { PRERENDERED_HEAD_ATTRIBUTE, SHELL_ID, revealApp, useShellHold } from './shell.ts';

/** Runs the boot script on a page at `href`; returns where it sent the traveller (or null). */
function runBoot(href: string): string | null {
  const url = new URL(href, 'http://shop.test');
  let target: string | null = null;
  const location = { pathname: url.pathname, search: url.search, hash: url.hash, replace: (to: string) => (target = to) };
  new Function('location', shellBootScript())(location);
  return target;
}

function setNavigatorLanguages(languages: readonly string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('shell boot script', () => {
  it.each([
    ['nothing stored, an English browser', null, ['en-GB', 'fr'], 'en'],
    ['nothing stored, a French browser', null, ['fr-FR', 'en'], 'fr'],
    ['nothing stored, an unsupported language first', null, ['nl-NL', 'ar-EG'], 'ar'],
    ['nothing stored, no supported language', null, ['nl-NL', 'sv'], 'en'],
    ['Arabic stored', 'ar', ['en-US'], 'ar'],
    ['English stored, a German browser', 'en', ['de-DE'], 'en'],
    ['an unknown value stored', 'xx', ['ja-JP'], 'ja'],
  ])('%s → %s, like detectLanguage(), to localizePath()', (_, stored, browser, expected) => {
    if (stored) localStorage.setItem('preferredLanguage', stored);
    setNavigatorLanguages(browser);
    expect(detectLanguage()).toBe(expected);
    for (const [path, rest] of [
      ['/', ''],
      ['/coverage', '?view=map#list'],
      ['/destinations/japan', ''],
    ] as const) {
      const target = runBoot(path + rest);
      expect(target).toBe(expected === 'en' ? null : localizePath(path, expected as LanguageCode) + rest);
    }
  });

  it('leaves a page already in a language where it is', () => {
    localStorage.setItem('preferredLanguage', 'fr');
    for (const path of ['/ar/', '/ja/coverage', '/de', '/zh/destinations/japan']) expect(runBoot(path)).toBeNull();
    expect(runBoot('/xx/coverage')).toBe('/fr/xx/coverage');
  });
});

function fakeRouter() {
  const listeners = new Set<() => void>();
  const router = {
    subscribe: (_event: string, fn: () => void) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  } as unknown as AnyRouter;
  return { router, rendered: () => [...listeners].forEach((fn) => fn()) };
}

function mountShell() {
  document.body.innerHTML = `<div id="${SHELL_ID}" inert><h1>Shell</h1></div><div id="root" hidden></div>`;
  return document.getElementById('root')!;
}

function Page({ ready }: { ready: boolean }) {
  useShellHold(ready);
  return null;
}

describe('revealApp', () => {
  it('shows #root at once when there is no shell', () => {
    document.body.innerHTML = '<div id="root" hidden></div>';
    const container = document.getElementById('root')!;
    revealApp(fakeRouter().router, container);
    expect(container.hidden).toBe(false);
  });

  it('swaps the shell for the app once the router has rendered the page, and its head tags for the app ones', () => {
    const container = mountShell();
    document.head.insertAdjacentHTML(
      'beforeend',
      `<title ${PRERENDERED_HEAD_ATTRIBUTE}>Shell</title><link rel="canonical" href="/x" ${PRERENDERED_HEAD_ATTRIBUTE}><meta name="keep">`,
    );
    const { router, rendered } = fakeRouter();
    revealApp(router, container);
    expect(document.getElementById(SHELL_ID)).not.toBeNull();
    expect(document.head.querySelectorAll(`[${PRERENDERED_HEAD_ATTRIBUTE}]`)).toHaveLength(2);
    rendered();
    expect(document.getElementById(SHELL_ID)).toBeNull();
    expect(container.hidden).toBe(false);
    expect(document.head.querySelectorAll(`[${PRERENDERED_HEAD_ATTRIBUTE}]`)).toHaveLength(0);
    expect(document.head.querySelector('meta[name="keep"]')).not.toBeNull();
  });

  it('waits for a page that holds the swap until its second pass is in', () => {
    const container = mountShell();
    const { router, rendered } = fakeRouter();
    revealApp(router, container);
    const page = render(<Page ready={false} />, { container: document.createElement('div') });
    rendered();
    expect(document.getElementById(SHELL_ID)).not.toBeNull();
    expect(container.hidden).toBe(true);
    act(() => page.rerender(<Page ready />));
    expect(document.getElementById(SHELL_ID)).toBeNull();
    expect(container.hidden).toBe(false);
    page.unmount();
  });
});
