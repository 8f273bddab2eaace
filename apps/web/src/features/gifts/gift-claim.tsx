// Issue 29: /esim-link?gift=…, the gift e-mail's link (the guest eSIM page's route, so no route of
// its own in the shop's first chunk). Shows the plan and the message (gifts.preview: never the
// install details), then 'Claim my eSIM' (gifts.claim, once): signed in → into the account, the
// eSIM's page next; a guest → the guest eSIM page with the recipient's own link (also e-mailed).
import { useState } from 'react';
import { Alert, Anchor, Blockquote, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../../lib/trpc.ts';
import { callError } from '../auth/trpc-error.ts';
import { useEsimDestination } from '../esim/esim-life.tsx';
import classes from '../esim/esim-detail.module.css';

export default function GiftClaimScreen({ token }: { token: string }) {
  const { t } = useTranslation('gifts');
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const preview = useQuery(trpc.gifts.preview.queryOptions({ token }, { retry: false, staleTime: 0 }));
  const me = useQuery(trpc.auth.me.queryOptions());
  const claim = useMutation(
    trpc.gifts.claim.mutationOptions({
      onSuccess: (r) => {
        if (r.linkToken) void navigate({ to: '/esim-link', search: { token: r.linkToken }, replace: true });
        else void navigate({ to: '/account/esim/$iccid', params: { iccid: r.iccid }, replace: true });
      },
      onError: (err) => {
        const e = callError(err);
        const reason = e.details.reason;
        setError(
          reason === 'already_claimed'
            ? t('claim.claimed')
            : reason === 'refunded'
              ? t('claim.refunded')
              : e.code === 'NOT_FOUND'
                ? t('claim.invalid')
                : t('claim.failed'),
        );
      },
    }),
  );
  if (preview.isPending) return <Skeleton height={220} radius="lg" />;
  if (preview.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title={t('claim.title')} data-testid="gift-claim-invalid">
        {t('claim.invalid')}
      </Alert>
    );
  }
  const gift = preview.data;
  const over = gift.status === 'claimed' ? t('claim.claimed') : gift.status === 'refunded' ? t('claim.refunded') : null;
  const signedIn = Boolean(me.data);
  return (
    <section aria-labelledby="gift-claim-title" className={classes.panel} data-testid="gift-claim">
      <Stack gap="md">
        <Title order={1} fz={{ base: 24, sm: 28 }} id="gift-claim-title">
          <IconGift size={26} aria-hidden style={{ verticalAlign: 'middle', marginInlineEnd: 8 }} />
          {t('claim.title')}
        </Title>
        <PlanName facts={gift.planFacts} fallback={gift.planName} />
        {gift.message ? (
          <Blockquote p="sm" color="blue" cite={t('claim.messageLabel')}>
            <span dir="auto">{gift.message}</span>
          </Blockquote>
        ) : null}
        {over ? (
          <Alert color="yellow" variant="light" role="alert" data-testid="gift-claim-over">
            {over}
          </Alert>
        ) : (
          <>
            <Text size="sm">
              {signedIn ? (
                t('claim.intoAccount')
              ) : (
                <>
                  {t('claim.asGuest')}{' '}
                  <Anchor component={Link} to="/login" search={{ redirect: `/esim-link?gift=${token}` } as never} fw={600}>
                    {t('claim.signIn')}
                  </Anchor>
                </>
              )}
            </Text>
            {error ? (
              <Alert color="red" variant="light" role="alert" data-testid="gift-claim-error">
                {error}
              </Alert>
            ) : null}
            <div>
              <Button size="md" loading={claim.isPending} onClick={() => claim.mutate({ token })} data-testid="gift-claim-button">
                {t('claim.button')}
              </Button>
            </div>
          </>
        )}
      </Stack>
    </section>
  );
}

function PlanName({ facts, fallback }: { facts: Parameters<typeof useEsimDestination>[0]; fallback: string }) {
  const destination = useEsimDestination(facts, fallback);
  return (
    <Text fw={700} size="lg">
      {destination.planName}
    </Text>
  );
}
