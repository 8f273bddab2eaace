// What the chat windows (the traveller's and the agent's) share: merging messages that arrive from
// the stream and from the calls (by id, in order, once), and a system message's text (its body is
// JSON { key, ...params } the server writes; unknown shapes are shown as they are).
export interface ChatMessage {
  id: number;
  author: 'customer' | 'agent' | 'system';
  body: string;
  createdAt: string;
}

export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return current as ChatMessage[];
  const byId = new Map(current.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export function systemText(body: string, t: (key: string, params?: Record<string, unknown>) => string): string {
  try {
    const parsed = JSON.parse(body) as { key?: unknown };
    if (parsed && typeof parsed.key === 'string') return t(parsed.key, parsed as Record<string, unknown>);
  } catch {
    // not JSON: shown as written
  }
  return body;
}
