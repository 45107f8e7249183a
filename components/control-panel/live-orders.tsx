'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, useTransition } from 'react';
import { Badge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { usePollWhileVisible } from '@/lib/hooks/use-poll-while-visible';
import { mergeUnseenChanges, type OrderChange } from '@/lib/orders/live';

/** A short beep made in the browser: no audio file to download. */
function beep(): void {
  try {
    const context = new AudioContext();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = 880;
    gain.gain.setValueAtTime(0.15, context.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + 0.25);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start();
    oscillator.stop(context.currentTime + 0.25);
    oscillator.onended = () => void context.close();
  } catch {
    // No audio (blocked autoplay, no device): the badge and the title still tell.
  }
}

/**
 * The orders page's live updates: polls /api/orders/panel-changes while the page is visible and
 * counts the orders placed or changed since the list was rendered (changes this admin made are
 * left out by the server), with a badge, a refresh button, the count in the page title and an
 * optional beep (off until the admin turns it on for this page).
 */
export function LiveOrders() {
  const t = useTranslations('LiveOrders');
  const router = useRouter();
  const [refreshing, startRefresh] = useTransition();
  const since = useRef<number | null>(null);
  // The server's order marker at the last poll: while it stays the same, a poll reads nothing.
  const seenMarker = useRef<number | null>(null);
  const [unseen, setUnseen] = useState<Map<string, OrderChange>>(() => new Map());
  const [sound, setSound] = useState(false);
  const soundRef = useRef(sound);

  useEffect(() => {
    soundRef.current = sound;
  }, [sound]);

  usePollWhileVisible(async (signal) => {
    const params = new URLSearchParams();
    if (since.current !== null) params.set('since', String(since.current));
    if (seenMarker.current !== null) params.set('seen', String(seenMarker.current));
    const query = params.size > 0 ? `?${params.toString()}` : '';
    const response = await fetch(`/api/orders/panel-changes${query}`, {
      cache: 'no-store',
      signal,
    });
    if (!response.ok) return;
    const body = (await response.json()) as {
      now: number;
      changes: OrderChange[];
      marker?: number;
    };
    since.current = body.now;
    seenMarker.current = typeof body.marker === 'number' ? body.marker : null;
    if (body.changes.length === 0) return;
    setUnseen((current) => mergeUnseenChanges(current, body.changes));
    if (soundRef.current) beep();
  }, true);

  const placed = [...unseen.values()].filter((change) => change.placed).length;
  const changed = unseen.size - placed;

  useEffect(() => {
    if (unseen.size === 0) return;
    const previous = document.title;
    document.title = t('title', { count: String(unseen.size) });
    return () => {
      document.title = previous;
    };
  }, [unseen.size, t]);

  const refresh = () => {
    setUnseen(new Map());
    startRefresh(() => router.refresh());
  };

  const toggleSound = () => {
    const next = !sound;
    setSound(next);
    // A click is the gesture browsers ask for before playing audio: confirm it works.
    if (next) beep();
  };

  return (
    <div className="mt-4 flex flex-wrap items-center gap-3" data-testid="live-orders">
      <p role="status" aria-live="polite" className="flex flex-wrap items-center gap-2">
        {unseen.size > 0 ? (
          <>
            {placed > 0 ? <Badge tone="waiting">{t('newOrders', { count: placed })}</Badge> : null}
            {changed > 0 ? (
              <Badge tone="inProgress">{t('changedOrders', { count: changed })}</Badge>
            ) : null}
          </>
        ) : null}
      </p>
      {unseen.size > 0 ? (
        <button
          type="button"
          onClick={refresh}
          disabled={refreshing}
          className={buttonClass({ size: 'sm' })}
        >
          {t('refresh')}
        </button>
      ) : null}
      <button
        type="button"
        onClick={toggleSound}
        aria-pressed={sound}
        className={buttonClass({ variant: sound ? 'primary' : 'secondary', size: 'sm' })}
      >
        {t('sound')}
      </button>
    </div>
  );
}
