import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { ServiceUnavailable } from '@/components/layout/service-unavailable';
import { requireAdminPage } from '@/lib/control-panel/auth';
import { getEnv } from '@/lib/env';
import type { AppLocale } from '@/lib/i18n/routing';
import { listOutbox, type OutboxEntry } from '@/lib/mail/outbox';
import { logFailure } from '@/lib/log';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ locale: AppLocale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'OrderEmail' });
  return { title: t('outboxTitle'), robots: { index: false, follow: false } };
}

/**
 * The local outbox: the e-mails the shop would have sent, read back from the .eml files
 * lib/mail/send.ts writes when no SMTP server is configured. Exists only with the local Firebase.
 */
export default async function ControlPanelOutboxPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  // The layout is not re-rendered between panel pages: each page says it on its own too.
  if (!(await requireAdminPage(locale))) return <ServiceUnavailable />;
  const mail = getEnv().mail;
  if (mail?.mode !== 'outbox') notFound();
  const t = await getTranslations('OrderEmail');

  let messages: OutboxEntry[] | null;
  try {
    messages = await listOutbox(mail.directory);
  } catch (error) {
    logFailure('mail.failed', error, { what: 'outbox.read' });
    messages = null;
  }
  const dateFormat = new Intl.DateTimeFormat(locale, {
    dateStyle: 'short',
    timeStyle: 'medium',
    timeZone: 'America/Sao_Paulo',
  });

  return (
    <section aria-labelledby="outbox-title" className="mt-8">
      <h2 id="outbox-title" className="text-2xl font-bold">
        {t('outboxTitle')}
      </h2>
      <p className="mt-2 max-w-3xl text-sm text-cacao-600 dark:text-cacao-300">
        {t('outboxIntro')}
      </p>
      {messages === null ? (
        <p role="alert" className="mt-6 text-red-700 dark:text-red-300">
          {t('outboxUnavailable')}
        </p>
      ) : messages.length === 0 ? (
        <p className="mt-6">{t('outboxEmpty')}</p>
      ) : (
        <ul className="mt-6 flex flex-col gap-3">
          {messages.map((message) => (
            <li
              key={message.file}
              className="rounded-2xl bg-white p-4 ring-1 ring-cacao-200 dark:bg-cacao-900 dark:ring-cacao-800"
            >
              <details>
                <summary className="cursor-pointer">
                  <span className="font-semibold">{message.subject}</span>
                  <span className="mt-1 block text-sm break-all text-cacao-600 dark:text-cacao-300">
                    {t('outboxTo')}: {message.to}
                    {message.date ? ` · ${dateFormat.format(new Date(message.date))}` : ''}
                  </span>
                </summary>
                <pre className="mt-3 font-sans text-sm whitespace-pre-wrap">{message.text}</pre>
                <p className="mt-2 text-xs break-all text-muted">
                  {t('outboxFile', { file: message.file })}
                </p>
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
