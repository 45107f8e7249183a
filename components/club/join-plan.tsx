'use client';

import { useState } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { requestJoin } from '@/lib/club/client';
import type { JoinClubResult } from '@/lib/club/join';

type Props = {
  plan: string;
  locale: string;
  whatsappHref: string;
  signInHref: string;
  labels: {
    join: string;
    joining: string;
    whatsapp: string;
    signIn: string;
    signInLink: string;
    already: string;
    byWhatsapp: string;
    unavailable: string;
  };
};

type Failure = Extract<JoinClubResult, { ok: false }>['error'] | 'whatsapp';

/**
 * A plan's joining: the server creates the Mercado Pago subscription and the shopper goes there
 * to authorise it (lib/club/join.ts); signed out, a link to sign in first; without Mercado Pago,
 * the WhatsApp chat, which is also always offered below the button.
 */
export function JoinPlan({ plan, locale, whatsappHref, signInHref, labels }: Props) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  async function join() {
    setBusy(true);
    setFailure(null);
    const result = await requestJoin(plan, locale);
    if (result.ok && result.mode === 'mercadopago') {
      window.location.assign(result.initPoint);
      return;
    }
    setBusy(false);
    setFailure(result.ok ? 'whatsapp' : result.error);
  }

  return (
    <div className="flex flex-col gap-3">
      <Button className="w-full" disabled={busy} onClick={join}>
        {busy ? labels.joining : labels.join}
      </Button>
      <div role="status">
        {failure === 'unauthenticated' ? (
          <Notice tone="info" size="sm">
            {labels.signIn}{' '}
            <a href={signInHref} className="font-semibold underline">
              {labels.signInLink}
            </a>
          </Notice>
        ) : failure === 'already-member' ? (
          <Notice tone="info" size="sm">
            {labels.already}
          </Notice>
        ) : failure === 'whatsapp' ? (
          <Notice tone="info" size="sm">
            {labels.byWhatsapp}
          </Notice>
        ) : failure ? (
          <Notice tone="error" size="sm">
            {labels.unavailable}
          </Notice>
        ) : null}
      </div>
      <a
        href={whatsappHref}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonClass({ variant: 'whatsapp', size: 'sm', className: 'w-full' })}
      >
        {labels.whatsapp}
      </a>
    </div>
  );
}
