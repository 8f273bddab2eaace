import { describe, expect, it } from 'vitest';
import { formatChartDay, formatMb, formatPercent, iccidTail } from './esim-format.ts';

describe('eSIM figures', () => {
  it.each([
    [0, '0 MB'],
    [412, '412 MB'],
    [1023.6, '1,024 MB'],
    [1024, '1 GB'],
    [1536, '1.5 GB'],
    [5120, '5 GB'],
    [-3, '0 MB'],
  ])('%s MB → %s', (mb, text) => {
    expect(formatMb(mb, 'en')).toBe(text);
  });

  it('percent and chart days in the UI language', () => {
    expect(formatPercent(40, 'en')).toBe('40%');
    expect(formatChartDay('2026-06-03', 'en')).toBe('Jun 3');
    expect(formatChartDay('2026-06-03', 'de')).toBe('3. Juni');
    expect(iccidTail('8999912345678901234')).toBe('1234');
  });
});
