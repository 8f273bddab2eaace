// 'Find my order' (issue 26): a guest gives the address they bought with and the order number, and
// the shop e-mails the order's 'Manage your eSIM' link (esimLinks.findOrder). The server answers
// the same whether or not such an order exists, so the page does too: one neutral confirmation.
// Its refusals are the form's: too many requests (per address, per network) in an alert with the
// wait, a bad field on that field. Loaded lazily (find-order.tsx) by /login, /support and
// /order-success, so none of it is in the shop's first chunk.
import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useShopForm } from '../../lib/forms/use-shop-form.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { callError, type CallError } from '../auth/trpc-error.ts';
import { validateFindOrder, type FindOrderValues } from './rules.ts';

export interface FindOrderFormProps {
  /** Pre-filled (the order-success page knows both). */
  email?: string | undefined;
  orderNumber?: string | undefined;
  /** 'resend': the order-success page's 'Send me the link again' wording. */
  variant?: 'find' | 'resend';
  /** The heading's level in the page (2 by default). */
  titleOrder?: 2 | 3;
  /** Focus the e-mail field when shown (opened by a button that then goes away). */
  focusOnOpen?: boolean;
}

const FIELDS = ['email', 'orderNumber'] as const;

export function FindOrderForm({ email = '', orderNumber = '', variant = 'find', titleOrder = 2, focusOnOpen = false }: FindOrderFormProps) {
  const { t } = useTranslation('esim');
  const trpc = useTRPC();
  const titleId = useId();
  const request = useMutation(trpc.esimLinks.findOrder.mutationOptions());
  const form = useShopForm<FindOrderValues>({
    name: `find-order-${variant}`,
    initialValues: { email, orderNumber },
    rules: (v) => {
      const { errors } = validateFindOrder(v);
      return Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, t(key)]));
    },
    transformValues: (v) => validateFindOrder(v).data,
  });

  const onSubmit = form.onSubmit((input) =>
    request.mutate(input, {
      onError: (error) => {
        // The server's own field messages (the same rules) land on their fields.
        for (const [field, messages] of Object.entries(callError(error).fieldErrors)) {
          if (messages?.[0] && (FIELDS as readonly string[]).includes(field))
            form.setFieldError(
              field,
              field === 'email'
                ? t('findOrder.validation.email')
                : messages[0] === 'Required'
                  ? t('findOrder.validation.required')
                  : t('findOrder.validation.orderNumber'),
            );
        }
      },
    }),
  );

  const focusedOnOpen = useRef(false);
  useEffect(() => {
    if (!focusOnOpen || focusedOnOpen.current) return;
    focusedOnOpen.current = true;
    form.getInputNode('email')?.focus();
  });

  // 'Find another order': the form again, as it was, with the focus back on its first field.
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current || request.isSuccess) return;
    refocus.current = false;
    form.getInputNode('email')?.focus();
  });

  // The form goes: focus moves to the answer, which is read out.
  const sentRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (request.isSuccess) sentRef.current?.focus();
  }, [request.isSuccess]);

  const title = variant === 'resend' ? t('findOrder.resendTitle') : t('findOrder.title');
  const problem = request.isError ? problemText(callError(request.error), t) : null;

  return (
    <section aria-labelledby={titleId} data-testid="find-order">
      <Title order={titleOrder} fz="lg" id={titleId}>
        {title}
      </Title>
      {request.isSuccess ? (
        <Stack gap="sm" mt="sm">
          <Alert
            ref={sentRef}
            tabIndex={-1}
            color="green"
            variant="light"
            role="status"
            icon={<IconMailForward size={18} aria-hidden />}
            title={t('findOrder.sentTitle')}
          >
            <Text size="sm">{t('findOrder.sent')}</Text>
            <Text size="sm" mt="xs">
              {t('findOrder.spamHint')}
            </Text>
          </Alert>
          <Button
            variant="default"
            onClick={() => {
              refocus.current = true;
              request.reset();
            }}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('findOrder.again')}
          </Button>
        </Stack>
      ) : (
        <form onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
          <Text size="sm" c="dimmed" mt={4} mb="md">
            {variant === 'resend' ? t('findOrder.resendIntro') : t('findOrder.intro')}
          </Text>
          <Stack gap="md">
            <TextInput
              label={t('findOrder.email')}
              type="email"
              dir="ltr"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              required
              {...form.getInputProps('email')}
            />
            <TextInput
              label={t('findOrder.orderNumber')}
              description={t('findOrder.orderNumberHint')}
              placeholder="ORD-…"
              dir="ltr"
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              required
              {...form.getInputProps('orderNumber')}
            />
            {problem ? (
              <Alert color="red" variant="light" role="alert">
                {problem}
              </Alert>
            ) : null}
            <Button type="submit" disabled={request.isPending} style={{ alignSelf: 'flex-start' }}>
              {request.isPending ? t('findOrder.submitting') : variant === 'resend' ? t('findOrder.resend') : t('findOrder.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </section>
  );
}

/** The form's error: a wait after too many requests, a word on bad input, else 'try again'. */
function problemText(e: CallError, t: TFunction<'esim'>): string {
  if (e.code === 'TOO_MANY_REQUESTS') {
    const seconds = Number(e.details['retryAfterSeconds']);
    const minutes = Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds / 60) : null;
    const perAddress = e.details['reason'] === 'order_link_requests_per_address';
    if (minutes === null) return perAddress ? t('findOrder.throttledAddressLater') : t('findOrder.throttledLater');
    return perAddress ? t('findOrder.throttledAddress', { count: minutes }) : t('findOrder.throttled', { count: minutes });
  }
  if (e.code === 'BAD_REQUEST') return t('findOrder.badInput');
  return t('findOrder.failed');
}

export default FindOrderForm;
