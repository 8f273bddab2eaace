import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TRPCError } from '@trpc/server';
import { server, trpcMsw } from '../../test/msw.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { NewsletterForm } from './newsletter-form.tsx';

describe('NewsletterForm', () => {
  it('subscribes with the e-mail, language and source, asks to confirm by e-mail and clears the field', async () => {
    const calls: unknown[] = [];
    server.use(
      trpcMsw.support.subscribe.mutation(({ input }) => {
        calls.push(input);
        return { ok: true as const };
      }),
    );
    await renderWithProviders(<NewsletterForm />);
    const user = userEvent.setup();
    const input = screen.getByRole('textbox', { name: /Email address/ });
    expect(input.getAttribute('type')).toBe('email');
    expect(input.hasAttribute('required')).toBe(true);

    await user.type(input, '  traveller@example.com ');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    // Double opt-in (issue 30): the toast asks to open the e-mailed confirmation link.
    expect(await screen.findByText(/please open the link we have e-mailed you to confirm/)).toBeTruthy();
    expect(calls).toEqual([{ email: 'traveller@example.com', locale: 'en', source: 'blog' }]);
    await waitFor(() => expect((input as HTMLInputElement).value).toBe(''));
  });

  it('does not call the server with an empty or invalid address', async () => {
    let called = false;
    server.use(
      trpcMsw.support.subscribe.mutation(() => {
        called = true;
        return { ok: true as const };
      }),
    );
    await renderWithProviders(<NewsletterForm />);
    const input = screen.getByRole('textbox', { name: /Email address/ });
    fireEvent.submit(input.closest('form')!);
    fireEvent.change(input, { target: { value: 'not-an-email' } });
    fireEvent.submit(input.closest('form')!);
    await new Promise((r) => setTimeout(r, 50));
    expect(called).toBe(false);
  });

  it('shows a destructive toast and keeps the address when the server refuses', async () => {
    server.use(
      trpcMsw.support.subscribe.mutation(() => {
        throw new TRPCError({ code: 'TOO_MANY_REQUESTS' });
      }),
    );
    await renderWithProviders(<NewsletterForm />);
    const user = userEvent.setup();
    const input = screen.getByRole('textbox', { name: /Email address/ });
    await user.type(input, 'busy@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Subscription failed')).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('busy@example.com');
  });
});
