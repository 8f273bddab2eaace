// The live chat's services on a throwaway PostgreSQL cluster (skipped, with the reason, where no
// binaries exist): the migration, a guest's chat and an agent's answer, read state, the heartbeat's
// upsert and the badge, and an unanswered chat becoming a ticket exactly once under racing sweeps.
import { describe, expect, it } from 'vitest';
import { createServices } from '../src/context.ts';
import { insertUser } from '../src/services/accounts/users.ts';
import {
  agentHeartbeat,
  answerChat,
  chatAvailability,
  escalateDueChats,
  getMyChat,
  giveChatEmail,
  markRead,
  saveChatSettings,
  sendChatMessage,
  startChat,
} from '../src/services/support/chat.ts';
import { memoryMailer } from '../src/services/mail/mail-outbox-memory.ts';
import { pgAvailableFor, useMigratedPg } from './pg.ts';

const available = pgAvailableFor('live chat');

describe.skipIf(!available)('live chat on PostgreSQL', () => {
  const pgDb = useMigratedPg();

  it('a guest chats with an agent; nobody answers the next message: an e-mail is asked for, then one ticket', async () => {
    const db = pgDb();
    const clock = { now: new Date('2026-03-02T10:00:00.000Z') };
    const mailer = memoryMailer();
    const services = createServices(
      db,
      { publicUrl: 'http://localhost:3000', productName: 'Test', supportEmail: 's@example.com', phone: '0', postalAddress: 'x' },
      { now: () => clock.now, mailer },
    );
    const agent = await insertUser(db, { username: 'pgagent', email: 'pgagent@example.com', passwordHash: 'x', role: 'admin' }, clock.now);
    const actor = { id: agent.id, username: 'pgagent', ip: '192.0.2.1', role: 'owner' as const };
    await saveChatSettings(db, services, actor, {
      hours: { alwaysOpen: false, timeZone: 'Europe/Paris', days: [1, 2, 3, 4, 5], open: '09:00', close: '18:00' },
      answerTimeoutMs: 60_000,
    });
    expect(await chatAvailability(db, services)).toEqual({ kind: 'soon', withinMinutes: 1 });
    await agentHeartbeat(db, services, agent.id);
    expect((await agentHeartbeat(db, services, agent.id)).online).toBe(1);
    expect(await chatAvailability(db, services)).toEqual({ kind: 'available' });

    const started = await startChat(db, services, { userId: null, email: null, name: null }, {}, 'fr', '192.0.2.9');
    const viewer = { userId: null, token: started.token! };
    const hello = await sendChatMessage(db, services, viewer, 'Bonjour');
    const answer = await answerChat(db, services, agent.id, started.id, 'Bonjour !');
    await markRead(db, 'customer', started.id, answer.id);
    await markRead(db, 'customer', started.id, hello.id); // never moves back
    const thread = await getMyChat(db, services, viewer);
    expect(thread.messages.map((m) => m.author)).toEqual(['customer', 'agent']);

    await sendChatMessage(db, services, viewer, 'Toujours pas de réseau');
    clock.now = new Date(clock.now.getTime() + 61_000);
    const moved = await Promise.all([escalateDueChats(db, services), escalateDueChats(db, services), escalateDueChats(db, services)]);
    expect(moved.reduce((a, b) => a + b, 0)).toBe(1);
    expect((await getMyChat(db, services, viewer)).state.status).toBe('needs_email');
    const after = await giveChatEmail(db, services, viewer, 'voyageur@example.com');
    expect(after.state).toMatchObject({ status: 'ticket', hasEmail: true });
    const tickets = await db.selectFrom('tickets').selectAll().execute();
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({ source: 'chat', locale: 'fr', email: 'voyageur@example.com' });
    expect(mailer.sent.at(-1)!.to).toBe('voyageur@example.com');
    const conv = await db.selectFrom('chat_conversations').selectAll().where('id', '=', started.id).executeTakeFirstOrThrow();
    expect(conv).toMatchObject({ customer_read_id: answer.id + 1, ticket_id: tickets[0]!.id });
  });
});
