// The allergen statements a product may carry, as ANVISA's labelling rules word them (RDC
// 26/2015 for allergens, Law 10.674/2003 for gluten): the panel offers this list, the product page
// shows the chosen ones in both languages (messages: "Allergens"). Pure, shared with the browser.

export const ALLERGEN_KEYS = [
  'contains-milk',
  'contains-peanut',
  'contains-soy',
  'contains-wheat',
  'contains-eggs',
  'contains-hazelnut',
  'contains-brazil-nut',
  'contains-cashew',
  'contains-almond',
  'contains-pistachio',
  'contains-macadamia',
  'contains-walnut',
  'may-contain-milk',
  'may-contain-peanut',
  'may-contain-soy',
  'may-contain-wheat',
  'may-contain-eggs',
  'may-contain-tree-nuts',
  'contains-gluten',
  'gluten-free',
] as const;

export type AllergenKey = (typeof ALLERGEN_KEYS)[number];

export function isAllergenKey(value: unknown): value is AllergenKey {
  return (ALLERGEN_KEYS as readonly unknown[]).includes(value);
}

/** Why a set of statements cannot go on one label (message keys under "ProductEditor"). */
export type AllergenProblem = 'allergenGlutenRequired' | 'allergenConflict';

const GLUTEN: readonly AllergenKey[] = ['contains-gluten', 'gluten-free'];

/**
 * What is wrong with `allergens` as one product's statements, or null: exactly one of 'CONTÉM
 * GLÚTEN' and 'NÃO CONTÉM GLÚTEN' (the law asks every food for one), and never 'contains' and
 * 'may contain' of the same allergen.
 */
export function allergenProblem(allergens: readonly AllergenKey[]): AllergenProblem | null {
  if (allergens.filter((key) => GLUTEN.includes(key)).length !== 1) {
    return 'allergenGlutenRequired';
  }
  for (const key of allergens) {
    if (!key.startsWith('may-contain-')) continue;
    // 'Contains pistachio' and 'may contain tree nuts' (others) can stand together.
    if (allergens.includes(`contains-${key.slice('may-contain-'.length)}` as AllergenKey)) {
      return 'allergenConflict';
    }
  }
  return null;
}
