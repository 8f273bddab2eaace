import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TRPCError } from '@trpc/server';
import type { TContactInput } from '@esim/api/domain';
import { server, trpcMsw } from '../../test/msw.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ContactForm } from './contact-form.tsx';

async function renderForm() {
  const utils = await renderWithProviders(<ContactForm />);
  const user = userEvent.setup();
  const field = (label: string) => screen.getByRole('textbox', { name: new RegExp(`^${label}`) }) as HTMLInputElement;
  return { ...utils, user, field };
}

describe('ContactForm', () => {
  it('has four required fields and an email input', async () => {
    const { field } = await renderForm();
    expect(field('Name').getAttribute('aria-required')).toBe('true');
    expect(field('Email').getAttribute('type')).toBe('email');
    expect(field('Subject')).toBeTruthy();
    expect(field('Message').tagName).toBe('TEXTAREA');
  });

  it('validates on submit, then again on every change', async () => {
    const { user, field } = await renderForm();
    await user.type(field('Email'), 'nope');
    // Nothing is shown before the first submit.
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getAllByText('Required')).toHaveLength(3);
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Name'));

    await user.type(field('Name'), 'Ann');
    expect(screen.getAllByText('Required')).toHaveLength(2);
    await user.clear(field('Email'));
    await user.type(field('Email'), 'ann@example.com');
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
  });

  it('sends support.contact, toasts "Message Sent" and clears the form', async () => {
    let received: TContactInput | undefined;
    server.use(
      trpcMsw.support.contact.mutation(({ input }) => {
        received = input;
        return { id: 7, createdAt: '2025-05-12T10:00:00.000Z', ticketNumber: 'T-000007' };
      }),
    );
    const { user, field } = await renderForm();
    await user.type(field('Name'), 'Ann Traveller');
    await user.type(field('Email'), 'Ann@Example.com');
    await user.type(field('Subject'), 'Roaming');
    await user.type(field('Message'), 'My eSIM does not connect in Lisbon.');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Message Sent')).toBeTruthy();
    // Issue 30: the message opened a ticket; the toast gives its number.
    expect(screen.getByText('Thank you. Your request number is T-000007. We have e-mailed you a confirmation.')).toBeTruthy();
    expect(received).toEqual({
      name: 'Ann Traveller',
      email: 'ann@example.com',
      subject: 'Roaming',
      message: 'My eSIM does not connect in Lisbon.',
    });
    await waitFor(() => expect(field('Name').value).toBe(''));
    expect(field('Email').value).toBe('');
    expect(field('Subject').value).toBe('');
    expect(field('Message').value).toBe('');
    // Cleared, not invalid: no messages until the next submit.
    expect(screen.queryByText('Required')).toBeNull();
  });

  it("shows the server's message in a destructive toast and keeps the text", async () => {
    server.use(
      trpcMsw.support.contact.mutation(() => {
        throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: 'Too many messages from this address. Please try again later.' });
      }),
    );
    const { user, field } = await renderForm();
    await user.type(field('Name'), 'Ann');
    await user.type(field('Email'), 'ann@example.com');
    await user.type(field('Subject'), 'Hi');
    await user.type(field('Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Message not sent')).toBeTruthy();
    expect(screen.getByText('Too many messages from this address. Please try again later.')).toBeTruthy();
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(field('Message').value).toBe('Hello');
  });
});
