import type { Transporter } from 'nodemailer';
import type { Mail } from './compose.ts';

/** Sends one mail; rejects when the mail server refuses it or does not answer in time. */
export type MailTransport = {
  send(to: string, mail: Mail): Promise<void>;
  close(): void;
};

/** Bounds on every step of a delivery: a mail server that hangs holds one delivery this long at most. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** SMTP through nodemailer, from EINWURF_SMTP_URL (smtp:// with STARTTLS when offered, smtps://). */
export function createSmtpTransport(url: string, from: string, timeouts = TIMEOUTS): MailTransport {
  // nodemailer is loaded with the first mail, not at the start.
  let transporter: Promise<Transporter> | undefined;
  const connect = () =>
    (transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ url, ...timeouts }),
    ));
  return {
    async send(to, mail) {
      await (await connect()).sendMail({ from, to, subject: mail.subject, text: mail.text, html: mail.html });
    },
    close: () => void transporter?.then((opened) => opened.close()),
  };
}
