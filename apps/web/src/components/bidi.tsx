// Mixed-direction text: a name, an e-mail address, an order id or a plan name inside a sentence of
// the other direction is isolated in a <bdi>, so an English fragment inside Arabic keeps its full
// stop and its numbers where they belong, and an Arabic name inside English does not reorder the
// sentence around it. The text itself is unchanged (no invisible marks to copy or search around).
import { Fragment, type ReactNode } from 'react';

// Stand-ins the translation cannot contain (Unicode private use area), one per value.
const OPEN = '\uE000';
const CLOSE = '\uE001';

/**
 * A translated sentence with each interpolated value in its own <bdi>:
 *   isolated({ email }, (v) => t('contact.signedInAs', v))
 * `format` gets stand-ins in place of the values and must interpolate them as given.
 */
export function isolated<V extends Record<string, string | number>>(
  values: V,
  format: (placeholders: { [K in keyof V]: string }) => string,
): ReactNode {
  const names = Object.keys(values);
  const placeholders = Object.fromEntries(names.map((name, i) => [name, `${OPEN}${i}${CLOSE}`])) as { [K in keyof V]: string };
  const text = format(placeholders);
  const parts = text.split(new RegExp(`${OPEN}(\\d+)${CLOSE}`));
  // split() with a capture group: text, index, text, index, …, text.
  return parts.map((part, i) => {
    if (i % 2 === 0) return part ? <Fragment key={i}>{part}</Fragment> : null;
    const name = names[Number(part)];
    return <bdi key={i}>{name === undefined ? '' : String(values[name])}</bdi>;
  });
}
