// Issue 29: 'This is a gift' at checkout, the input's shape (payments.createIntent's `gift`). The
// rules beyond the shape (not the buyer's own address, the date's range) are the service's
// (services/gifts/checkout-gift.ts), with the same messages as the account's 'Give as a gift'.
import { z } from 'zod';
import { GIFT_MESSAGE_MAX } from './gifts.ts';
import { ZEmail } from './validation.ts';

export const ZCheckoutGift = z.object(
  {
    recipientEmail: ZEmail,
    message: z.string().max(GIFT_MESSAGE_MAX, `The message can be at most ${GIFT_MESSAGE_MAX} characters.`).default(''),
    /** 'YYYY-MM-DD' (today up to a year ahead); absent: as soon as the eSIM is ready. */
    deliverOn: z.string().trim().max(40, 'The delivery date is not a date. Use the date picker.').nullish(),
    /** The language of the gift e-mail (default: the checkout's). */
    locale: z
      .string()
      .trim()
      .min(2, 'Choose the language of the gift e-mail.')
      .max(16, 'Choose the language of the gift e-mail.')
      .optional(),
  },
  { error: 'The gift needs the recipient’s e-mail address.' },
);
export type TCheckoutGift = z.infer<typeof ZCheckoutGift>;
