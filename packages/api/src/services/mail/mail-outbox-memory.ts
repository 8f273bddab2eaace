// A mailer that keeps messages in memory: the default of createServices() (tests, tools), so
// nothing is written or sent unless the server configures SMTP or the .eml outbox.
import type { MailMessage, Mailer, SendResult } from '../../providers/mail/index.ts';

export interface MemoryMailer extends Mailer {
  readonly sent: MailMessage[];
  /** Makes the next n sends throw (tests of retries). */
  failNext(n: number): void;
}

export function memoryMailer(from = 'shop@example.com'): MemoryMailer {
  const sent: MailMessage[] = [];
  let failures = 0;
  let seq = 0;
  return {
    kind: 'outbox',
    from,
    sent,
    failNext(n) {
      failures = n;
    },
    async send(message): Promise<SendResult> {
      if (failures > 0) {
        failures--;
        throw new Error('memory mailer: simulated send failure');
      }
      sent.push(message);
      return { messageId: `<memory-${++seq}@localhost>` };
    },
    async close() {},
  };
}
