'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useId, useState, useTransition, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { cardClass } from '@/components/ui/card';
import { Notice } from '@/components/ui/notice';
import { TextField } from '@/components/ui/text-field';
import { createCouponAction, setCouponActiveAction } from '@/lib/control-panel/coupon-actions';
import type { CouponDraft, CouponDraftProblem } from '@/lib/coupons/rules';

const EMPTY: CouponDraft = {
  code: '',
  kind: 'percent',
  value: '',
  minimum: '',
  validFrom: '',
  validUntil: '',
  totalUses: '',
  usesPerAccount: '1',
  firstOrderOnly: false,
  active: true,
};

/** Which field shows each problem. */
const FIELD_OF: Record<CouponDraftProblem | 'taken', keyof CouponDraft> = {
  code: 'code',
  taken: 'code',
  value: 'value',
  percent: 'value',
  minimum: 'minimum',
  validFrom: 'validFrom',
  validUntil: 'validUntil',
  dates: 'validUntil',
  totalUses: 'totalUses',
  usesPerAccount: 'usesPerAccount',
};

/**
 * The owner's new coupon: code, percent or fixed R$, minimum, valid from/until, total uses, uses
 * per account, first order only, on or off. The server checks it (lib/coupons/rules.ts) and
 * either creates it or names each field at fault, creating nothing.
 */
export function CouponForm() {
  const t = useTranslations('ControlPanel.coupons');
  const id = useId();
  const router = useRouter();
  const [draft, setDraft] = useState<CouponDraft>(EMPTY);
  const [result, setResult] = useState<
    | { kind: 'created'; code: string }
    | { kind: 'refused'; problems: (CouponDraftProblem | 'taken')[] }
    | { kind: 'unavailable' }
    | null
  >(null);
  const [pending, startTransition] = useTransition();
  const set = <K extends keyof CouponDraft>(field: K, value: CouponDraft[K]) =>
    setDraft((current) => ({ ...current, [field]: value }));
  const errorOf = (field: keyof CouponDraft) => {
    if (result?.kind !== 'refused') return undefined;
    const problem = result.problems.find((candidate) => FIELD_OF[candidate] === field);
    return problem ? t(`errors.${problem}`) : undefined;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    startTransition(async () => {
      const saved = await createCouponAction(draft).catch(() => ({
        ok: false as const,
        unavailable: true as const,
      }));
      if (saved.ok) {
        setResult({ kind: 'created', code: saved.code });
        setDraft(EMPTY);
        router.refresh();
      } else if ('problems' in saved) {
        setResult({ kind: 'refused', problems: saved.problems });
      } else setResult({ kind: 'unavailable' });
    });
  };

  const text = (field: keyof CouponDraft, extra: Record<string, unknown> = {}) => ({
    id: `${id}-${field}`,
    label: t(`fields.${field}`),
    size: 'sm' as const,
    value: String(draft[field]),
    onChange: (value: string) => set(field, value as never),
    error: errorOf(field),
    ...extra,
  });

  return (
    <form noValidate onSubmit={onSubmit} className={`${cardClass} mt-6 flex flex-col gap-4`}>
      <h3 className="text-xl font-semibold">{t('newTitle')}</h3>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <TextField {...text('code', { autoCapitalize: 'characters', hint: t('codeHint') })} />
        <fieldset className="flex flex-col gap-1">
          <legend className="text-sm font-medium">{t('fields.kind')}</legend>
          {(['percent', 'fixed'] as const).map((kind) => (
            <label key={kind} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-kind`}
                checked={draft.kind === kind}
                onChange={() => set('kind', kind)}
              />
              {t(`kinds.${kind}`)}
            </label>
          ))}
        </fieldset>
        <TextField {...text('value', { inputMode: 'decimal' })} />
        <TextField {...text('minimum', { inputMode: 'decimal', hint: t('minimumHint') })} />
        <TextField {...text('validFrom', { type: 'date' })} />
        <TextField {...text('validUntil', { type: 'date' })} />
        <TextField {...text('totalUses', { inputMode: 'numeric', hint: t('emptyNoLimit') })} />
        <TextField {...text('usesPerAccount', { inputMode: 'numeric', hint: t('emptyNoLimit') })} />
        <div className="flex flex-col gap-2">
          {(['firstOrderOnly', 'active'] as const).map((flag) => (
            <label key={flag} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={draft[flag]}
                onChange={(event) => set(flag, event.target.checked)}
              />
              {t(`fields.${flag}`)}
            </label>
          ))}
        </div>
      </div>
      <div role="status" className="empty:hidden">
        {result?.kind === 'created' ? (
          <Notice tone="success">{t('created', { code: result.code })}</Notice>
        ) : result?.kind === 'unavailable' ? (
          <Notice tone="error">{t('unavailable')}</Notice>
        ) : result?.kind === 'refused' ? (
          <Notice tone="error">{t('refused')}</Notice>
        ) : null}
      </div>
      <Button type="submit" disabled={pending} className="self-start">
        {pending ? t('saving') : t('create')}
      </Button>
    </form>
  );
}

/** 'Ligar' / 'Desligar' for one coupon; says so when it could not. */
export function CouponSwitch({ code, active }: { code: string; active: boolean }) {
  const t = useTranslations('ControlPanel.coupons');
  const router = useRouter();
  const [failed, setFailed] = useState(false);
  const [pending, startTransition] = useTransition();
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button
        variant="secondary"
        size="xs"
        disabled={pending}
        aria-label={t(active ? 'turnOffLabel' : 'turnOnLabel', { code })}
        onClick={() =>
          startTransition(async () => {
            const done = await setCouponActiveAction(code, !active).catch(() => false);
            setFailed(!done);
            if (done) router.refresh();
          })
        }
      >
        {t(active ? 'turnOff' : 'turnOn')}
      </Button>
      {failed ? (
        <span role="alert" className="text-sm">
          {t('unavailable')}
        </span>
      ) : null}
    </span>
  );
}
