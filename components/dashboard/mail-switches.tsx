'use client';

import { useState, useTransition } from 'react';

import { Notice } from '@/components/ui/notice';
import { saveDashboardSettingsAction } from '@/lib/control-panel/dashboard-actions';
import type { DashboardSettings } from '@/lib/dashboard/settings';

type Props = {
  initial: DashboardSettings;
  labels: {
    title: string;
    morningEmail: string;
    lowStockEmail: string;
    saved: string;
    unavailable: string;
  };
};

/** The two e-mail switches: each change is saved at once, and said so. */
export function MailSwitches({ initial, labels }: Props) {
  const [settings, setSettings] = useState(initial);
  const [answer, setAnswer] = useState<'saved' | 'unavailable' | null>(null);
  const [pending, startTransition] = useTransition();
  const toggle = (name: keyof DashboardSettings, value: boolean) => {
    const next = { ...settings, [name]: value };
    setSettings(next);
    startTransition(async () => {
      const result = await saveDashboardSettingsAction(next);
      setAnswer(result.ok ? 'saved' : 'unavailable');
      if (!result.ok) setSettings(settings);
    });
  };
  return (
    <fieldset
      className="rounded-2xl bg-white p-5 shadow-sm dark:bg-cacao-900"
      aria-busy={pending}
      data-testid="dashboard-mails"
    >
      <legend className="float-left text-lg font-semibold">{labels.title}</legend>
      <div className="clear-both flex flex-col gap-1 pt-2">
        {(['morningEmail', 'lowStockEmail'] as const).map((name) => (
          <label key={name} className="flex min-h-11 items-center gap-3">
            <input
              type="checkbox"
              name={name}
              checked={settings[name]}
              disabled={pending}
              onChange={(event) => toggle(name, event.target.checked)}
              className="size-5 accent-cacao-700 dark:accent-gold-400"
            />
            {labels[name]}
          </label>
        ))}
      </div>
      {answer ? (
        <Notice
          tone={answer === 'saved' ? 'success' : 'error'}
          size="sm"
          role={answer === 'saved' ? 'status' : 'alert'}
        >
          {answer === 'saved' ? labels.saved : labels.unavailable}
        </Notice>
      ) : null}
    </fieldset>
  );
}
