'use client';

import { useTranslations } from 'next-intl';
import { useState, useTransition, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { cardClass } from '@/components/ui/card';
import { Notice } from '@/components/ui/notice';
import { editorFormData, type ProductFormValues } from '@/lib/catalogue/editor-form';
import type { ProductTypeKey } from '@/lib/catalogue/types';
import type { AppLocale } from '@/lib/i18n/locales';
import { useRouter } from '@/lib/i18n/navigation';

import { AllergenFields, SaleFields, StockFields, TextFields } from './editor-fields';
import { IngredientsField } from './ingredients-field';
import { PhotosField } from './photos-field';

type Props = {
  locale: AppLocale;
  initial: ProductFormValues;
  types: { key: ProductTypeKey; name: string; category: string }[];
};

/** What the server answered (lib/control-panel/product-requests.ts EditorAnswer). */
type Answer =
  | { ok: true; key: string }
  | { ok: false; message: string; problems?: { field: string; message: string }[] };

type Result =
  | { kind: 'refused'; message: string; problems: { field: string; message: string }[] }
  | { kind: 'failed'; message: string }
  | null;

/**
 * The product editor: every field of a product, its photos, stock and flags. Sends the whole form
 * (POST /api/control-panel/products[/key], multipart with the new photos); the server checks it and
 * either saves it (the page then shows the product as stored) or names each problem, keeping what
 * was typed here.
 */
export function ProductForm({ locale, initial, types }: Props) {
  const t = useTranslations('ControlPanel.products');
  const answers = useTranslations('ProductEditor.answers');
  const router = useRouter();
  const [values, setValues] = useState(initial);
  const [result, setResult] = useState<Result>(null);
  const [pending, startTransition] = useTransition();

  const set = <K extends keyof ProductFormValues>(field: K, value: ProductFormValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));
  const problems = result?.kind === 'refused' ? result.problems : [];
  const errorFor = (field: string) =>
    problems.find((problem) => problem.field === field)?.message ?? undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const url = `/api/control-panel/products${initial.key ? `/${initial.key}` : ''}?locale=${locale}`;
    startTransition(async () => {
      try {
        const response = await fetch(url, { method: 'POST', body: editorFormData(values, locale) });
        const answer = (await response.json()) as Answer;
        if (answer.ok) {
          // The page shows the product as stored, with its history and new version.
          router.replace(`/control-panel/products/${answer.key}?saved=${initial.key ? 1 : 'new'}`);
          router.refresh();
          return;
        }
        setResult({ kind: 'refused', message: answer.message, problems: answer.problems ?? [] });
      } catch (cause) {
        console.error('Saving the product failed:', cause);
        setResult({ kind: 'failed', message: answers('failed') });
      }
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-busy={pending} className="mt-6 flex flex-col gap-6">
      {result ? (
        <Notice tone="error" as="div" role="alert" data-testid="editor-result">
          <p className="font-semibold">{result.message}</p>
          {problems.length > 0 ? (
            <ul className="mt-2 list-disc pl-5">
              {problems.map((problem) => (
                <li key={`${problem.field}:${problem.message}`}>{problem.message}</li>
              ))}
            </ul>
          ) : null}
        </Notice>
      ) : null}
      <div className={cardClass}>
        <TextFields values={values} set={set} errorFor={errorFor} />
      </div>
      <div className={cardClass}>
        <SaleFields values={values} set={set} errorFor={errorFor} types={types} />
      </div>
      <div className={cardClass}>
        <PhotosField
          photos={values.photos}
          onChange={(photos) => set('photos', photos)}
          errorFor={errorFor}
        />
      </div>
      <div className={cardClass}>
        <AllergenFields values={values} set={set} errorFor={errorFor} />
      </div>
      <div className={cardClass}>
        <IngredientsField
          ingredients={values.ingredients}
          onChange={(ingredients) => set('ingredients', ingredients)}
          errorFor={errorFor}
        />
      </div>
      <div className={cardClass}>
        <StockFields values={values} set={set} errorFor={errorFor} />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="lg" disabled={pending}>
          {pending ? t('saving') : initial.key ? t('save') : t('create')}
        </Button>
      </div>
    </form>
  );
}
