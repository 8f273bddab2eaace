// The eSIM e-mail as a ready MailMessage: the rendered e-mail plus the QR code PNG attached inline.
import { appleInstallUrl } from '../../domain/activation-code.ts';
import { renderOrderEmail, type OrderEmailInput } from '../../emails/render.ts';
import { qrPng } from '../qr.ts';
import type { MailMessage } from './types.ts';

export type EsimMailInput = Omit<OrderEmailInput, 'qrCid' | 'appleUrl'> & { to: string };

export async function composeEsimMail(input: EsimMailInput): Promise<MailMessage> {
  const { to, ...rest } = input;
  const qrCid = `qr-${input.order.id.replace(/[^A-Za-z0-9_-]/g, '_')}@esim`;
  const rendered = renderOrderEmail({ ...rest, qrCid, appleUrl: appleInstallUrl(input.esim.activationCode) });
  return {
    to,
    ...rendered,
    attachments: [{ filename: 'esim-qr.png', content: await qrPng(input.esim.activationCode), contentType: 'image/png', cid: qrCid }],
    tag: input.order.id,
  };
}
