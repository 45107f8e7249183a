// Class names shared by the account components (user tab and /usuario).
export const primaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-full bg-cacao-700 px-5 py-2.5 font-semibold text-cacao-50 hover:bg-cacao-800 disabled:cursor-not-allowed disabled:opacity-60 dark:bg-gold-400 dark:text-cacao-950 dark:hover:bg-gold-500';

export const secondaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-full border border-cacao-300 px-5 py-2.5 font-semibold text-cacao-800 hover:bg-cacao-100 disabled:cursor-not-allowed disabled:opacity-60 dark:border-cacao-700 dark:text-cacao-100 dark:hover:bg-cacao-900';

export const smallButtonClass =
  'shrink-0 rounded-full border border-cacao-300 px-3 py-1 text-sm font-medium hover:bg-cacao-100 disabled:opacity-60 dark:border-cacao-700 dark:hover:bg-cacao-900';

export const inputClass =
  'w-full rounded-xl border border-cacao-300 bg-white px-3 py-2 text-cacao-950 placeholder:text-cacao-400 dark:border-cacao-700 dark:bg-cacao-900 dark:text-cacao-50';

export const alertClass =
  'rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-800 dark:bg-red-950 dark:text-red-100';

export const successClass =
  'rounded-xl bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-100';

export const sectionTitleClass = 'text-lg font-bold';
