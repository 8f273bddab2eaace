// useShopForm's timing (spec §5) on a two-field form whose confirmation depends on the password.
import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useShopForm } from './use-shop-form.ts';

type V = { password: string; confirm: string; name: string };

function setup() {
  return renderHook(() =>
    useShopForm<V>({
      name: 'test',
      initialValues: { password: '', confirm: '', name: '' },
      rules: (v) => ({
        ...(v.password.length < 3 ? { password: 'short' } : {}),
        ...(v.confirm !== v.password ? { confirm: 'mismatch' } : {}),
      }),
      transformValues: (v) => ({ ...v, name: v.name.trim() }),
    }),
  );
}

const submit = (form: ReturnType<typeof setup>['result']['current'], onValid: (v: V) => void = () => {}) =>
  act(() => form.onSubmit(onValid)());

describe('useShopForm', () => {
  it('checks nothing before the first submit, everything on it, and the whole form on every change after it', () => {
    const { result } = setup();
    act(() => result.current.setFieldValue('password', 'a'));
    expect(result.current.errors).toEqual({});

    submit(result.current);
    expect(result.current.errors).toEqual({ password: 'short', confirm: 'mismatch' });

    act(() => result.current.setFieldValue('confirm', 'abc'));
    expect(result.current.errors).toEqual({ password: 'short', confirm: 'mismatch' });
    // Changing the password re-checks the confirmation too.
    act(() => result.current.setFieldValue('password', 'abc'));
    expect(result.current.errors).toEqual({});
    act(() => result.current.setFieldValue('password', 'abcd'));
    expect(result.current.errors).toEqual({ confirm: 'mismatch' });
  });

  it('sends the transformed values only when every rule passes', () => {
    const { result } = setup();
    const sent: V[] = [];
    submit(result.current, (v) => sent.push(v));
    expect(sent).toEqual([]);
    act(() => result.current.setValues({ password: 'abc', confirm: 'abc', name: '  Ada ' }));
    submit(result.current, (v) => sent.push(v));
    expect(sent).toEqual([{ password: 'abc', confirm: 'abc', name: 'Ada' }]);
  });

  it("keeps a server's field error until that field changes; reset forgets the submit", () => {
    const { result } = setup();
    act(() => result.current.setValues({ password: 'abc', confirm: 'abc', name: 'taken' }));
    submit(result.current);
    act(() => result.current.setFieldError('name', 'That name is taken'));
    act(() => result.current.setFieldValue('password', 'abcd'));
    expect(result.current.errors).toEqual({ confirm: 'mismatch', name: 'That name is taken' });
    act(() => result.current.setFieldValue('name', 'free'));
    expect(result.current.errors).toEqual({ confirm: 'mismatch' });

    act(() => result.current.reset());
    expect(result.current.values).toEqual({ password: '', confirm: '', name: '' });
    act(() => result.current.setFieldValue('password', 'a'));
    expect(result.current.errors).toEqual({});
  });
});
