import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import admin from '@esim/i18n/locales/en/admin.json';
import { i18n } from '../../../lib/i18n.ts';
import { server, trpcMsw } from '../../../test/msw.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { AdminPlan } from '../forms/views.ts';
import { PlanWordingModal } from './plan-wording.tsx';

beforeAll(() => {
  i18n.addResourceBundle('en', 'admin', admin, true, true);
});

const PLAN = { id: 77, name: 'Japan 1GB - 7 Days' } as AdminPlan;
const LANGS = ['en', 'es', 'fr', 'de', 'zh', 'ar', 'pt', 'ru', 'ja', 'hi'] as const;

function wording(own: Partial<Record<(typeof LANGS)[number], { name: string | null; description: string | null }>> = {}) {
  return {
    planId: 77,
    languages: LANGS.map((lang) => ({
      lang,
      name: own[lang]?.name ?? null,
      description: own[lang]?.description ?? null,
      composedName: lang === 'de' ? 'Japan 1 GB – 7 Tage' : 'Japan 1 GB – 7 days',
      composedDescription: 'Data in Japan.',
    })),
  };
}

describe("the owner's wording of a plan", () => {
  it('shows the composed texts as placeholders, sends a language’s wording, and an empty field as the composed text', async () => {
    const sent: unknown[] = [];
    server.use(
      trpcMsw.admin.catalog.planTexts.query(() => wording({ de: { name: 'Tokio-Start', description: null } })),
      trpcMsw.admin.catalog.setPlanText.mutation(({ input }) => {
        sent.push(input);
        return { changed: true };
      }),
    );
    await renderWithProviders(<PlanWordingModal plan={PLAN} opened onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Wording of Japan 1GB - 7 Days' });
    const name = (await within(dialog).findByRole('textbox', { name: /^Name/ })) as HTMLInputElement;
    expect(name.placeholder).toBe('Japan 1 GB – 7 days');
    expect(name.value).toBe('');
    const u = userEvent.setup({ delay: null });
    // German has the owner's name already: the select says so, and the form starts from it.
    const select = within(dialog).getByRole('combobox', { name: 'Language' }) as HTMLSelectElement;
    expect([...select.options].find((o) => o.value === 'de')?.textContent).toBe('German (your wording)');
    await u.selectOptions(select, 'de');
    const deName = (await within(dialog).findByRole('textbox', { name: /^Name/ })) as HTMLInputElement;
    await waitFor(() => expect(deName.value).toBe('Tokio-Start'));
    expect(deName.placeholder).toBe('Japan 1 GB – 7 Tage');
    await u.type(within(dialog).getByRole('textbox', { name: /^Description/ }), 'Für ein Wochenende.');
    await u.click(within(dialog).getByRole('button', { name: 'Save wording' }));
    await waitFor(() => expect(sent).toEqual([{ planId: 77, lang: 'de', name: 'Tokio-Start', description: 'Für ein Wochenende.' }]));
  });

  it("'Use the composed texts' removes a language's wording; a name too long is refused before sending", async () => {
    const sent: unknown[] = [];
    server.use(
      trpcMsw.admin.catalog.planTexts.query(() => wording({ en: { name: 'Tokyo Starter', description: null } })),
      trpcMsw.admin.catalog.setPlanText.mutation(({ input }) => {
        sent.push(input);
        return { changed: true };
      }),
    );
    await renderWithProviders(<PlanWordingModal plan={PLAN} opened onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Wording of Japan 1GB - 7 Days' });
    const name = (await within(dialog).findByRole('textbox', { name: /^Name/ })) as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('Tokyo Starter'));
    const u = userEvent.setup({ delay: null });
    await u.clear(name);
    await u.click(name);
    await u.paste('x'.repeat(201));
    await u.click(within(dialog).getByRole('button', { name: 'Save wording' }));
    expect(await within(dialog).findByText('at most 200 characters')).toBeTruthy();
    expect(sent).toEqual([]);
    await u.click(within(dialog).getByRole('button', { name: 'Use the composed texts' }));
    await waitFor(() => expect(sent).toEqual([{ planId: 77, lang: 'en', name: null, description: null }]));
  });
});
