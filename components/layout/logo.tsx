type Props = { title: string; className?: string; gradientId: string };

/**
 * The shop's logo (the drawing of public/logo.svg) inline, so its lettering follows the color
 * mode. `gradientId` must be unique in the page.
 */
export function Logo({ title, className, gradientId }: Props) {
  return (
    <svg viewBox="0 0 240 64" role="img" aria-label={title} className={className}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#a0623a" />
          <stop offset="1" stopColor="#4a2414" />
        </linearGradient>
      </defs>
      <path
        d="M30 12C41.4 12 49 24.5 49 39.8C49 52.3 40.6 60 30 60C19.4 60 11 52.3 11 39.8C11 24.5 18.6 12 30 12Z"
        fill={`url(#${gradientId})`}
      />
      <path d="M11.5 37Q30 45 48.5 37" stroke="#f5cf3a" strokeWidth="4" fill="none" />
      <g transform="rotate(-32 31 12.5)">
        <path d="M31 12.5Q40 7.46 49 12.5Q40 17.54 31 12.5Z" fill="#3f8f4e" />
        <path d="M31 12.5H49" stroke="#1c4a22" strokeWidth="2" opacity=".5" />
      </g>
      {/* One text with a space between the lines, so the lettering reads 'Chocolates Tropicais'
          (an accessible name that contains the visible text, for links around the logo). */}
      <text className="font-sans">
        <tspan
          x="62"
          y="30"
          fontWeight="700"
          fontSize="20"
          className="fill-cacao-800 dark:fill-cacao-100"
        >
          Chocolates
        </tspan>{' '}
        <tspan
          x="62"
          y="52"
          fontSize="17"
          letterSpacing="2"
          className="fill-cacao-500 dark:fill-cacao-300"
        >
          Tropicais
        </tspan>
      </text>
    </svg>
  );
}
