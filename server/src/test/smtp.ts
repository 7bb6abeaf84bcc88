import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

/** A real SMTP server on a free loopback port that keeps what it receives; it can refuse for a while. */
export type TestSmtpServer = {
  readonly port: number;
  readonly url: string;
  readonly mails: ParsedMail[];
  /** Refuses the next `count` messages with a temporary error (451). */
  refuse(count: number): void;
  /** Waits until `count` mails arrived (at most `ms`), and answers them. */
  waitFor(count: number, ms?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
};

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const mails: ParsedMail[] = [];
  let refusing = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (refusing > 0) {
            refusing -= 1;
            const error = new Error('try again later') as Error & { responseCode: number };
            error.responseCode = 451;
            callback(error);
            return;
          }
          mails.push(mail);
          callback();
        })
        .catch((error: unknown) => callback(error as Error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refuse: (count) => {
      refusing = count;
    },
    async waitFor(count, ms = 10_000) {
      const deadline = Date.now() + ms;
      while (mails.length < count) {
        if (Date.now() > deadline) throw new Error(`${mails.length} of ${count} mails arrived in ${ms} ms`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return mails;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
