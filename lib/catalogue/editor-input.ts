// What the panel's product editor sends, checked: every problem is named by its field and a
// message key under "ProductEditor.errors" (both languages), and nothing is stored while one is
// left. Pure (zod: server and tests only; the editor shows the server's answer).
import { z } from 'zod';

import { allergenProblem, isAllergenKey, type AllergenKey } from './allergens';
import { categories } from './categories';
import { parsePriceInput } from './format';
import { MAX_PHOTOS } from './pictures';
import { categoryOfType, PRODUCT_KEY_MAX_LENGTH } from './product';
import type { Ingredient, Localized, ProductTypeKey } from './types';

/** The most a price may be: R$ 10.000,00. */
export const MAX_PRICE = 1_000_000;

export const TEXT_LIMITS = {
  title: 80,
  subtitle: 200,
  description: 4000,
  weight: 20,
  ingredientName: 80,
  ingredientDescription: 600,
  alt: 200,
  ingredients: 12,
} as const;

/** Stock bounds, as on the stock page (lib/inventory/overlay.ts STOCK_LIMITS). */
const STOCK_MAX = 999;

const localizedText = z.object({ 'pt-BR': z.string().max(5000), en: z.string().max(5000) });

/** A photo of the form: one the product has (its stored path) or a file sent with it. */
const photoInput = z.union([
  z.strictObject({ path: z.string().min(1).max(300), alt: localizedText }),
  z.strictObject({ upload: z.string().regex(/^photo-\d$/), alt: localizedText }),
]);

export const productInputSchema = z.strictObject({
  locale: z.enum(['pt-BR', 'en']),
  /** The product's version when the form was loaded; absent for a new product. */
  version: z.number().int().min(0).optional(),
  title: localizedText,
  subtitle: localizedText,
  /** Paragraphs separated by an empty line. */
  description: localizedText,
  price: z.string().max(40),
  weight: z.string().max(100),
  type: z.string().max(40),
  isOrganic: z.boolean(),
  allergens: z.array(z.string().max(40)).max(40),
  ingredients: z
    .array(
      z.strictObject({
        name: localizedText,
        /** Lines separated by line breaks. */
        description: localizedText,
      }),
    )
    .max(40),
  // NaN or null: left empty or not a number (refused below by name).
  stock: z.number().or(z.nan()).or(z.null()),
  /** The stock the form showed: an order that took units meanwhile makes the save stale. */
  expectedStock: z.number().int().min(0).optional(),
  availableForSale: z.boolean(),
  showInStore: z.boolean(),
  isPromoted: z.boolean(),
  photos: z.array(photoInput).max(20),
});

export type ProductInput = z.input<typeof productInputSchema>;

/** A field of the form and what is wrong with it ('errors.<key>', with its values). */
export type EditorProblem = {
  field: string;
  key: EditorErrorKey;
  values?: Record<string, string | number>;
};

export type EditorErrorKey =
  | 'malformed'
  | 'titleRequired'
  | 'titleTooLong'
  | 'subtitleRequired'
  | 'subtitleTooLong'
  | 'descriptionRequired'
  | 'descriptionTooLong'
  | 'priceInvalid'
  | 'priceNotPositive'
  | 'priceTooHigh'
  | 'weightInvalid'
  | 'typeInvalid'
  | 'allergenGlutenRequired'
  | 'allergenConflict'
  | 'ingredientNameRequired'
  | 'ingredientTooLong'
  | 'tooManyIngredients'
  | 'stockInvalid'
  | 'tooManyPhotos'
  | 'altRequired'
  | 'altTooLong'
  | 'keyTaken'
  | 'keyEmpty'
  | 'linkInvalid'
  | 'stockStale'
  | 'fileTooLarge'
  | 'notAnImage'
  | 'svgRefused'
  | 'imageTooSmall'
  | 'imageTooManyPixels';

/** The editor's fields, checked and in the stored shape (photos still as sent). */
export type ProductDraft = {
  title: Localized;
  subtitle: Localized;
  description: Localized<string[]>;
  price: number;
  weight: string;
  type: ProductTypeKey;
  category: ReturnType<typeof categoryOfType>;
  isOrganic: boolean;
  allergens: AllergenKey[];
  ingredients: Ingredient[];
  stock: number;
  expectedStock?: number;
  availableForSale: boolean;
  showInStore: boolean;
  isPromoted: boolean;
  photos: ({ path: string; alt: Localized } | { upload: string; alt: Localized })[];
};

const LANGUAGES = ['pt-BR', 'en'] as const;

const TYPE_KEYS = categories.flatMap((category) => category.types.map((type) => type.key));

const paragraphsOf = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .filter(Boolean);

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * The form's input as a draft, or every problem with it. Bounds: names and descriptions in both
 * languages, a price from R$ 0,01 to R$ 10.000,00, a type of the catalogue, allergen statements of
 * the list (one gluten statement), up to MAX_PHOTOS photos each described in both languages.
 */
export function checkProductInput(input: unknown):
  | { ok: true; locale: 'pt-BR' | 'en'; version?: number; draft: ProductDraft }
  | {
      ok: false;
      problems: EditorProblem[];
    } {
  const parsed = productInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, problems: [{ field: 'form', key: 'malformed' }] };
  const raw = parsed.data;
  const problems: EditorProblem[] = [];
  const add = (field: string, key: EditorErrorKey, values?: EditorProblem['values']) =>
    problems.push(values ? { field, key, values } : { field, key });

  const title = {} as Localized;
  const subtitle = {} as Localized;
  const description = {} as Localized<string[]>;
  for (const language of LANGUAGES) {
    title[language] = raw.title[language].replace(/\s+/g, ' ').trim();
    if (!title[language]) add(`title.${language}`, 'titleRequired');
    else if (title[language].length > TEXT_LIMITS.title) {
      add(`title.${language}`, 'titleTooLong', { max: TEXT_LIMITS.title });
    }
    subtitle[language] = raw.subtitle[language].replace(/\s+/g, ' ').trim();
    if (!subtitle[language]) add(`subtitle.${language}`, 'subtitleRequired');
    else if (subtitle[language].length > TEXT_LIMITS.subtitle) {
      add(`subtitle.${language}`, 'subtitleTooLong', { max: TEXT_LIMITS.subtitle });
    }
    description[language] = paragraphsOf(raw.description[language]);
    if (description[language].length === 0) add(`description.${language}`, 'descriptionRequired');
    else if (raw.description[language].length > TEXT_LIMITS.description) {
      add(`description.${language}`, 'descriptionTooLong', { max: TEXT_LIMITS.description });
    }
  }

  const price = parsePriceInput(raw.price);
  const priceText = raw.price.trim();
  if (price === null) {
    add(
      'price',
      /^-/.test(priceText.replace(/^R\$\s*/i, '')) ? 'priceNotPositive' : 'priceInvalid',
    );
  } else if (price <= 0) add('price', 'priceNotPositive');
  else if (price > MAX_PRICE) add('price', 'priceTooHigh');

  const weight = raw.weight.trim();
  if (!weight || weight.length > TEXT_LIMITS.weight) add('weight', 'weightInvalid');

  const type = TYPE_KEYS.find((key) => key === raw.type);
  if (!type) add('type', 'typeInvalid');

  const allergens = [...new Set(raw.allergens)].filter(isAllergenKey);
  if (allergens.length !== new Set(raw.allergens).size) add('allergens', 'allergenConflict');
  else {
    const problem = allergenProblem(allergens);
    if (problem) add('allergens', problem);
  }

  const ingredients: Ingredient[] = [];
  if (raw.ingredients.length > TEXT_LIMITS.ingredients) {
    add('ingredients', 'tooManyIngredients', { max: TEXT_LIMITS.ingredients });
  }
  raw.ingredients.forEach((row, index) => {
    const name = {} as Localized;
    const lines = {} as Localized<string[]>;
    for (const language of LANGUAGES) {
      name[language] = row.name[language].replace(/\s+/g, ' ').trim();
      lines[language] = linesOf(row.description[language]);
      if (!name[language]) {
        add(`ingredients.${index}.name.${language}`, 'ingredientNameRequired', { row: index + 1 });
      } else if (
        name[language].length > TEXT_LIMITS.ingredientName ||
        row.description[language].length > TEXT_LIMITS.ingredientDescription
      ) {
        add(`ingredients.${index}.${language}`, 'ingredientTooLong', { row: index + 1 });
      }
    }
    ingredients.push({ name, description: lines });
  });

  const stock = raw.stock ?? Number.NaN;
  if (!Number.isInteger(stock) || stock < 0 || stock > STOCK_MAX) {
    add('stock', 'stockInvalid', { max: STOCK_MAX });
  }

  if (raw.photos.length > MAX_PHOTOS) add('photos', 'tooManyPhotos', { max: MAX_PHOTOS });
  const photos = raw.photos.map((photo, index) => {
    const alt = {} as Localized;
    for (const language of LANGUAGES) {
      alt[language] = photo.alt[language].replace(/\s+/g, ' ').trim();
      if (!alt[language]) add(`photos.${index}.alt.${language}`, 'altRequired', { n: index + 1 });
      else if (alt[language].length > TEXT_LIMITS.alt) {
        add(`photos.${index}.alt.${language}`, 'altTooLong', { n: index + 1 });
      }
    }
    return 'path' in photo ? { path: photo.path, alt } : { upload: photo.upload, alt };
  });

  if (problems.length > 0 || price === null || !type) return { ok: false, problems };
  return {
    ok: true,
    locale: raw.locale,
    version: raw.version,
    draft: {
      title,
      subtitle,
      description,
      price,
      weight,
      type,
      category: categoryOfType(type),
      isOrganic: raw.isOrganic,
      allergens,
      ingredients,
      stock,
      expectedStock: raw.expectedStock,
      availableForSale: raw.availableForSale,
      showInStore: raw.showInStore,
      isPromoted: raw.isPromoted,
      photos,
    },
  };
}

/**
 * A product's key from its pt-BR name: lower case, accents dropped, words joined by '-' ('Ovo
 * Pistache' is 'ovo-pistache'); '' when the name has no letter or digit.
 */
export function productKeyOf(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, PRODUCT_KEY_MAX_LENGTH)
    .replace(/-+$/, '');
}
