'use client';

import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { requestMembershipChange } from '@/lib/club/client';
import type { MembershipAction } from '@/lib/club/manage';

type Props = {
  /** The moves the membership's state allows now (lib/club/manage.ts allowedAction). */
  actions: MembershipAction[];
  labels: Record<MembershipAction, string> & {
    confirmPause: string;
    confirmCancel: string;
    confirm: string;
    keep: string;
    sending: string;
    done: string;
    notAllowed: string;
    unavailable: string;
    unauthenticated: string;
  };
};

/**
 * Pause, resume or cancel the membership (POST /api/club/membership, which asks Mercado Pago);
 * pausing and cancelling ask first. The page is read again afterwards, so it shows the new state.
 */
export function MembershipActions({ actions, labels }: Props) {
  const router = useRouter();
  const [asking, setAsking] = useState<MembershipAction | null>(null);
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const questionId = useId();

  const run = async (action: MembershipAction) => {
    setSending(true);
    setMessage(null);
    const result = await requestMembershipChange(action);
    setSending(false);
    setAsking(null);
    if (result.ok) {
      setMessage({ tone: 'success', text: labels.done });
      router.refresh();
      return;
    }
    const text =
      result.error === 'unauthenticated'
        ? labels.unauthenticated
        : result.error === 'not-allowed' || result.error === 'not-member'
          ? labels.notAllowed
          : labels.unavailable;
    setMessage({ tone: 'error', text });
    // Refused because it moved meanwhile: show where it is now.
    if (result.error === 'not-allowed' || result.error === 'not-member') router.refresh();
  };

  return (
    <div className="flex flex-col gap-3">
      {asking ? (
        <div
          role="group"
          aria-labelledby={questionId}
          className="flex flex-wrap items-center gap-2"
        >
          <p id={questionId}>{asking === 'cancel' ? labels.confirmCancel : labels.confirmPause}</p>
          <button
            type="button"
            onClick={() => void run(asking)}
            disabled={sending}
            className={buttonClass({ variant: 'primary', size: 'md' })}
          >
            {sending ? labels.sending : labels.confirm}
          </button>
          <button
            type="button"
            onClick={() => setAsking(null)}
            disabled={sending}
            className={buttonClass({ variant: 'secondary', size: 'md' })}
          >
            {labels.keep}
          </button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          {actions.map((action) => (
            <button
              key={action}
              type="button"
              disabled={sending}
              onClick={() => (action === 'resume' ? void run(action) : setAsking(action))}
              className={buttonClass({
                variant: action === 'resume' ? 'primary' : 'secondary',
                size: 'md',
              })}
            >
              {sending && action === 'resume' ? labels.sending : labels[action]}
            </button>
          ))}
        </div>
      )}
      {message ? (
        <Notice tone={message.tone} role={message.tone === 'error' ? 'alert' : 'status'}>
          {message.text}
        </Notice>
      ) : null}
    </div>
  );
}
