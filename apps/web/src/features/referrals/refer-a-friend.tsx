// 'Refer a friend' on the rewards page (issue 29), a lazy chunk of its own: the account's link and
// code with copy buttons, the friends' progress (invited, bought, rewarded — never who they are)
// and the points earned. referrals.mine is a mutation (it makes the code on first use), run once
// when the section opens.
import { useEffect } from 'react';
import { Alert, Button, CopyButton, Group, List, Paper, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconCopy, IconUsers } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../../lib/trpc.ts';

export default function ReferAFriend() {
  const { t, i18n } = useTranslation('referrals');
  const tt = t as unknown as (key: string, opts?: Record<string, unknown>) => string;
  const trpc = useTRPC();
  const mine = useMutation(trpc.referrals.mine.mutationOptions());
  const { mutate } = mine;
  useEffect(() => mutate(), [mutate]);
  const number = (n: number) => new Intl.NumberFormat(i18n.language || 'en').format(n);

  return (
    <Paper
      component="section"
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'xl' }}
      mt="xl"
      aria-labelledby="refer-a-friend-title"
      data-testid="refer-a-friend"
    >
      <Group gap="xs" mb="xs" wrap="nowrap">
        <IconUsers size={22} aria-hidden />
        <Title order={2} fz={{ base: 20, sm: 24 }} id="refer-a-friend-title">
          {tt('section.title')}
        </Title>
      </Group>
      {mine.isError ? (
        <Alert color="red" variant="light" role="alert" title={tt('section.error')}>
          <Button size="compact-sm" variant="light" color="red.9" onClick={() => mutate()}>
            {tt('section.retry')}
          </Button>
        </Alert>
      ) : !mine.data ? (
        <Stack gap="sm" aria-busy="true" aria-label={tt('section.loading')}>
          <Skeleton height={20} />
          <Skeleton height={36} />
        </Stack>
      ) : (
        <Stack gap="md">
          <Text c="dimmed">{tt('section.intro', { percent: mine.data.discountPercent, points: number(mine.data.rewardPoints) })}</Text>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label={tt('section.linkLabel')}
              value={mine.data.link}
              readOnly
              dir="ltr"
              style={{ flex: '1 1 260px', minWidth: 0 }}
              data-testid="referral-link"
            />
            <CopyButton value={mine.data.link}>
              {({ copied, copy }) => (
                <Button
                  onClick={copy}
                  variant={copied ? 'light' : 'filled'}
                  color={copied ? 'green.9' : 'blue.8'}
                  leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                  data-testid="referral-copy-link"
                >
                  {copied ? tt('section.copied') : tt('section.copyLink')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Group gap="sm" wrap="wrap">
            <Text size="sm">
              {tt('section.codeLabel')}:{' '}
              <Text span fw={700} ff="monospace" dir="ltr" data-testid="referral-code">
                {mine.data.code}
              </Text>
            </Text>
            <CopyButton value={mine.data.code}>
              {({ copied, copy }) => (
                <Button size="compact-sm" variant="light" color="blue.9" onClick={copy}>
                  {copied ? tt('section.copied') : tt('section.copyCode')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Title order={3} fz="md">
            {tt('section.friendsTitle')}
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            {(
              [
                ['invited', mine.data.invited],
                ['bought', mine.data.bought],
                ['rewarded', mine.data.rewarded],
                ['earned', mine.data.pointsEarned],
              ] as const
            ).map(([key, n]) => (
              <Paper key={key} withBorder radius="md" p="sm" data-testid={`referral-${key}`}>
                <Text size="xs" c="dimmed">
                  {tt(`section.${key}`)}
                </Text>
                <Text fw={700} fz="lg">
                  {number(n)}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
          {mine.data.friends.length === 0 ? (
            <Text size="sm" c="dimmed">
              {tt('section.none')}
            </Text>
          ) : (
            <List size="sm" spacing={4}>
              {mine.data.friends.map((f, i) => (
                <List.Item key={f.id}>
                  {tt('section.friend', { n: number(mine.data.friends.length - i) })} — {tt(`section.progress.${f.progress}`)}
                </List.Item>
              ))}
            </List>
          )}
        </Stack>
      )}
    </Paper>
  );
}
