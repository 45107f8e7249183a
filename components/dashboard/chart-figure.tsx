import type { ReactNode } from 'react';

type Props = {
  id: string;
  title: string;
  /** The chart's numbers in one sentence: its text equivalent, always shown. */
  summary: string;
  /** The label of the disclosure that shows the table. */
  tableLabel: string;
  chart: ReactNode;
  table: ReactNode;
};

/**
 * A chart with its text equivalents: the summary line (also the SVG's description) and the
 * table of every number drawn, behind a disclosure. The SVG is one image for assistive
 * technology; the table is what a screen reader and the tests read.
 */
export function ChartFigure({ id, title, summary, tableLabel, chart, table }: Props) {
  return (
    <figure
      aria-labelledby={`${id}-title`}
      data-testid={id}
      className="rounded-2xl bg-white p-5 shadow-sm dark:bg-cacao-900"
    >
      <h3 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h3>
      <figcaption id={`${id}-summary`} className="mt-1 text-sm text-cacao-700 dark:text-cacao-200">
        {summary}
      </figcaption>
      <div className="mt-4">{chart}</div>
      <details className="mt-3 text-sm">
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold">
          {tableLabel}
        </summary>
        {/* Scrolled sideways on a phone: focusable, so a keyboard can scroll it too. */}
        <div
          className="mt-2 overflow-x-auto"
          tabIndex={0}
          role="region"
          aria-labelledby={`${id}-title`}
        >
          {table}
        </div>
      </details>
    </figure>
  );
}

export const tableClass =
  'w-full border-collapse text-left [&_td]:py-1 [&_td]:pr-3 [&_th]:py-1 [&_th]:pr-3 [&_thead_th]:font-semibold [&_tr]:border-b [&_tr]:border-cacao-100 dark:[&_tr]:border-cacao-800';
