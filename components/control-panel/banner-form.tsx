'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, useTransition, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { cardClass } from '@/components/ui/card';
import { Notice } from '@/components/ui/notice';
import { inputClass } from '@/components/ui/text-field';
import type { BannerSlot } from '@/lib/catalogue/banners';
import type { Localized } from '@/lib/catalogue/types';
import type { AppLocale } from '@/lib/i18n/locales';
import { useRouter } from '@/lib/i18n/navigation';

export type BannerFormValues = {
  slot: BannerSlot;
  version: number;
  title: Localized;
  subtitle: Localized;
  link: string;
  /** What the slot shows now: its photo, or the shop's drawing. */
  picture: { src: string; kind: 'photo' | 'drawing' };
};

type Answer =
  { ok: true } | { ok: false; message: string; problems?: { field: string; message: string }[] };

const LANGUAGES = ['pt-BR', 'en'] as const;
const SUFFIX = { 'pt-BR': 'Pt', en: 'En' } as const;

/** One of the landing's banners: picture (kept, replaced or back to the drawing), texts, link. */
export function BannerForm({ locale, initial }: { locale: AppLocale; initial: BannerFormValues }) {
  const t = useTranslations('ControlPanel.banners');
  const answers = useTranslations('ProductEditor.answers');
  const router = useRouter();
  const [values, setValues] = useState(initial);
  const [photo, setPhoto] = useState<'keep' | 'remove' | File>('keep');
  const [preview, setPreview] = useState<string | null>(null);
  const [result, setResult] = useState<
    | { kind: 'saved' }
    | { kind: 'refused'; message: string; problems: { field: string; message: string }[] }
    | null
  >(null);
  const [pending, startTransition] = useTransition();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const n = String(values.slot);
  const errorFor = (field: string) =>
    result?.kind === 'refused'
      ? result.problems.find((p) => p.field === field)?.message
      : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData();
    const choice = photo instanceof File ? 'upload' : photo;
    if (photo instanceof File) form.set('photo-0', photo, photo.name);
    form.set(
      'data',
      JSON.stringify({
        version: values.version,
        title: values.title,
        subtitle: values.subtitle,
        link: values.link,
        photo: choice,
      }),
    );
    startTransition(async () => {
      try {
        const response = await fetch(`/api/control-panel/banners/${values.slot}?locale=${locale}`, {
          method: 'POST',
          body: form,
        });
        const answer = (await response.json()) as Answer;
        if (answer.ok) {
          setResult({ kind: 'saved' });
          router.refresh();
        } else
          setResult({ kind: 'refused', message: answer.message, problems: answer.problems ?? [] });
      } catch {
        setResult({ kind: 'refused', message: answers('failed'), problems: [] });
      }
    });
  };

  const shown = preview ?? (photo === 'remove' ? null : values.picture.src);
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`banner-${n}-title`}
      className={`${cardClass} flex flex-col gap-4`}
      data-testid={`banner-form-${n}`}
    >
      <h3 id={`banner-${n}-title`} className="text-lg font-semibold">
        {t('slot', { n })}
      </h3>
      {result?.kind === 'saved' ? (
        <Notice tone="success" role="status">
          {t('saved')}
        </Notice>
      ) : result ? (
        <Notice tone="error" as="div" role="alert">
          <p className="font-semibold">{result.message}</p>
          <ul className="list-disc pl-5">
            {result.problems.map((problem) => (
              <li key={problem.field}>{problem.message}</li>
            ))}
          </ul>
        </Notice>
      ) : null}
      <div className="grid gap-4 md:grid-cols-[16rem_1fr]">
        <div className="flex flex-col gap-2 text-sm">
          {shown ? (
            // eslint-disable-next-line @next/next/no-img-element -- a preview in the panel
            <img
              src={shown}
              alt=""
              width={256}
              height={145}
              className="aspect-[74/42] w-full rounded-lg object-cover"
            />
          ) : null}
          <p>
            {photo === 'keep' && values.picture.kind === 'photo'
              ? t('currentPhoto')
              : photo === 'keep' || photo === 'remove'
                ? t('currentDrawing')
                : photo.name}
          </p>
          <label className="flex flex-col gap-1">
            <span className="font-semibold">{t('replacePhoto')}</span>
            <input
              ref={input}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              aria-describedby={`banner-${n}-photo-hint`}
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (!file) return;
                setPhoto(file);
                setPreview(URL.createObjectURL(file));
              }}
            />
          </label>
          <span id={`banner-${n}-photo-hint`} className="text-cacao-600 dark:text-cacao-300">
            {t('photoHint')}
          </span>
          {errorFor('photo') ? (
            <span className="font-medium text-red-700 dark:text-red-300">{errorFor('photo')}</span>
          ) : null}
          {values.picture.kind === 'photo' || photo instanceof File ? (
            <button
              type="button"
              onClick={() => {
                setPhoto('remove');
                setPreview(null);
                if (input.current) input.current.value = '';
              }}
              className="self-start font-semibold underline"
            >
              {t('removePhoto')}
            </button>
          ) : null}
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          {(['title', 'subtitle'] as const).flatMap((name) =>
            LANGUAGES.map((language) => {
              const id = `banner-${n}-${name}-${language}`;
              const error = errorFor(`${name}.${language}`);
              return (
                <div key={id} className="flex flex-col gap-1 text-sm">
                  <label htmlFor={id} className="font-medium">
                    {t(`${name}${SUFFIX[language]}`)}
                  </label>
                  <input
                    id={id}
                    value={values[name][language]}
                    onChange={(event) =>
                      setValues((current) => ({
                        ...current,
                        [name]: { ...current[name], [language]: event.target.value },
                      }))
                    }
                    aria-invalid={error ? true : undefined}
                    className={inputClass}
                  />
                  {error ? (
                    <span className="font-medium text-red-700 dark:text-red-300">{error}</span>
                  ) : null}
                </div>
              );
            }),
          )}
          <div className="flex flex-col gap-1 text-sm sm:col-span-2">
            <label htmlFor={`banner-${n}-link`} className="font-medium">
              {t('link')}
            </label>
            <input
              id={`banner-${n}-link`}
              value={values.link}
              onChange={(event) =>
                setValues((current) => ({ ...current, link: event.target.value }))
              }
              aria-describedby={`banner-${n}-link-hint`}
              aria-invalid={errorFor('link') ? true : undefined}
              className={inputClass}
            />
            <span id={`banner-${n}-link-hint`} className="text-cacao-600 dark:text-cacao-300">
              {t('linkHint')}
            </span>
            {errorFor('link') ? (
              <span className="font-medium text-red-700 dark:text-red-300">{errorFor('link')}</span>
            ) : null}
          </div>
        </div>
      </div>
      <Button type="submit" size="sm" disabled={pending} className="self-start">
        {pending ? t('saving') : t('save', { n })}
      </Button>
    </form>
  );
}
