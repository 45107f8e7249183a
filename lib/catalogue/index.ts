import { categories, easterTypes } from './categories';

export type * from './types';
export { formatPrice } from './format';
export { categories, easterTypes };
