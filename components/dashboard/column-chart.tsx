import { chartColors } from './chart-colors';

export type Column = {
  /** Shown under the column (only some are, when there are many). */
  label: string;
  value: number;
  /** Drawn as full (colour, stripes): a delivery day at capacity. */
  full?: boolean;
};

type Props = {
  /** Used for the SVG's ids (patterns, title). */
  id: string;
  title: string;
  summary: string;
  columns: readonly Column[];
  /** A dashed outline per column up to this value (a day's capacity). */
  capacity?: number;
  /** Every how many columns a label is written under the axis. */
  labelEvery?: number;
  /** The legend's text for full columns, when any column can be full. */
  fullLabel?: string;
};

const WIDTH = 640;
const HEIGHT = 220;
const TOP = 12;
const BOTTOM = 28;
const LEFT = 4;

/** Vertical columns drawn on the server (no script): a day per column. */
export function ColumnChart({
  id,
  title,
  summary,
  columns,
  capacity,
  labelEvery = 1,
  fullLabel,
}: Props) {
  const max = Math.max(1, capacity ?? 0, ...columns.map((column) => column.value));
  const plot = HEIGHT - TOP - BOTTOM;
  const step = (WIDTH - LEFT) / Math.max(1, columns.length);
  const barWidth = Math.max(2, step * 0.7);
  const y = (value: number) => TOP + plot - (Math.max(0, value) / max) * plot;
  const anyFull = columns.some((column) => column.full);
  return (
    <svg
      role="img"
      aria-labelledby={`${id}-svg-title ${id}-svg-desc`}
      viewBox={`0 0 ${WIDTH} ${HEIGHT + (anyFull && fullLabel ? 26 : 0)}`}
      className="h-auto w-full max-w-3xl"
    >
      <title id={`${id}-svg-title`}>{title}</title>
      <desc id={`${id}-svg-desc`}>{summary}</desc>
      <defs>
        <pattern
          id={`${id}-stripes`}
          width="8"
          height="8"
          patternUnits="userSpaceOnUse"
          patternTransform="rotate(45)"
        >
          <rect width="8" height="8" className={chartColors.full} />
          <line
            x1="0"
            y1="0"
            x2="0"
            y2="8"
            strokeWidth="3"
            className="stroke-white dark:stroke-cacao-950"
          />
        </pattern>
      </defs>
      <line
        x1={LEFT}
        x2={WIDTH}
        y1={TOP + plot}
        y2={TOP + plot}
        strokeWidth="1"
        className={chartColors.grid}
      />
      <line
        x1={LEFT}
        x2={WIDTH}
        y1={TOP}
        y2={TOP}
        strokeWidth="1"
        strokeDasharray="4 4"
        className={chartColors.grid}
      />
      <text x={WIDTH - 2} y={TOP - 2} textAnchor="end" fontSize="14" className={chartColors.muted}>
        {max}
      </text>
      {columns.map((column, index) => {
        const x = LEFT + index * step + (step - barWidth) / 2;
        return (
          <g key={`${column.label}-${index}`}>
            {capacity !== undefined && (
              <rect
                x={x}
                y={y(capacity)}
                width={barWidth}
                height={TOP + plot - y(capacity)}
                strokeWidth="1.5"
                strokeDasharray="3 2"
                className={chartColors.capacity}
              />
            )}
            <rect
              x={x}
              y={y(column.value)}
              width={barWidth}
              height={TOP + plot - y(column.value)}
              fill={column.full ? `url(#${id}-stripes)` : undefined}
              className={column.full ? undefined : chartColors.bar}
            />
            {index % labelEvery === 0 && (
              <text
                x={x + barWidth / 2}
                y={HEIGHT - 8}
                textAnchor="middle"
                fontSize="14"
                className={chartColors.text}
              >
                {column.label}
              </text>
            )}
          </g>
        );
      })}
      {anyFull && fullLabel && (
        <g>
          <rect x={LEFT} y={HEIGHT + 6} width="16" height="16" fill={`url(#${id}-stripes)`} />
          <text x={LEFT + 24} y={HEIGHT + 19} fontSize="14" className={chartColors.text}>
            {fullLabel}
          </text>
        </g>
      )}
    </svg>
  );
}
