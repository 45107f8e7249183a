/** A white block on the page's cream background (checkout sections, order confirmation). */
export const cardClass = 'rounded-2xl bg-white p-5 shadow-sm dark:bg-cacao-900';

/** The title of a card or of an account section. */
export const cardTitleClass = 'text-xl font-semibold';

/** The title of an account section (user tab and /usuario), a step smaller than a card's. */
export const sectionTitleClass = 'text-lg font-bold';
