import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { ServiceUnavailable } from '@/components/layout/service-unavailable';
import { ResendMail } from '@/components/control-panel/resend-mail';
import { requireAdminPage } from '@/lib/control-panel/auth';
import { withinBackendDeadline } from '@/lib/deadline';
import { getEnv } from '@/lib/env';
import type { AppLocale } from '@/lib/i18n/routing';
import { listOutbox, type OutboxEntry } from '@/lib/mail/outbox';
import { listUnsentMail, type StoredMail } from '@/lib/mail/repository';
import { logFailure } from '@/lib/log';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ locale: AppLocale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'OrderEmail' });
  const local = getEnv().mail?.mode === 'outbox';
  return {
    title: t(local ? 'outboxTitle' : 'outboxTitleSmtp'),
    robots: { index: false, follow: false },
  };
}

const itemClass =
  'rounded-2xl bg-white p-4 ring-1 ring-cacao-200 dark:bg-cacao-900 dark:ring-cacao-800';

/**
 * The shop's outbox: the e-mails not sent yet (lib/mail/repository.ts: waiting, failing and
 * retried, or refused for good with 'Enviar de novo'), and with the local Firebase the ones sent,
 * read back from the .eml files lib/mail/send.ts writes. Exists wherever e-mail is configured.
 */
export default async function ControlPanelOutboxPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  // The layout is not re-rendered between panel pages: each page says it on its own too.
  if (!(await requireAdminPage(locale))) return <ServiceUnavailable />;
  const mail = getEnv().mail;
  if (!mail) notFound();
  const t = await getTranslations('OrderEmail');

  let unsent: StoredMail[] | null;
  try {
    unsent = await withinBackendDeadline(listUnsentMail(), 'outbox.unsent');
  } catch (error) {
    logFailure('mail.failed', error, { what: 'outbox.unsent' });
    unsent = null;
  }
  let sent: OutboxEntry[] | null = [];
  if (mail.mode === 'outbox') {
    try {
      sent = await listOutbox(mail.directory);
    } catch (error) {
      logFailure('mail.failed', error, { what: 'outbox.read' });
      sent = null;
    }
  }
  const dateFormat = new Intl.DateTimeFormat(locale, {
    dateStyle: 'short',
    timeStyle: 'medium',
    timeZone: 'America/Sao_Paulo',
  });
  const when = (date: Date) => dateFormat.format(date);

  const stateOf = (message: StoredMail) =>
    message.state === 'failed'
      ? t('outboxGivenUp')
      : message.state === 'sending'
        ? t('outboxSending')
        : message.attempts > 0 && message.dueAt
          ? t('outboxRetrying', { attempts: message.attempts, date: when(message.dueAt) })
          : t('outboxQueued');

  return (
    <section aria-labelledby="outbox-title" className="mt-8">
      <h2 id="outbox-title" className="text-2xl font-bold">
        {t(mail.mode === 'outbox' ? 'outboxTitle' : 'outboxTitleSmtp')}
      </h2>
      {mail.mode === 'outbox' ? (
        <p className="mt-2 max-w-3xl text-sm text-cacao-600 dark:text-cacao-300">
          {t('outboxIntro')}
        </p>
      ) : null}

      <section aria-labelledby="outbox-queue" className="mt-6" data-testid="outbox-unsent">
        <h3 id="outbox-queue" className="text-xl font-bold">
          {t('outboxQueueTitle')}
        </h3>
        <p className="mt-1 max-w-3xl text-sm text-cacao-600 dark:text-cacao-300">
          {t('outboxQueueIntro')}
        </p>
        {unsent === null ? (
          <p role="alert" className="mt-4 text-red-700 dark:text-red-300">
            {t('outboxUnavailable')}
          </p>
        ) : unsent.length === 0 ? (
          <p className="mt-4">{t('outboxQueueEmpty')}</p>
        ) : (
          <ul className="mt-4 flex flex-col gap-3">
            {unsent.map((message) => (
              <li key={message.id} className={itemClass} data-mail-state={message.state}>
                <p className="font-semibold">{message.subject}</p>
                <p className="mt-1 text-sm break-all text-cacao-600 dark:text-cacao-300">
                  {t('outboxTo')}: {message.to} ·{' '}
                  {t('outboxCreated', { date: when(message.createdAt) })}
                </p>
                <p
                  className={`mt-2 text-sm font-semibold ${
                    message.state === 'failed'
                      ? 'text-red-700 dark:text-red-300'
                      : 'text-cacao-800 dark:text-cacao-100'
                  }`}
                >
                  {stateOf(message)}
                </p>
                {message.lastError ? (
                  <p className="text-sm break-all text-muted">
                    {t('outboxError', { error: message.lastError })}
                  </p>
                ) : null}
                {message.state === 'failed' ? (
                  <ResendMail
                    locale={locale}
                    id={message.id}
                    subject={message.subject}
                    labels={{ resend: t('outboxResend'), resending: t('outboxResending') }}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      {mail.mode === 'outbox' ? (
        <section aria-labelledby="outbox-sent" className="mt-8">
          <h3 id="outbox-sent" className="text-xl font-bold">
            {t('outboxSentTitle')}
          </h3>
          {sent === null ? (
            <p role="alert" className="mt-4 text-red-700 dark:text-red-300">
              {t('outboxUnavailable')}
            </p>
          ) : sent.length === 0 ? (
            <p className="mt-4">{t('outboxEmpty')}</p>
          ) : (
            <ul className="mt-4 flex flex-col gap-3">
              {sent.map((message) => (
                <li key={message.file} className={itemClass}>
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
      ) : null}
    </section>
  );
}
