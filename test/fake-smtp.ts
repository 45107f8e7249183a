// A local SMTP server for tests: the few commands nodemailer sends without TLS or login (EHLO,
// MAIL, RCPT, DATA, RSET, QUIT), every message kept as received. It can be made to fail as a mail
// server does: 'hang-up' closes every connection, 'temporary' answers 451 to MAIL FROM (try
// again later), 'permanent' 550 (refused for good).
import net from 'node:net';

export type ReceivedMail = { from: string; to: string[]; raw: string; messageId: string | null };

export type FakeSmtp = {
  /** Use as SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Connections accepted so far. */
  connections: () => number;
  fail: (mode: 'hang-up' | 'temporary' | 'permanent' | null) => void;
  close: () => Promise<void>;
};

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const received: ReceivedMail[] = [];
  let failure: 'hang-up' | 'temporary' | 'permanent' | null = null;
  let connections = 0;
  const sockets = new Set<net.Socket>();

  const server = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    if (failure === 'hang-up') {
      socket.destroy();
      return;
    }
    const reply = (line: string) => socket.write(`${line}\r\n`);
    let buffer = '';
    let data: string[] | null = null;
    let envelope: { from: string; to: string[] } = { from: '', to: [] };
    reply('220 fake-smtp.test ESMTP');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) !== -1) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line === '.') {
            const raw = data.join('\r\n');
            const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(raw)?.[1] ?? null;
            received.push({ ...envelope, raw, messageId });
            data = null;
            envelope = { from: '', to: [] };
            reply('250 2.0.0 queued');
          } else {
            data.push(line.startsWith('..') ? line.slice(1) : line);
          }
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') reply('250 fake-smtp.test');
        else if (command === 'MAIL') {
          if (failure === 'temporary') reply('451 4.3.0 try again later');
          else if (failure === 'permanent') reply('550 5.7.1 refused');
          else {
            envelope.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
            reply('250 2.1.0 ok');
          }
        } else if (command === 'RCPT') {
          envelope.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 2.1.5 ok');
        } else if (command === 'DATA') {
          data = [];
          reply('354 end with <CRLF>.<CRLF>');
        } else if (command === 'RSET') {
          envelope = { from: '', to: [] };
          reply('250 2.0.0 ok');
        } else if (command === 'QUIT') {
          reply('221 2.0.0 bye');
          socket.end();
        } else reply('502 5.5.2 not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    connections: () => connections,
    fail: (mode) => {
      failure = mode;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
