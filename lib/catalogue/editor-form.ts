// The product editor's form values, pure and shared: the panel's pages build them from a record
// (server), the form edits them and sends them as the input lib/catalogue/editor-input.ts checks.
import type { AllergenKey } from './allergens';
import { priceInputValue } from './format';
import { photoUrl } from './pictures';
import type { LiveState } from './product';
import type { Localized, ProductRecord, ProductTypeKey } from './types';

export type PhotoValue =
  /** A photo the product has: its object's path and where it is served. */
  | { id: string; path: string; src: string; alt: Localized }
  /** A photo chosen in this form, sent with it (its preview is an object URL). */
  | { id: string; file: File; src: string; alt: Localized };

export type ProductFormValues = {
  /** Null for a new product. */
  key: string | null;
  /** The stored version the form was loaded at (null: new). */
  version: number | null;
  title: Localized;
  subtitle: Localized;
  /** Paragraphs separated by an empty line. */
  description: Localized;
  price: string;
  weight: string;
  type: ProductTypeKey;
  isOrganic: boolean;
  allergens: AllergenKey[];
  /** Each description's lines separated by line breaks. */
  ingredients: { name: Localized; description: Localized }[];
  stock: string;
  /** The stock when the form was loaded: an order taking units meanwhile makes a save stale. */
  expectedStock: number | null;
  availableForSale: boolean;
  showInStore: boolean;
  isPromoted: boolean;
  photos: PhotoValue[];
};

const both = (value: string): Localized => ({ 'pt-BR': value, en: value });

export function emptyFormValues(): ProductFormValues {
  return {
    key: null,
    version: null,
    title: both(''),
    subtitle: both(''),
    description: both(''),
    price: '',
    weight: '',
    type: 'ovos-trufados',
    isOrganic: false,
    allergens: ['contains-milk', 'may-contain-peanut', 'gluten-free'],
    ingredients: [],
    stock: '10',
    expectedStock: null,
    availableForSale: true,
    showInStore: true,
    isPromoted: false,
    photos: [],
  };
}

/** The form for the stored `record` at `version`, with its live stock and flags. */
export function formValuesOf(
  record: ProductRecord,
  version: number,
  live: LiveState,
): ProductFormValues {
  const joined = (lines: Localized<string[]>, separator: string): Localized => ({
    'pt-BR': lines['pt-BR'].join(separator),
    en: lines.en.join(separator),
  });
  return {
    key: record.key,
    version,
    title: record.title,
    subtitle: record.subtitle,
    description: joined(record.description, '\n\n'),
    price: priceInputValue(record.price),
    weight: record.weight,
    type: record.type,
    isOrganic: record.isOrganic,
    allergens: record.allergens,
    ingredients: record.ingredients.map((ingredient) => ({
      name: ingredient.name,
      description: joined(ingredient.description, '\n'),
    })),
    stock: String(live.stock),
    expectedStock: live.stock,
    availableForSale: live.availableForSale,
    showInStore: live.showInStore,
    isPromoted: live.isPromoted,
    photos: record.photos.map((photo) => ({
      id: photo.path,
      path: photo.path,
      src: photoUrl(photo.path),
      alt: photo.alt,
    })),
  };
}

/**
 * What the form sends: the input as JSON (`data`) and each new photo as photo-0, photo-1 …,
 * in the order of the photos.
 */
export function editorFormData(values: ProductFormValues, locale: 'pt-BR' | 'en'): FormData {
  const form = new FormData();
  let uploads = 0;
  const photos = values.photos.map((photo) => {
    if ('path' in photo) return { path: photo.path, alt: photo.alt };
    const field = `photo-${uploads}`;
    uploads += 1;
    form.set(field, photo.file, photo.file.name);
    return { upload: field, alt: photo.alt };
  });
  const stock = values.stock.trim() === '' ? Number.NaN : Number(values.stock);
  const data = {
    locale,
    ...(values.version !== null ? { version: values.version } : {}),
    title: values.title,
    subtitle: values.subtitle,
    description: values.description,
    price: values.price,
    weight: values.weight,
    type: values.type,
    isOrganic: values.isOrganic,
    allergens: values.allergens,
    ingredients: values.ingredients,
    stock,
    ...(values.expectedStock !== null ? { expectedStock: values.expectedStock } : {}),
    availableForSale: values.availableForSale,
    showInStore: values.showInStore,
    isPromoted: values.isPromoted,
    photos,
  };
  // NaN is not JSON: a stock left empty or not a number goes as null and is refused by name.
  form.set(
    'data',
    JSON.stringify(data, (_key, value) => (Number.isNaN(value) ? null : value)),
  );
  return form;
}
