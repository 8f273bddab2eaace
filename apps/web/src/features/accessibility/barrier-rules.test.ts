import { describe, expect, it } from 'vitest';
import { barrierMessage, validateBarrier } from './barrier-rules.ts';

const ok = { name: 'Ada', email: 'Ada@Example.com ', page: 'Coverage globe', problem: 'No keyboard access.', assistive: '' };

describe('a barrier report', () => {
  it('becomes a support message the contact service accepts', () => {
    expect(validateBarrier(ok)).toEqual({});
    expect(barrierMessage(ok)).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      subject: 'Accessibility barrier: Coverage globe',
      message:
        'Accessibility barrier reported through /accessibility.\nPage or feature: Coverage globe\nAssistive technology: not given\n\nNo keyboard access.',
    });
  });
  it.each([
    [
      'empty',
      { name: '', email: '', page: '', problem: '', assistive: '' },
      { name: 'required', email: 'required', page: 'required', problem: 'required' },
    ],
    ['a bad address', { ...ok, email: 'ada@' }, { email: 'email' }],
    [
      'too long',
      { ...ok, page: 'p'.repeat(201), problem: 'x'.repeat(8001), assistive: 'a'.repeat(201) },
      { page: 'tooLong', problem: 'tooLong', assistive: 'tooLong' },
    ],
  ])('%s', (_what, values, errors) => {
    expect(validateBarrier(values)).toEqual(errors);
  });
});
