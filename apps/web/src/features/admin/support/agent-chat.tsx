// The back office's live chat (issue 30), the 'Live chat' tab of /admin/support, a lazy chunk.
// While it is open the agent is online (a heartbeat every 10 s: the shop's badge says 'Available
// 24/7' only then). The open chats (polled every 3 s, the longest waiting first), one chat's thread
// over server-sent events (GET /api/admin/chat/stream, through the database, so any instance
// serves it), the answer box (Enter sends; typing is signalled), read state both ways. The owner
// sets the office hours and the answer timeout here.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  Badge,
  Button,
  Chip,
  Group,
  NumberInput,
  Paper,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../../../lib/trpc.ts';
import { mergeMessages, systemText, type ChatMessage } from '../../chat/chat-messages.ts';
import { callError } from '../../auth/trpc-error.ts';
import { formatDateTime } from '../ui/format.ts';

const HEARTBEAT_MS = 10_000;

interface ChatState {
  status: string;
  ticketNumber: string | null;
  typing: boolean;
  readId: number;
  hasEmail: boolean;
}

export default function AgentChat({ isOwner }: { isOwner: boolean }) {
  const { t } = useTranslation('chat-admin');
  const trpc = useTRPC();
  const [selected, setSelected] = useState<number | null>(null);
  const heartbeat = useMutation(trpc.admin.chat.heartbeat.mutationOptions());
  const list = useQuery({ ...trpc.admin.chat.list.queryOptions(), refetchInterval: 3000 });

  // Online while this view is open.
  useEffect(() => {
    heartbeat.mutate();
    const timer = setInterval(() => heartbeat.mutate(), HEARTBEAT_MS);
    return () => clearInterval(timer);
  }, []);

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('online')} {t('noBot')}
      </Text>
      <Group align="flex-start" gap="md" wrap="wrap">
        <Paper withBorder p="sm" style={{ flex: '1 1 240px', minWidth: 0 }} component="section" aria-labelledby="agent-chat-list">
          <Title order={2} size="h4" id="agent-chat-list" mb="xs">
            {t('list')}
          </Title>
          {list.data && list.data.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('none')}
            </Text>
          ) : null}
          <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {(list.data ?? []).map((c) => (
              <li key={c.id}>
                <UnstyledButton
                  onClick={() => setSelected(c.id)}
                  aria-current={selected === c.id ? 'true' : undefined}
                  style={{
                    display: 'block',
                    width: '100%',
                    padding: 8,
                    borderRadius: 6,
                    background: selected === c.id ? 'var(--mantine-color-blue-0)' : undefined,
                  }}
                >
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Text fw={600} size="sm">
                      #{c.id} · <bdi>{c.name ?? (c.guest ? t('guest') : t('traveller'))}</bdi> · {c.locale}
                    </Text>
                    {c.unread > 0 ? (
                      <Badge color="red.8" size="sm">
                        {t('unread', { count: c.unread })}
                      </Badge>
                    ) : null}
                  </Group>
                  {c.lastMessage ? (
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      <bdi>{c.lastMessage}</bdi>
                    </Text>
                  ) : null}
                  {c.waitingSince ? (
                    <Text size="xs" c="orange.9">
                      {t('waiting', { time: formatDateTime(c.waitingSince) })}
                    </Text>
                  ) : null}
                  {c.status === 'needs_email' ? (
                    <Text size="xs" c="dimmed">
                      {t('needsEmail')}
                    </Text>
                  ) : null}
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        </Paper>
        <div style={{ flex: '2 1 320px', minWidth: 0 }}>
          {selected === null ? (
            <Text size="sm" c="dimmed">
              {t('pick')}
            </Text>
          ) : (
            <AgentThread key={selected} id={selected} />
          )}
        </div>
      </Group>
      <OfficeHours isOwner={isOwner} />
    </Stack>
  );
}

function AgentThread({ id }: { id: number }) {
  const { t } = useTranslation('chat-admin');
  const { t: tc } = useTranslation('chat');
  const tx = tc as unknown as (key: string, params?: Record<string, unknown>) => string;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const titleId = useId();
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [state, setState] = useState<ChatState | null>(null);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const lastTyping = useRef(0);
  const lastRead = useRef(0);
  const answer = useMutation(trpc.admin.chat.answer.mutationOptions());
  const typing = useMutation(trpc.admin.chat.typing.mutationOptions());
  const read = useMutation(trpc.admin.chat.read.mutationOptions());
  const close = useMutation(trpc.admin.chat.close.mutationOptions());

  useEffect(() => {
    const source = new EventSource(`/api/admin/chat/stream?id=${id}`);
    source.addEventListener('message', (e) => {
      const m = JSON.parse((e as MessageEvent<string>).data) as ChatMessage;
      setMessages((current) => {
        if (m.author === 'customer' && !current.some((c) => c.id === m.id)) setAnnouncement(`${t('customer')}: ${m.body}`);
        return mergeMessages(current, [m]);
      });
    });
    source.addEventListener('state', (e) => setState(JSON.parse((e as MessageEvent<string>).data) as ChatState));
    inputRef.current?.focus();
    return () => source.close();
  }, [id, t]);

  useEffect(() => {
    const top = messages.at(-1)?.id ?? 0;
    if (top > lastRead.current) {
      lastRead.current = top;
      read.mutate({ id, lastId: top });
      void queryClient.invalidateQueries({ queryKey: trpc.admin.chat.list.queryKey() });
    }
  }, [messages, id]);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const body = draft.trim();
    if (!body) return;
    setError(null);
    try {
      const sent = await answer.mutateAsync({ id, body });
      setMessages((current) => mergeMessages(current, [sent]));
      setDraft('');
    } catch (err) {
      setError(t('sendFailed', { message: callError(err).message }));
    }
    inputRef.current?.focus();
  };

  const lastMine = [...messages].reverse().find((m) => m.author === 'agent');
  const closed = state?.status === 'ticket' || state?.status === 'closed';

  return (
    <Paper withBorder p="sm" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId} mb="xs">
        {t('thread', { id })}
      </Title>
      <Stack
        gap={6}
        component="ol"
        aria-label={t('thread', { id })}
        style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 360, overflowY: 'auto' }}
      >
        {messages.map((m) => (
          <li
            key={m.id}
            style={{ alignSelf: m.author === 'agent' ? 'flex-end' : m.author === 'customer' ? 'flex-start' : 'center', maxWidth: '85%' }}
          >
            <Paper p={6} radius="md" bg={m.author === 'agent' ? 'blue.0' : m.author === 'customer' ? 'gray.1' : 'orange.0'}>
              {m.author !== 'system' ? (
                <Text size="xs" c="gray.7">
                  {m.author === 'agent' ? t('agent') : t('customer')} · {formatDateTime(m.createdAt)}
                </Text>
              ) : null}
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                <bdi>{m.author === 'system' ? systemText(m.body, tx) : m.body}</bdi>
              </Text>
              {m.id === lastMine?.id && state && state.readId >= m.id ? (
                <Text size="xs" c="gray.7">
                  {t('read')}
                </Text>
              ) : null}
            </Paper>
          </li>
        ))}
      </Stack>
      <Text size="xs" c="gray.7" mih={18}>
        {state?.typing ? t('typing') : null}
      </Text>
      <div
        aria-live="polite"
        aria-atomic="true"
        style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
      >
        {announcement}
      </div>
      {closed ? (
        <Text size="sm" c="orange.9">
          {state?.ticketNumber ? t('becameTicket', { number: state.ticketNumber }) : t('closedNote')}
        </Text>
      ) : (
        <form onSubmit={submit}>
          <Textarea
            ref={inputRef}
            label={t('answerLabel')}
            value={draft}
            onChange={(e) => {
              setDraft(e.currentTarget.value);
              if (Date.now() - lastTyping.current > 3000) {
                lastTyping.current = Date.now();
                typing.mutate({ id });
              }
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                void submit();
              }
            }}
            autosize
            minRows={2}
            maxLength={2000}
            error={error}
          />
          <Group gap="xs" mt="xs">
            <Button type="submit" loading={answer.isPending}>
              {t('send')}
            </Button>
            <Button
              variant="default"
              loading={close.isPending}
              onClick={async () => {
                try {
                  await close.mutateAsync({ id });
                  void queryClient.invalidateQueries({ queryKey: trpc.admin.chat.list.queryKey() });
                } catch (err) {
                  setError(t('sendFailed', { message: callError(err).message }));
                }
              }}
            >
              {t('closeChat')}
            </Button>
          </Group>
        </form>
      )}
    </Paper>
  );
}

const DAYS = [1, 2, 3, 4, 5, 6, 0];

function OfficeHours({ isOwner }: { isOwner: boolean }) {
  const { t, i18n } = useTranslation('chat-admin');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.admin.chat.settings.queryOptions());
  const save = useMutation(trpc.admin.chat.saveSettings.mutationOptions());
  const [form, setForm] = useState<{
    alwaysOpen: boolean;
    timeZone: string;
    days: number[];
    open: string;
    close: string;
    minutes: number;
  } | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    if (settings.data && !form) setForm({ ...settings.data.hours, minutes: Math.round(settings.data.answerTimeoutMs / 60_000) });
  }, [settings.data, form]);
  if (!form) return null;
  const dayName = (d: number) =>
    new Intl.DateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 2, 1 + d)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await save.mutateAsync({
        hours: { alwaysOpen: form.alwaysOpen, timeZone: form.timeZone, days: form.days, open: form.open, close: form.close },
        answerTimeoutMs: Math.round(form.minutes * 60_000),
      });
      setMessage(t('saved'));
      void queryClient.invalidateQueries({ queryKey: trpc.admin.chat.settings.queryKey() });
    } catch (err) {
      setMessage(callError(err).message);
    }
  };

  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="agent-chat-hours">
      <Title order={2} size="h4" id="agent-chat-hours" mb="xs">
        {t('settings')}
      </Title>
      {!isOwner ? (
        <Text size="sm" c="dimmed" mb="xs">
          {t('ownerOnly')}
        </Text>
      ) : null}
      <form onSubmit={submit}>
        <fieldset disabled={!isOwner} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack gap="xs">
            <Switch
              label={t('alwaysOpen')}
              checked={form.alwaysOpen}
              onChange={(e) => setForm({ ...form, alwaysOpen: e.currentTarget.checked })}
            />
            <TextInput
              label={t('timeZone')}
              value={form.timeZone}
              onChange={(e) => setForm({ ...form, timeZone: e.currentTarget.value })}
            />
            <div role="group" aria-labelledby="agent-chat-days">
              <Text size="sm" fw={500} id="agent-chat-days">
                {t('days')}
              </Text>
              <Chip.Group multiple value={form.days.map(String)} onChange={(v) => setForm({ ...form, days: v.map(Number) })}>
                <Group gap="xs" mt={4}>
                  {DAYS.map((d) => (
                    <Chip key={d} value={String(d)} size="xs">
                      {dayName(d)}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            </div>
            <Group gap="xs">
              <TextInput
                label={t('open')}
                type="time"
                value={form.open}
                onChange={(e) => setForm({ ...form, open: e.currentTarget.value })}
              />
              <TextInput
                label={t('close')}
                type="time"
                value={form.close}
                onChange={(e) => setForm({ ...form, close: e.currentTarget.value })}
              />
            </Group>
            <NumberInput
              label={t('timeout')}
              min={1}
              max={1440}
              value={form.minutes}
              onChange={(v) => setForm({ ...form, minutes: Number(v) || 5 })}
            />
            {isOwner ? (
              <Button type="submit" loading={save.isPending} style={{ alignSelf: 'flex-start' }}>
                {t('save')}
              </Button>
            ) : null}
            {message ? (
              <Text size="sm" role="status">
                {message}
              </Text>
            ) : null}
          </Stack>
        </fieldset>
      </form>
    </Paper>
  );
}
