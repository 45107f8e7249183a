// Class names shared by the control panel's components.
export const panelButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-full bg-cacao-700 px-4 py-2 text-sm font-semibold text-cacao-50 hover:bg-cacao-800 disabled:cursor-not-allowed disabled:opacity-60 dark:bg-gold-400 dark:text-cacao-950 dark:hover:bg-gold-500';

export const panelSecondaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-full border border-cacao-300 px-4 py-2 text-sm font-semibold text-cacao-800 hover:bg-cacao-100 disabled:cursor-not-allowed disabled:opacity-60 dark:border-cacao-700 dark:text-cacao-100 dark:hover:bg-cacao-900';

export const panelDangerButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-full border border-red-300 px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60 dark:border-red-800 dark:text-red-200 dark:hover:bg-red-950';

export const panelInputClass =
  'rounded-xl border border-cacao-300 bg-white px-3 py-2 text-cacao-950 placeholder:text-cacao-400 dark:border-cacao-700 dark:bg-cacao-900 dark:text-cacao-50';

export const panelAlertClass =
  'rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-800 dark:bg-red-950 dark:text-red-100';

export const panelSuccessClass =
  'rounded-xl bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-100';
