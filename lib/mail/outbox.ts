import 'server-only';

import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

// The local outbox: with the local Firebase and no SMTP, every e-mail the shop would send is
// written as an .eml file (RFC 5322, as nodemailer builds it for SMTP) to
// LOCAL_FIREBASE_DATA_DIR/outbox, and the control panel lists them ('Caixa de saída (local)').

export type OutboxEntry = {
  file: string;
  /** ISO 8601, from the file's Date header. */
  date: string;
  to: string;
  subject: string;
  text: string;
};

const FILE_PATTERN = /^[\w.-]+\.eml$/;

/**
 * Writes one raw message; the name sorts by the message's creation time and says what it is and
 * which message (its stored id): writing the same message again replaces its file rather than
 * adding one. Atomic (temp + rename).
 */
export async function writeOutboxFile(
  directory: string,
  name: { kind: string; orderId: string; id: string; createdAt: Date },
  raw: Buffer,
): Promise<string> {
  await fs.mkdir(directory, { recursive: true });
  const stamp = name.createdAt.toISOString().replace(/[:.]/g, '-');
  const safe = (value: string) => value.replace(/[^\w-]/g, '_').slice(0, 60);
  const file = `${stamp}-${safe(name.kind)}-${safe(name.orderId)}-${safe(name.id)}.eml`;
  const temporary = path.join(directory, `.${file}.${randomBytes(3).toString('hex')}.tmp`);
  await fs.writeFile(temporary, raw);
  await fs.rename(temporary, path.join(directory, file));
  return file;
}

function decodeQuotedPrintable(body: string): Buffer {
  const bytes: number[] = [];
  const text = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i += 1) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`), as nodemailer writes them. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, encoding: string, data) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data as string, 'base64').toString('utf8')
        : decodeQuotedPrintable((data as string).replace(/_/g, ' ')).toString('utf8'),
    );
}

/** Headers and text body of a single-part text message (the shop's e-mails are plain text). */
export function parseEml(raw: string): Omit<OutboxEntry, 'file'> {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body).toString('utf8')
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  const date = new Date(headers.get('date') ?? '');
  return {
    date: Number.isNaN(date.getTime()) ? '' : date.toISOString(),
    to: decodeHeader(headers.get('to') ?? ''),
    subject: decodeHeader(headers.get('subject') ?? ''),
    text: text.replace(/\r\n/g, '\n').trimEnd(),
  };
}

/** The newest `limit` messages of the outbox, newest first; an absent folder is an empty one. */
export async function listOutbox(directory: string, limit = 100): Promise<OutboxEntry[]> {
  let files: string[];
  try {
    files = await fs.readdir(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const newest = files
    .filter((file) => FILE_PATTERN.test(file))
    .sort()
    .reverse()
    .slice(0, limit);
  return Promise.all(
    newest.map(async (file) => ({
      file,
      ...parseEml(await fs.readFile(path.join(directory, file), 'utf8')),
    })),
  );
}
