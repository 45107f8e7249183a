'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, useTransition, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { cardClass } from '@/components/ui/card';
import { Notice } from '@/components/ui/notice';
import { saveDeliveryTableAction } from '@/lib/control-panel/delivery-actions';
import { type DeliveryTable, type DeliveryTableProblem } from '@/lib/delivery/table';
import type { DeliveryTableInput } from '@/lib/delivery/validate';
import { formatCepInput } from '@/lib/brazil';
import { parsePriceInput, priceInputValue } from '@/lib/catalogue/format';

type Row = { id: number; name: string; from: string; to: string; fee: string; days: string };

/** A field as a number; NaN when empty or not one (the server names the row at fault). */
const numberOf = (value: string) => (value.trim() === '' ? Number.NaN : Number(value.trim()));

/** An amount field ('12,50') in centavos; NaN when empty or not an amount. */
const centavosOf = (value: string) => parsePriceInput(value) ?? Number.NaN;

const INPUT =
  'w-full min-w-0 rounded-lg border border-cacao-300 bg-white px-2 py-1.5 dark:border-cacao-700 dark:bg-cacao-900';

function rowsOf(table: DeliveryTable | null): Row[] {
  return (table?.regions ?? []).map((region, id) => ({
    id,
    name: region.name,
    from: formatCepInput(region.from),
    to: formatCepInput(region.to),
    fee: priceInputValue(region.fee),
    days: String(region.days),
  }));
}

/**
 * The delivery table's editor. Sends the whole table; the server checks it (ranges, fees,
 * capacity) and either saves it or answers every problem, changing nothing.
 */
export function DeliveryForm({ table }: { table: DeliveryTable | null }) {
  const t = useTranslations('ControlPanel.delivery');
  const id = useId();
  const [rows, setRows] = useState<Row[]>(() => rowsOf(table));
  const [nextId, setNextId] = useState(rows.length);
  const [freeAbove, setFreeAbove] = useState(
    table?.freeAbove ? priceInputValue(table.freeAbove) : '',
  );
  const [capacity, setCapacity] = useState(table ? String(table.dailyCapacity) : '20');
  const [pickupDays, setPickupDays] = useState(table ? String(table.pickupDays) : '1');
  const [weekdays, setWeekdays] = useState<number[]>(table?.weekdays ?? [1, 2, 3, 4, 5, 6]);
  const [result, setResult] = useState<
    | { kind: 'saved' }
    | { kind: 'refused'; problems: DeliveryTableProblem[] }
    | { kind: 'unavailable' }
    | null
  >(null);
  const [pending, startTransition] = useTransition();

  const setRow = (rowId: number, field: keyof Omit<Row, 'id'>, value: string) =>
    setRows((current) =>
      current.map((row) => (row.id === rowId ? { ...row, [field]: value } : row)),
    );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input: DeliveryTableInput = {
      regions: rows.map((row) => ({
        name: row.name,
        from: row.from,
        to: row.to,
        fee: centavosOf(row.fee),
        days: numberOf(row.days),
      })),
      freeAbove: freeAbove.trim() === '' ? null : centavosOf(freeAbove),
      dailyCapacity: numberOf(capacity),
      weekdays,
      pickupDays: numberOf(pickupDays),
    };
    startTransition(async () => {
      try {
        const answer = await saveDeliveryTableAction(input);
        if (answer.ok) {
          setRows(rowsOf(answer.table));
          setNextId(answer.table.regions.length);
          setResult({ kind: 'saved' });
        } else if ('problems' in answer) setResult({ kind: 'refused', problems: answer.problems });
        else setResult({ kind: 'unavailable' });
      } catch (cause) {
        console.error('Saving the delivery table failed:', cause);
        setResult({ kind: 'unavailable' });
      }
    });
  };

  return (
    <form onSubmit={submit} noValidate className="mt-6 flex flex-col gap-6" aria-busy={pending}>
      {table ? null : <Notice tone="info">{t('notConfigured')}</Notice>}
      <fieldset className={`${cardClass} flex flex-col gap-3`}>
        <legend className="float-left mb-1 w-full text-lg font-semibold">{t('regions')}</legend>
        <ol className="flex flex-col gap-3" data-testid="delivery-regions">
          {rows.map((row, index) => (
            <li
              key={row.id}
              aria-label={t('rowLabel', { row: String(index + 1) })}
              className="grid grid-cols-2 items-end gap-2 border-b border-cacao-200 pb-3 sm:grid-cols-[2fr_1fr_1fr_1fr_1fr_auto] dark:border-cacao-800"
            >
              {(
                [
                  ['name', 'text', 'col-span-2 sm:col-span-1'],
                  ['from', 'text', ''],
                  ['to', 'text', ''],
                  ['fee', 'text', ''],
                  ['days', 'number', ''],
                ] as const
              ).map(([field, type, span]) => (
                <label key={field} className={`flex flex-col gap-1 text-sm ${span}`}>
                  <span className="font-medium">{t(field)}</span>
                  <input
                    type={type}
                    inputMode={
                      field === 'fee' ? 'decimal' : field !== 'name' ? 'numeric' : undefined
                    }
                    value={row[field]}
                    onChange={(event) => setRow(row.id, field, event.target.value)}
                    aria-label={`${t(field)} – ${t('rowLabel', { row: String(index + 1) })}`}
                    maxLength={
                      field === 'name' ? 60 : field === 'from' || field === 'to' ? 9 : undefined
                    }
                    className={INPUT}
                  />
                </label>
              ))}
              <button
                type="button"
                onClick={() => setRows((current) => current.filter((other) => other.id !== row.id))}
                className="col-span-2 justify-self-start py-1.5 text-sm font-semibold text-red-700 underline sm:col-span-1 dark:text-red-300"
              >
                {t('removeRegion', { row: String(index + 1) })}
              </button>
            </li>
          ))}
        </ol>
        <Button
          type="button"
          variant="secondary"
          className="self-start"
          onClick={() => {
            setRows((current) => [
              ...current,
              { id: nextId, name: '', from: '', to: '', fee: '0,00', days: '1' },
            ]);
            setNextId((current) => current + 1);
          }}
        >
          {t('addRegion')}
        </Button>
      </fieldset>

      <div className={`${cardClass} grid gap-4 sm:grid-cols-3`}>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t('freeAbove')}</span>
          <input
            type="text"
            inputMode="decimal"
            value={freeAbove}
            onChange={(event) => setFreeAbove(event.target.value)}
            aria-describedby={`${id}-free-hint`}
            className={INPUT}
          />
          <span id={`${id}-free-hint`} className="text-cacao-600 dark:text-cacao-300">
            {t('freeAboveHint')}
          </span>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t('dailyCapacity')}</span>
          <input
            type="number"
            inputMode="numeric"
            value={capacity}
            onChange={(event) => setCapacity(event.target.value)}
            className={INPUT}
          />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t('pickupDays')}</span>
          <input
            type="number"
            inputMode="numeric"
            value={pickupDays}
            onChange={(event) => setPickupDays(event.target.value)}
            className={INPUT}
          />
        </label>
        <fieldset className="flex flex-col gap-2 sm:col-span-3">
          <legend className="mb-1 text-sm font-medium">{t('weekdays')}</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {[1, 2, 3, 4, 5, 6, 0].map((day) => (
              <label key={day} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={weekdays.includes(day)}
                  onChange={(event) =>
                    setWeekdays((current) =>
                      event.target.checked
                        ? [...current, day]
                        : current.filter((other) => other !== day),
                    )
                  }
                  className="size-4 accent-cacao-700 dark:accent-gold-400"
                />
                {t(`weekdayNames.${day}` as 'weekdayNames.0')}
              </label>
            ))}
          </div>
        </fieldset>
      </div>

      <div role="status" data-testid="delivery-result" className="empty:hidden">
        {result?.kind === 'saved' ? <Notice tone="success">{t('saved')}</Notice> : null}
        {result?.kind === 'unavailable' ? <Notice tone="error">{t('unavailable')}</Notice> : null}
        {result?.kind === 'refused' ? (
          <Notice tone="error" as="div">
            <p className="font-semibold">{t('refused')}</p>
            <ul className="mt-1 list-disc pl-5">
              {result.problems.map((problem) => (
                <li key={`${problem.key}:${problem.row ?? ''}:${problem.other ?? ''}`}>
                  {t(`problems.${problem.key}`, {
                    row: String(problem.row ?? ''),
                    other: String(problem.other ?? ''),
                  })}
                </li>
              ))}
            </ul>
          </Notice>
        ) : null}
      </div>

      <Button type="submit" disabled={pending} className="self-start">
        {pending ? t('saving') : t('save')}
      </Button>
    </form>
  );
}
