// Class names shared by the checkout and order confirmation components.
export const primaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-full bg-cacao-700 px-6 py-3 font-semibold text-cacao-50 hover:bg-cacao-800 disabled:cursor-not-allowed disabled:opacity-60 dark:bg-gold-400 dark:text-cacao-950 dark:hover:bg-gold-500';

export const secondaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-full border border-cacao-300 px-5 py-2.5 font-semibold text-cacao-800 hover:bg-cacao-100 disabled:cursor-not-allowed disabled:opacity-60 dark:border-cacao-700 dark:text-cacao-100 dark:hover:bg-cacao-900';

export const whatsappLinkClass =
  'inline-flex items-center gap-2 self-start rounded-full bg-leaf-600 px-5 py-2.5 font-semibold text-white hover:bg-leaf-600/90';

export const cardClass = 'rounded-2xl bg-white p-5 shadow-sm dark:bg-cacao-900';

export const sectionTitleClass = 'text-xl font-semibold';

export const alertClass =
  'rounded-xl bg-red-50 px-4 py-3 font-medium text-red-800 dark:bg-red-950 dark:text-red-100';

export const noticeClass = 'rounded-2xl bg-gold-400/15 p-4 text-cacao-800 dark:text-cacao-100';

export const mutedTextClass = 'text-sm text-cacao-700 dark:text-cacao-200';
