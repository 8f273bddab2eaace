import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render.tsx';
import { BLOG_ARTICLES } from './articles.ts';
import { BlogCard, initials } from './blog-card.tsx';

describe('BlogCard', () => {
  const article = BLOG_ARTICLES[1]!;

  it('shows image, category, date, read time, title, excerpt, author and Read More', async () => {
    await renderWithProviders(<BlogCard article={article} />);
    const card = screen.getByRole('article', { name: 'eSIM vs Physical SIM: What Travellers Need to Know' });
    const img = card.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/blog/esim-vs-sim.svg');
    expect(img.getAttribute('alt')).toMatch(/plastic SIM card/);
    expect(img.getAttribute('loading')).toBe('lazy');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['800', '450']);
    expect(screen.getByText('Technology')).toBeTruthy();
    expect(screen.getByText('April 22, 2025')).toBeTruthy();
    expect(card.textContent).toContain('5 min read');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('eSIM vs Physical SIM: What Travellers Need to Know');
    expect(card.textContent).toContain('Daniel Okafor');
    const link = screen.getByRole('link', { name: /^Read More/ });
    expect(link.getAttribute('href')).toBe('/blog/2');
    expect(link.textContent).toContain('about eSIM vs Physical SIM');
  });

  it('falls back to the logo when the image fails', async () => {
    await renderWithProviders(<BlogCard article={article} headingLevel={3} />);
    fireEvent.error(document.querySelector('img')!);
    const fallback = await screen.findByTestId('blog-image-fallback');
    expect(fallback.getAttribute('role')).toBe('img');
    expect(fallback.getAttribute('aria-label')).toMatch(/plastic SIM card/);
    expect(fallback.querySelector('svg')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3 })).toBeTruthy();
  });

  it('makes initials for the avatar', () => {
    expect(initials('Emma Clarke')).toBe('EC');
    expect(initials('Cher')).toBe('C');
    expect(initials('  ana  de  souza ')).toBe('AD');
  });
});
