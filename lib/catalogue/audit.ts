// What a catalogue change changed, field by field, as the editor's history shows it. Pure.
import { formatPrice } from './format';
import type { LiveState } from './product';
import type { ProductRecord } from './types';

/** One field a change touched, before and after ('' when it had no value). */
export type FieldChange = { field: AuditField; before: string; after: string };

export const AUDIT_FIELDS = [
  'key',
  'title.pt-BR',
  'title.en',
  'subtitle.pt-BR',
  'subtitle.en',
  'description.pt-BR',
  'description.en',
  'price',
  'weight',
  'type',
  'isOrganic',
  'allergens',
  'ingredients',
  'photos',
  'stock',
  'availableForSale',
  'showInStore',
  'isPromoted',
  'archived',
  'link',
] as const;

export type AuditField = (typeof AUDIT_FIELDS)[number];

/** Long texts are kept to this many characters in the history. */
const MAX_VALUE_LENGTH = 200;

type Snapshot = { record: ProductRecord; live: LiveState };

function valuesOf({ record, live }: Snapshot): Record<AuditField, string> {
  const clip = (text: string) =>
    text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
  return {
    key: record.key,
    'title.pt-BR': record.title['pt-BR'],
    'title.en': record.title.en,
    'subtitle.pt-BR': record.subtitle['pt-BR'],
    'subtitle.en': record.subtitle.en,
    'description.pt-BR': clip(record.description['pt-BR'].join('\n\n')),
    'description.en': clip(record.description.en.join('\n\n')),
    price: formatPrice(record.price),
    weight: record.weight,
    type: record.type,
    isOrganic: String(record.isOrganic),
    allergens: record.allergens.join(', '),
    ingredients: clip(record.ingredients.map((ingredient) => ingredient.name['pt-BR']).join(', ')),
    photos: record.photos.map((photo) => photo.alt['pt-BR']).join(' | '),
    stock: String(live.stock),
    availableForSale: String(live.availableForSale),
    showInStore: String(live.showInStore),
    isPromoted: String(live.isPromoted),
    archived: String(record.archived),
    // A banner's field (lib/control-panel/banner-editor.ts); products have no link.
    link: '',
  };
}

/** The fields that differ between `before` (null: a new product) and `after`. */
export function describeChanges(before: Snapshot | null, after: Snapshot): FieldChange[] {
  const next = valuesOf(after);
  const previous = before ? valuesOf(before) : null;
  return AUDIT_FIELDS.flatMap((field) => {
    const was = previous?.[field] ?? '';
    return was === next[field] ? [] : [{ field, before: was, after: next[field] }];
  });
}
