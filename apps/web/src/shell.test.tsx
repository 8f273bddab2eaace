// The pre-rendered shell: the boot script's language choice (it must match detectLanguage()),
// and the swap from the shell to the app.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import type { AnyRouter } from '@tanstack/react-router';
import { detectLanguage } from './lib/i18n.ts';
import { SHELL_OFF_ATTRIBUTE, shellBootScript } from './shell-boot.ts';
import { SHELL_ID, revealApp, useShellHold } from './shell.ts';

const runBoot = () => new Function(shellBootScript())();

function setNavigatorLanguages(languages: readonly string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

afterEach(() => {
  document.documentElement.removeAttribute(SHELL_OFF_ATTRIBUTE);
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
  ])('%s → %s, like detectLanguage()', (_, stored, browser, expected) => {
    if (stored) localStorage.setItem('preferredLanguage', stored);
    setNavigatorLanguages(browser);
    expect(detectLanguage()).toBe(expected);
    document.documentElement.lang = 'en';
    document.documentElement.dir = 'ltr';
    runBoot();
    const root = document.documentElement;
    if (expected === 'en') {
      expect(root.hasAttribute(SHELL_OFF_ATTRIBUTE)).toBe(false);
      expect(root.lang).toBe('en');
    } else {
      // The English shell is hidden; <html> already speaks the language.
      expect(root.getAttribute(SHELL_OFF_ATTRIBUTE)).toBe('off');
      expect(root.lang).toBe(expected);
      expect(root.dir).toBe(expected === 'ar' ? 'rtl' : 'ltr');
    }
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

  it('swaps the shell for the app once the router has rendered the page', () => {
    const container = mountShell();
    const { router, rendered } = fakeRouter();
    revealApp(router, container);
    expect(document.getElementById(SHELL_ID)).not.toBeNull();
    rendered();
    expect(document.getElementById(SHELL_ID)).toBeNull();
    expect(container.hidden).toBe(false);
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
