// Issue 29: 'This is a gift' at checkout. The gift section (gift-section.tsx, a lazy chunk) puts its
// `take` into this slot while it is on the page; the checkout's intent call (use-checkout-intent.ts)
// takes the gift from it when it creates the order, so the payment forms need not know about gifts.
// One checkout page is open at a time: a module-level slot, set on mount and cleared on unmount.

export interface CheckoutGiftInput {
  recipientEmail: string;
  message: string;
  /** 'YYYY-MM-DD'; null: as soon as the eSIM is ready. */
  deliverOn: string | null;
  /** The language of the gift e-mail. */
  locale: string;
}

export interface GiftSlot {
  /** → the gift; null: not a gift; false: the gift form is wrong (its errors are shown, the first field focused). */
  take: (() => CheckoutGiftInput | null | false) | null;
  /** The gift the last order call sent (JSON; 'null': none), so Stripe's Pay resends it only when it changed. */
  sent: string | null;
}

export const checkoutGiftSlot: GiftSlot = { take: null, sent: null };

/** Thrown by the intent call when the gift form is wrong: nothing is sent, the form shows why. */
export class GiftFormInvalid extends Error {
  constructor() {
    super('The gift form has errors.');
  }
}
