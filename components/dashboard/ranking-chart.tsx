import { chartColors } from './chart-colors';

export type Ranked = { label: string; value: number; valueText: string };

type Props = { id: string; title: string; summary: string; items: readonly Ranked[] };

const WIDTH = 400;
const ROW = 40;

/** Horizontal bars, longest first, each with its name above and its value at its end. */
export function RankingChart({ id, title, summary, items }: Props) {
  const max = Math.max(1, ...items.map((item) => item.value));
  const height = Math.max(ROW, items.length * ROW);
  return (
    <svg
      role="img"
      aria-labelledby={`${id}-svg-title ${id}-svg-desc`}
      viewBox={`0 0 ${WIDTH} ${height}`}
      className="h-auto w-full max-w-xl"
    >
      <title id={`${id}-svg-title`}>{title}</title>
      <desc id={`${id}-svg-desc`}>{summary}</desc>
      {items.map((item, index) => {
        const top = index * ROW;
        const width = Math.max(2, (item.value / max) * (WIDTH - 110));
        return (
          <g key={`${item.label}-${index}`}>
            <text x="0" y={top + 14} fontSize="13" className={chartColors.text}>
              {item.label}
            </text>
            <rect x="0" y={top + 19} width={width} height="14" rx="2" className={chartColors.bar} />
            <text x={width + 6} y={top + 31} fontSize="13" className={chartColors.muted}>
              {item.valueText}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
