import type { Category, ProductType } from './types';

const ovosTrufados: ProductType = {
  key: 'ovos-trufados',
  name: { 'pt-BR': 'Ovos Trufados', en: 'Truffled Eggs' },
};

const ovosComLascas: ProductType = {
  key: 'ovos-com-lascas',
  name: { 'pt-BR': 'Ovos com Lascas', en: 'Eggs with Chunks' },
};

const miniOvos: ProductType = {
  key: 'mini-ovos',
  name: { 'pt-BR': 'Mini Ovos', en: 'Mini Eggs' },
};

const barras: ProductType = {
  key: 'barras',
  name: { 'pt-BR': 'Barras', en: 'Bars' },
};

export const easterTypes: ProductType[] = [ovosTrufados, ovosComLascas, miniOvos];

export const categories: Category[] = [
  { key: 'pascoa', name: { 'pt-BR': 'Páscoa', en: 'Easter' }, types: [...easterTypes] },
  { key: 'classicos', name: { 'pt-BR': 'Clássicos', en: 'Classics' }, types: [barras] },
];
