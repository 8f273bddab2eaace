// The demo card form's fields: card number in groups of four, expiry MM / YY, CVC, and the
// test-card hint (each number fills the field). Numbers stay left-to-right in RTL languages.
import type { ReactNode, Ref } from 'react';
import { Badge, Group, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TEST_CARDS, cardBrand, digitsOnly, formatCardNumber, formatExpiry, type CardField, type CardValues } from './card-format.ts';
import classes from './checkout.module.css';

export interface DemoCardFieldsProps {
  values: CardValues;
  onChange: (values: CardValues) => void;
  /** Each field's message, already translated. */
  errors: Partial<Record<CardField, ReactNode>>;
  disabled?: boolean;
  refs?: Partial<Record<CardField, Ref<HTMLInputElement>>>;
}

export function DemoCardFields({ values, onChange, errors, disabled, refs = {} }: DemoCardFieldsProps) {
  const { t } = useTranslation('checkout');
  const brand = cardBrand(digitsOnly(values.number));
  return (
    <Stack gap="sm">
      <TextInput
        ref={refs.number}
        label={t('card.number')}
        name="cardnumber"
        autoComplete="cc-number"
        inputMode="numeric"
        dir="ltr"
        placeholder="1234 1234 1234 1234"
        value={values.number}
        onChange={(e) => onChange({ ...values, number: formatCardNumber(e.currentTarget.value) })}
        error={errors.number ?? null}
        disabled={disabled}
        size="md"
        maxLength={23}
        leftSection={<IconCreditCard size={18} aria-hidden />}
        rightSection={
          brand !== 'unknown' ? (
            <Badge size="sm" variant="default" aria-hidden>
              {t(`card.brands.${brand}`)}
            </Badge>
          ) : null
        }
        rightSectionWidth={brand === 'amex' ? 150 : 100}
        rightSectionPointerEvents="none"
        data-testid="card-number"
      />
      <SimpleGrid cols={2} spacing="sm">
        <TextInput
          ref={refs.expiry}
          label={t('card.expiry')}
          name="cc-exp"
          autoComplete="cc-exp"
          inputMode="numeric"
          dir="ltr"
          placeholder={t('card.expiryPlaceholder')}
          value={values.expiry}
          onChange={(e) => {
            const next = e.currentTarget.value;
            onChange({ ...values, expiry: formatExpiry(next, next.length < values.expiry.length) });
          }}
          error={errors.expiry ?? null}
          disabled={disabled}
          size="md"
          maxLength={7}
          data-testid="card-expiry"
        />
        <TextInput
          ref={refs.cvc}
          label={t('card.cvc')}
          name="cvc"
          autoComplete="cc-csc"
          inputMode="numeric"
          dir="ltr"
          placeholder={brand === 'amex' ? '1234' : '123'}
          value={values.cvc}
          onChange={(e) => onChange({ ...values, cvc: digitsOnly(e.currentTarget.value, 4) })}
          error={errors.cvc ?? null}
          disabled={disabled}
          size="md"
          maxLength={4}
          title={t('card.cvcHint')}
          data-testid="card-cvc"
        />
      </SimpleGrid>
    </Stack>
  );
}

/** 'Test cards': the demo provider follows Stripe's; pressing one fills the card number. */
export function TestCardHint({ onUse, disabled }: { onUse: (number: string) => void; disabled?: boolean }) {
  const { t } = useTranslation('checkout');
  return (
    <div className={classes.testCards}>
      <Text size="sm" fw={700} id="test-cards-heading">
        {t('demo.testCards')}
      </Text>
      <ul className={classes.testCardList} aria-labelledby="test-cards-heading">
        {TEST_CARDS.map((card) => (
          <li key={card.number}>
            <UnstyledButton className={classes.testCard} onClick={() => onUse(card.number)} disabled={disabled}>
              <Group gap={8} wrap="nowrap" justify="space-between">
                <Text span ff="monospace" size="sm" dir="ltr" fw={600} style={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
                  {card.number}
                </Text>{' '}
                <Text span size="xs" c="dimmed" ta="end">
                  {t(`demo.outcomes.${card.outcome}`)}
                </Text>
              </Group>
            </UnstyledButton>
          </li>
        ))}
      </ul>
    </div>
  );
}
