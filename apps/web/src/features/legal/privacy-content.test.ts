// The privacy page states the retention periods from the same constants the code acts on (issue 31):
// change a constant and the page's text follows.
import { describe, expect, it } from 'vitest';
import { DELETION_LINK_MINUTES, PURCHASE_EVIDENCE_DAYS, REQUEST_COUNTER_MAX_MINUTES } from '@esim/api/domain/data-rights';
import { privacySections } from './privacy-content.ts';

const textOf = (id: string) =>
  JSON.stringify(privacySections({ product: 'Shop' } as Parameters<typeof privacySections>[0]).find((s) => s.id === id)?.blocks);

describe('privacy page: retention from the code’s constants', () => {
  it('says how long each kept thing is kept, with the numbers the code uses', () => {
    const retention = textOf('retention');
    expect(retention).toContain(`${PURCHASE_EVIDENCE_DAYS} days after the purchase, then cleared automatically`);
    expect(retention).toContain(`works once for ${DELETION_LINK_MINUTES} minutes`);
    expect(retention).toContain(`at most ${REQUEST_COUNTER_MAX_MINUTES} minutes`);
  });

  it('lists the purchase evidence among what is collected', () => {
    expect(textOf('collect')).toContain('the IP address and browser (User-Agent) each purchase was made from');
  });

  it('lists every cookie the shop sets', () => {
    const cookies = textOf('cookies');
    for (const name of ['esim_dev', 'esim_ref']) expect(cookies).toContain(`(${name})`);
  });
});
