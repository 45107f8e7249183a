// A stored product (products/{key}) read with zod. Pure, but for the server and tests only: zod
// stays out of the browser's code (./product.ts has what the browser may need).
import { z } from 'zod';

import { isAllergenKey, type AllergenKey } from './allergens';
import { categories } from './categories';
import { MAX_PHOTOS } from './pictures';
import { categoryOfType, PRODUCT_KEY_MAX_LENGTH, PRODUCT_KEY_PATTERN } from './product';
import type { CategoryKey, ProductRecord, ProductTypeKey } from './types';

const text = z.string().trim().min(1);
const localized = z.object({ 'pt-BR': text, en: text });
const paragraphs = z.array(text).min(1);
const localizedParagraphs = z.object({ 'pt-BR': paragraphs, en: paragraphs });

const CATEGORY_KEYS = categories.map((category) => category.key) as [CategoryKey, ...CategoryKey[]];
const TYPE_KEYS = categories.flatMap((category) => category.types.map((type) => type.key)) as [
  ProductTypeKey,
  ...ProductTypeKey[],
];

const photoSchema = z.object({
  path: z.string().min(1),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  alt: localized,
});

/**
 * A stored product. What a page cannot do without (key, names, price, kind) must be there and
 * well-formed, or the product is left out; the rest falls back field by field.
 */
export const productRecordSchema = z
  .object({
    key: z.string().regex(PRODUCT_KEY_PATTERN).max(PRODUCT_KEY_MAX_LENGTH),
    position: z.number().int().catch(0),
    category: z.enum(CATEGORY_KEYS),
    type: z.enum(TYPE_KEYS),
    title: localized,
    subtitle: localized,
    description: localizedParagraphs,
    price: z.number().int().positive(),
    weight: z.string().trim().catch(''),
    ingredients: z
      .array(z.unknown())
      .catch([])
      .transform((raw) =>
        raw.flatMap((entry) => {
          const parsed = z
            .object({
              name: localized,
              description: z.object({ 'pt-BR': z.array(text), en: z.array(text) }),
            })
            .safeParse(entry);
          return parsed.success ? [parsed.data] : [];
        }),
      ),
    allergens: z
      .array(z.unknown())
      .catch([])
      .transform((raw) => [...new Set(raw.filter(isAllergenKey))] as AllergenKey[]),
    isOrganic: z.boolean().catch(false),
    isPromoted: z.boolean().catch(false),
    photos: z
      .array(z.unknown())
      .catch([])
      .transform((raw) =>
        raw
          .flatMap((entry) => {
            const parsed = photoSchema.safeParse(entry);
            return parsed.success ? [parsed.data] : [];
          })
          .slice(0, MAX_PHOTOS),
      ),
    drawings: z
      .array(z.object({ src: z.string().startsWith('/images/'), alt: localized }))
      .catch([]),
    archived: z.boolean().catch(false),
    formerKeys: z.array(z.string()).catch([]),
    ordered: z.boolean().catch(false),
  })
  .refine((record) => categoryOfType(record.type) === record.category, {
    message: 'type outside its category',
  });

/** `data` as a record, or null when it is not one (the caller logs it). */
export function parseProductRecord(data: unknown): ProductRecord | null {
  const parsed = productRecordSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}
