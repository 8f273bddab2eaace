import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PLANS } from '../../test/fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { PlanCard } from './plan-card.tsx';
import { readSelectedPlan } from './selected-plan.ts';

const plan = PLANS[1]!;

describe('PlanCard', () => {
  it("'Select Plan' stores the plan in sessionStorage and goes to /checkout", async () => {
    await renderWithProviders(<PlanCard plan={plan} mode="onetime" />);
    await userEvent.setup().click(screen.getByRole('button', { name: `Select Plan – ${plan.name}` }));
    expect(JSON.parse(sessionStorage.getItem('selectedPlan')!)).toEqual(plan);
    expect(readSelectedPlan()).toEqual(plan);
    expect((await screen.findByTestId('location')).textContent).toBe('/checkout');
  });

  it("'Select Plan' in subscription mode goes to /subscribe", async () => {
    await renderWithProviders(<PlanCard plan={plan} mode="subscription" />);
    await userEvent.setup().click(screen.getByRole('button', { name: /^Select Plan – / }));
    expect(JSON.parse(sessionStorage.getItem('selectedPlan')!)).toMatchObject({ id: plan.id });
    expect((await screen.findByTestId('location')).textContent).toBe('/subscribe');
  });

  it("'Buy Now' links to /checkout/{plan id}", async () => {
    await renderWithProviders(<PlanCard plan={plan} mode="onetime" />);
    const buy = screen.getByRole('link', { name: `Buy Now – ${plan.name}` });
    expect(buy.getAttribute('href')).toBe(`/checkout/${plan.id}`);
    expect(buy.textContent).toBe('Buy Now');
    await userEvent.setup().click(buy);
    expect((await screen.findByTestId('location')).textContent).toBe(`/checkout/${plan.id}`);
  });

  it('ignores a stored value that is not a plan', () => {
    sessionStorage.setItem('selectedPlan', '{"foo":1}');
    expect(readSelectedPlan()).toBeNull();
    sessionStorage.setItem('selectedPlan', 'not json');
    expect(readSelectedPlan()).toBeNull();
  });
});
