// The traveller's live chat window (issue 30), a lazy chunk: loaded only when 'Start chat' is
// pressed. It opens (or resumes) the traveller's chat (chat.start; a guest keeps the signed token
// in localStorage), receives messages over server-sent events (GET /api/chat/stream; EventSource
// reconnects on its own and resumes after the last id it saw), and sends with chat.send.
// Accessibility: focus moves to the message box when the window opens and back to the opener when
// it closes (Escape or the close button); incoming messages and 'typing' are announced in a polite
// live region; Enter sends, Shift+Enter starts a new line. A chat nobody answered in time asks a
// guest for an e-mail, then shows its ticket number.
import { Button, CloseButton, Text, Textarea, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useTRPC } from '../../lib/trpc.ts';
import { callError } from '../auth/trpc-error.ts';
import { mergeMessages, systemText, type ChatMessage } from './chat-messages.ts';
import classes from './chat.module.css';

const TOKEN_KEY = 'esim-chat-token';
const TYPING_EVERY_MS = 3000;

interface ChatState {
  status: 'open' | 'needs_email' | 'ticket' | 'closed';
  ticketNumber: string | null;
  typing: boolean;
  readId: number;
  hasEmail: boolean;
}

function storedToken(): string | undefined {
  try {
    return localStorage.getItem(TOKEN_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

function storeToken(token: string | null) {
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    // private mode: the chat lasts as long as the page
  }
}

export default function ChatWindow({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('chat');
  const tx = t as unknown as (key: string, params?: Record<string, unknown>) => string;
  const trpc = useTRPC();
  const titleId = useId();
  const [token, setToken] = useState<string | undefined>(undefined);
  const [chatId, setChatId] = useState<number | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [state, setState] = useState<ChatState | null>(null);
  const [draft, setDraft] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [connected, setConnected] = useState(true);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const logRef = useRef<HTMLOListElement>(null);
  const lastTyping = useRef(0);
  const lastRead = useRef(0);
  const seen = useRef(new Set<number>());

  const start = useMutation(trpc.chat.start.mutationOptions());
  const send = useMutation(trpc.chat.send.mutationOptions());
  const typing = useMutation(trpc.chat.typing.mutationOptions());
  const read = useMutation(trpc.chat.read.mutationOptions());
  const giveEmail = useMutation(trpc.chat.giveEmail.mutationOptions());

  const receive = useCallback(
    (incoming: ChatMessage[], announce: boolean) => {
      const fresh = incoming.filter((m) => !seen.current.has(m.id));
      for (const m of fresh) seen.current.add(m.id);
      setMessages((current) => mergeMessages(current, incoming));
      if (!announce) return;
      const theirs = fresh.filter((m) => m.author !== 'customer');
      if (theirs.length > 0) {
        const last = theirs.at(-1)!;
        setAnnouncement(last.author === 'system' ? systemText(last.body, tx) : tx('announce', { body: last.body }));
      }
    },
    [tx],
  );

  // Open (or resume) the chat once.
  useEffect(() => {
    let cancelled = false;
    const open = async (tok: string | undefined) => {
      try {
        const thread = await start.mutateAsync(tok ? { token: tok } : {});
        if (cancelled) return;
        const kept = thread.token ?? undefined;
        storeToken(kept ?? null);
        setToken(kept);
        setChatId(thread.id);
        setState(thread.state);
        receive(thread.messages, false);
      } catch (e) {
        // A token that no longer names a chat of ours: start afresh once.
        if (tok && callError(e).code === 'NOT_FOUND') return open(undefined);
        if (!cancelled) setError(t('loadFailed'));
      }
    };
    void open(storedToken());
    inputRef.current?.focus();
    return () => {
      cancelled = true;
    };
  }, []);

  // The stream: new messages and the state, through the database, from any server instance.
  useEffect(() => {
    if (chatId === null) return;
    const after = messages.at(-1)?.id ?? 0;
    const url = `/api/chat/stream?${new URLSearchParams({ ...(token ? { token } : {}), after: String(after) })}`;
    const source = new EventSource(url);
    source.addEventListener('message', (e) => receive([JSON.parse((e as MessageEvent<string>).data) as ChatMessage], true));
    source.addEventListener('state', (e) => setState(JSON.parse((e as MessageEvent<string>).data) as ChatState));
    source.onopen = () => setConnected(true);
    source.onerror = () => setConnected(false);
    return () => source.close();
  }, [chatId, token]);

  // Keep the newest message in view; tell the server what the traveller has read.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
    const top = messages.at(-1)?.id ?? 0;
    if (chatId !== null && top > lastRead.current && messages.at(-1)?.author !== 'customer') {
      lastRead.current = top;
      read.mutate({ ...(token ? { token } : {}), lastId: top });
    }
  }, [messages, chatId, token, read]);

  // The e-mail question appears: move focus to it.
  const askingEmail = state?.status === 'needs_email' && !state.hasEmail;
  useEffect(() => {
    if (askingEmail) emailRef.current?.focus();
  }, [askingEmail]);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const body = draft.trim();
    if (!body) {
      setError(t('required'));
      inputRef.current?.focus();
      return;
    }
    setError(null);
    try {
      const sent = await send.mutateAsync({ ...(token ? { token } : {}), body });
      receive([sent], false);
      setDraft('');
    } catch {
      setError(t('sendFailed'));
    }
    inputRef.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };

  const onDraft = (value: string) => {
    setDraft(value);
    const now = Date.now();
    if (chatId !== null && value && now - lastTyping.current > TYPING_EVERY_MS) {
      lastTyping.current = now;
      typing.mutate(token ? { token } : {});
    }
  };

  const submitEmail = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const thread = await giveEmail.mutateAsync({ ...(token ? { token } : {}), email });
      setState(thread.state);
      receive(thread.messages, true);
      inputRef.current?.focus();
    } catch (err) {
      const c = callError(err);
      setError(c.code === 'BAD_REQUEST' ? t('emailInvalid') : t('sendFailed'));
    }
  };

  const lastMine = [...messages].reverse().find((m) => m.author === 'customer');

  return (
    <section
      className={classes.panel}
      aria-labelledby={titleId}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <div className={classes.head}>
        <Title order={3} size="h5" id={titleId}>
          {t('title')}
        </Title>
        <CloseButton aria-label={t('close')} onClick={onClose} />
      </div>
      <ol ref={logRef} className={classes.log} aria-label={t('log')} tabIndex={0}>
        {messages.length === 0 ? (
          <li>
            <Text size="sm" c="dimmed">
              {t('empty')}
            </Text>
          </li>
        ) : null}
        {messages.map((m) => (
          <li key={m.id} className={`${classes.message} ${classes[m.author]}`}>
            {m.author === 'system' ? null : <span className={classes.meta}>{m.author === 'customer' ? t('you') : t('agent')}</span>}
            <bdi>{m.author === 'system' ? systemText(m.body, tx) : m.body}</bdi>
            {m.id === lastMine?.id && state && state.readId >= m.id ? <span className={classes.meta}>{t('read')}</span> : null}
          </li>
        ))}
      </ol>
      <div className={classes.status}>
        {state?.typing
          ? t('typing')
          : !connected
            ? t('reconnecting')
            : state?.ticketNumber
              ? t('ticketNote', { number: state.ticketNumber })
              : null}
      </div>
      <VisuallyHidden aria-live="polite" aria-atomic="true">
        {announcement}
        {state?.typing ? ` ${t('typing')}` : ''}
      </VisuallyHidden>
      {askingEmail ? (
        <form className={classes.form} onSubmit={submitEmail} noValidate>
          <TextInput
            ref={emailRef}
            type="email"
            autoComplete="email"
            label={t('emailLabel')}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            required
          />
          <Button type="submit" loading={giveEmail.isPending}>
            {t('emailSubmit')}
          </Button>
        </form>
      ) : null}
      {state?.status === 'closed' ? null : (
        <form className={classes.form} onSubmit={submit} noValidate>
          <Textarea
            ref={inputRef}
            label={t('inputLabel')}
            placeholder={t('placeholder')}
            value={draft}
            onChange={(e) => onDraft(e.currentTarget.value)}
            onKeyDown={onKeyDown}
            autosize
            minRows={2}
            maxRows={5}
            maxLength={2000}
            error={error}
          />
          <Button type="submit" loading={send.isPending} disabled={chatId === null}>
            {t('send')}
          </Button>
        </form>
      )}
    </section>
  );
}
