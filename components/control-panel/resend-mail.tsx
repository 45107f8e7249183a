'use client';

import { useActionState } from 'react';
import { buttonClass } from '@/components/ui/button';
import type { PanelActionResult } from '@/lib/control-panel/action-request';
import { resendMail } from '@/lib/control-panel/actions';
import type { AppLocale } from '@/lib/i18n/locales';
import { ActionResult } from './action-result';

type Props = {
  locale: AppLocale;
  id: string;
  /** The form's name for assistive technology: the message's subject. */
  subject: string;
  labels: { resend: string; resending: string };
};

/**
 * 'Enviar de novo' for an e-mail the mail server refused for good: the server queues it again
 * (resendMail of lib/control-panel/actions.ts) and the sender takes it after the answer.
 */
export function ResendMail({ locale, id, subject, labels }: Props) {
  const [result, formAction, pending] = useActionState<PanelActionResult | null, FormData>(
    resendMail,
    null,
  );
  return (
    <form action={formAction} aria-label={subject} className="mt-3 flex flex-col items-start gap-2">
      <input type="hidden" name="locale" value={locale} />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        disabled={pending || result?.ok === true}
        className={buttonClass({ variant: 'secondary', size: 'sm' })}
      >
        {pending ? labels.resending : labels.resend}
      </button>
      {result ? <ActionResult result={result} /> : null}
    </form>
  );
}
