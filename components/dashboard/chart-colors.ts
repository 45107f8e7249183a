// The charts' colours: the Okabe-Ito palette, told apart by people with the common colour
// vision deficiencies, each with a lighter step for the dark mode; what a colour says is also
// said by a pattern or a text (the legend, the table), never by the colour alone.
export const chartColors = {
  bar: 'fill-[#0072B2] dark:fill-[#56B4E9]',
  second: 'fill-[#E69F00] dark:fill-[#F0C05A]',
  full: 'fill-[#D55E00] dark:fill-[#F5A35C]',
  fullStroke: 'stroke-[#D55E00] dark:stroke-[#F5A35C]',
  capacity: 'fill-none stroke-cacao-500 dark:stroke-cacao-300',
  grid: 'stroke-cacao-200 dark:stroke-cacao-700',
  text: 'fill-cacao-800 dark:fill-cacao-100',
  muted: 'fill-cacao-600 dark:fill-cacao-300',
} as const;
