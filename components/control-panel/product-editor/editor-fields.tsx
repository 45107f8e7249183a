'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';

import { inputClass } from '@/components/ui/text-field';
import { ALLERGEN_KEYS, type AllergenKey } from '@/lib/catalogue/allergens';
import type { ProductFormValues } from '@/lib/catalogue/editor-form';
import type { Localized, ProductTypeKey } from '@/lib/catalogue/types';

type Values = ProductFormValues;
type Set = <K extends keyof Values>(field: K, value: Values[K]) => void;
type ErrorFor = (field: string) => string | undefined;

const LANGUAGES = ['pt-BR', 'en'] as const;
const SUFFIX = { 'pt-BR': 'Pt', en: 'En' } as const;

function ErrorText({ error, id }: { error?: string; id?: string }) {
  return error ? (
    <span id={id} className="text-sm font-medium text-red-700 dark:text-red-300">
      {error}
    </span>
  ) : null;
}

/** A control's label, hint and error beside it (the label names the control, nothing more). */
function Box({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`flex flex-col gap-1 ${className ?? ''}`}>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {children}
      {hint ? (
        <span id={`${id}-hint`} className="text-sm text-cacao-600 dark:text-cacao-300">
          {hint}
        </span>
      ) : null}
      <ErrorText error={error} id={`${id}-error`} />
    </div>
  );
}

/** The ids a control is described by: its hint and its error, when it has them. */
const describedBy = (id: string, hint: boolean, error: string | undefined) =>
  [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;

/** Name, short description and description, each in pt-BR and en side by side. */
export function TextFields({
  values,
  set,
  errorFor,
}: {
  values: Values;
  set: Set;
  errorFor: ErrorFor;
}) {
  const t = useTranslations('ControlPanel.products');
  const field = (name: 'title' | 'subtitle' | 'description', language: keyof Localized) => {
    const label = t(`${name === 'title' ? 'name' : name}${SUFFIX[language]}`);
    const error = errorFor(`${name}.${language}`);
    const id = `editor-${name}-${language}`;
    const common = {
      id,
      value: values[name][language],
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy(id, false, error),
      className: `${inputClass} w-full`,
      onChange: (event: { target: { value: string } }) =>
        set(name, { ...values[name], [language]: event.target.value }),
    };
    return (
      <Box key={id} id={id} label={label} error={error}>
        {name === 'description' ? (
          <textarea {...common} rows={5} />
        ) : (
          <input {...common} maxLength={name === 'title' ? 80 : 200} />
        )}
      </Box>
    );
  };
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-lg font-semibold">{t('sectionTexts')}</legend>
      {(['title', 'subtitle', 'description'] as const).flatMap((name) =>
        LANGUAGES.map((language) => field(name, language)),
      )}
      <p className="text-sm text-cacao-600 sm:col-span-2 dark:text-cacao-300">
        {t('descriptionHint')}
      </p>
    </fieldset>
  );
}

type TypeOption = { key: ProductTypeKey; name: string; category: string };

/** Price, weight, type and the organic line. */
export function SaleFields({
  values,
  set,
  errorFor,
  types,
}: {
  values: Values;
  set: Set;
  errorFor: ErrorFor;
  types: TypeOption[];
}) {
  const t = useTranslations('ControlPanel.products');
  const categories = [...new Set(types.map((type) => type.category))];
  return (
    <fieldset className="grid gap-4 sm:grid-cols-3">
      <legend className="mb-2 text-lg font-semibold">{t('sectionSale')}</legend>
      <Box id="editor-price" label={t('price')} hint={t('priceHint')} error={errorFor('price')}>
        <input
          id="editor-price"
          value={values.price}
          onChange={(event) => set('price', event.target.value)}
          inputMode="decimal"
          aria-invalid={errorFor('price') ? true : undefined}
          aria-describedby={describedBy('editor-price', true, errorFor('price'))}
          className={inputClass}
        />
      </Box>
      <Box id="editor-weight" label={t('weight')} hint={t('weightHint')} error={errorFor('weight')}>
        <input
          id="editor-weight"
          value={values.weight}
          onChange={(event) => set('weight', event.target.value)}
          aria-invalid={errorFor('weight') ? true : undefined}
          aria-describedby={describedBy('editor-weight', true, errorFor('weight'))}
          maxLength={20}
          className={inputClass}
        />
      </Box>
      <Box id="editor-type" label={t('type')} error={errorFor('type')}>
        <select
          id="editor-type"
          value={values.type}
          onChange={(event) => set('type', event.target.value as ProductTypeKey)}
          className={inputClass}
        >
          {categories.map((category) => (
            <optgroup key={category} label={category}>
              {types
                .filter((type) => type.category === category)
                .map((type) => (
                  <option key={type.key} value={type.key}>
                    {type.name}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
      </Box>
      <label className="flex items-center gap-2 sm:col-span-3">
        <input
          type="checkbox"
          checked={values.isOrganic}
          onChange={(event) => set('isOrganic', event.target.checked)}
          className="size-4"
        />
        <span className="font-medium">{t('organic')}</span>
      </label>
    </fieldset>
  );
}

const GROUPS: {
  label: 'allergensContains' | 'allergensMayContain' | 'allergensGluten';
  keys: AllergenKey[];
}[] = [
  {
    label: 'allergensContains',
    keys: ALLERGEN_KEYS.filter((key) => key.startsWith('contains-') && key !== 'contains-gluten'),
  },
  {
    label: 'allergensMayContain',
    keys: ALLERGEN_KEYS.filter((key) => key.startsWith('may-contain-')),
  },
  { label: 'allergensGluten', keys: ['contains-gluten', 'gluten-free'] },
];

/** The ANVISA statements, chosen from the list (each shown as the label prints it). */
export function AllergenFields({
  values,
  set,
  errorFor,
}: {
  values: Values;
  set: Set;
  errorFor: ErrorFor;
}) {
  const t = useTranslations('ControlPanel.products');
  const label = useTranslations('Allergens');
  const toggle = (key: AllergenKey, on: boolean) =>
    set(
      'allergens',
      on
        ? ALLERGEN_KEYS.filter((known) => known === key || values.allergens.includes(known))
        : values.allergens.filter((chosen) => chosen !== key),
    );
  return (
    <fieldset className="flex flex-col gap-3" aria-describedby="allergens-hint">
      <legend className="text-lg font-semibold">{t('sectionAllergens')}</legend>
      <p id="allergens-hint" className="text-sm text-cacao-600 dark:text-cacao-300">
        {t('allergensHint')}
      </p>
      <ErrorText error={errorFor('allergens')} />
      <div className="grid gap-4 md:grid-cols-3">
        {GROUPS.map((group) => (
          <div
            key={group.label}
            role="group"
            aria-label={t(group.label)}
            className="flex flex-col gap-1"
          >
            <p className="font-medium">{t(group.label)}</p>
            {group.keys.map((key) => (
              <label key={key} className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={values.allergens.includes(key)}
                  onChange={(event) => toggle(key, event.target.checked)}
                  className="mt-0.5 size-4 shrink-0"
                />
                <span>{label(key)}</span>
              </label>
            ))}
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/** Stock and the storefront flags, as on the stock page. */
export function StockFields({
  values,
  set,
  errorFor,
}: {
  values: Values;
  set: Set;
  errorFor: ErrorFor;
}) {
  const t = useTranslations('ControlPanel.products');
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-lg font-semibold">{t('sectionStock')}</legend>
      <Box id="editor-stock" label={t('stock')} error={errorFor('stock')} className="self-start">
        <input
          id="editor-stock"
          type="number"
          inputMode="numeric"
          min={0}
          max={999}
          value={values.stock}
          onChange={(event) => set('stock', event.target.value)}
          aria-invalid={errorFor('stock') ? true : undefined}
          aria-describedby={describedBy('editor-stock', false, errorFor('stock'))}
          className={`${inputClass} w-28`}
        />
      </Box>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {(['availableForSale', 'showInStore', 'isPromoted'] as const).map((flag) => (
          <label key={flag} className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={values[flag]}
              onChange={(event) => set(flag, event.target.checked)}
              className="size-4"
            />
            <span className="font-medium">{t(flag)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
