'use client';

import { useTranslations } from 'next-intl';

import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/text-field';
import type { ProductFormValues } from '@/lib/catalogue/editor-form';
import type { Localized } from '@/lib/catalogue/types';

type Ingredient = ProductFormValues['ingredients'][number];

type Props = {
  ingredients: Ingredient[];
  onChange: (ingredients: Ingredient[]) => void;
  errorFor: (field: string) => string | undefined;
};

const LANGUAGES = ['pt-BR', 'en'] as const;

/** The ingredients, each with its name and a few lines about it in both languages. */
export function IngredientsField({ ingredients, onChange, errorFor }: Props) {
  const t = useTranslations('ControlPanel.products');
  const set = (
    index: number,
    part: 'name' | 'description',
    language: keyof Localized,
    text: string,
  ) =>
    onChange(
      ingredients.map((ingredient, i) =>
        i === index
          ? { ...ingredient, [part]: { ...ingredient[part], [language]: text } }
          : ingredient,
      ),
    );
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-lg font-semibold">{t('sectionIngredients')}</legend>
      {errorFor('ingredients') ? (
        <p className="text-sm font-medium text-red-700 dark:text-red-300">
          {errorFor('ingredients')}
        </p>
      ) : null}
      <ol className="flex flex-col gap-4">
        {ingredients.map((ingredient, index) => {
          const n = index + 1;
          return (
            <li
              key={index}
              aria-label={t('ingredient', { n: String(n) })}
              className="grid gap-2 border-b border-cacao-200 pb-3 sm:grid-cols-2 dark:border-cacao-800"
            >
              {LANGUAGES.map((language) => {
                const error =
                  errorFor(`ingredients.${index}.name.${language}`) ??
                  errorFor(`ingredients.${index}.${language}`);
                const suffix = language === 'pt-BR' ? 'Pt' : 'En';
                return (
                  <div key={language} className="flex flex-col gap-2 text-sm">
                    <label className="flex flex-col gap-1">
                      <span className="font-medium">{t(`ingredientName${suffix}`)}</span>
                      <input
                        value={ingredient.name[language]}
                        onChange={(event) => set(index, 'name', language, event.target.value)}
                        aria-label={`${t(`ingredientName${suffix}`)} – ${t('ingredient', { n: String(n) })}`}
                        aria-invalid={error ? true : undefined}
                        maxLength={80}
                        className={inputClass}
                      />
                    </label>
                    <label className="flex flex-col gap-1">
                      <span className="font-medium">{t(`ingredientDescription${suffix}`)}</span>
                      <textarea
                        value={ingredient.description[language]}
                        onChange={(event) =>
                          set(index, 'description', language, event.target.value)
                        }
                        aria-label={`${t(`ingredientDescription${suffix}`)} – ${t('ingredient', { n: String(n) })}`}
                        rows={2}
                        className={inputClass}
                      />
                    </label>
                    {error ? (
                      <p className="font-medium text-red-700 dark:text-red-300">{error}</p>
                    ) : null}
                  </div>
                );
              })}
              <button
                type="button"
                onClick={() => onChange(ingredients.filter((_, i) => i !== index))}
                className="justify-self-start text-sm font-semibold text-red-700 underline dark:text-red-300"
              >
                {t('removeIngredient', { n: String(n) })}
              </button>
            </li>
          );
        })}
      </ol>
      <Button
        size="sm"
        variant="secondary"
        className="self-start"
        onClick={() =>
          onChange([
            ...ingredients,
            { name: { 'pt-BR': '', en: '' }, description: { 'pt-BR': '', en: '' } },
          ])
        }
      >
        {t('addIngredient')}
      </Button>
      <p className="text-sm text-cacao-600 dark:text-cacao-300">{t('ingredientHint')}</p>
    </fieldset>
  );
}
