'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';

import { inputClass } from '@/components/ui/text-field';
import type { PhotoValue } from '@/lib/catalogue/editor-form';
import { MAX_PHOTOS } from '@/lib/catalogue/pictures';
import type { Localized } from '@/lib/catalogue/types';

type Props = {
  photos: PhotoValue[];
  onChange: (photos: PhotoValue[]) => void;
  /** The server's problems by field (photos.0, photos.0.alt.en …). */
  errorFor: (field: string) => string | undefined;
};

const ACCEPT = 'image/jpeg,image/png,image/webp';

/**
 * The product's photos: up to MAX_PHOTOS, the first being the main one, each with its alt text in
 * both languages; added from files (previewed here, sent when the form is saved), reordered by
 * dragging or with buttons, removed. The server checks and re-encodes every file.
 */
export function PhotosField({ photos, onChange, errorFor }: Props) {
  const t = useTranslations('ControlPanel.products');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  // The previews of new files are object URLs: let them go when the form does.
  const previews = useRef(new Set<string>());
  useEffect(() => {
    const urls = previews.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, []);

  const move = (from: number, to: number) => {
    if (to < 0 || to >= photos.length || from === to) return;
    const next = [...photos];
    const [photo] = next.splice(from, 1);
    next.splice(to, 0, photo!);
    onChange(next);
  };
  const setAlt = (index: number, language: keyof Localized, text: string) =>
    onChange(
      photos.map((photo, i) =>
        i === index ? { ...photo, alt: { ...photo.alt, [language]: text } } : photo,
      ),
    );
  const add = (files: FileList | null) => {
    if (!files) return;
    const room = MAX_PHOTOS - photos.length;
    const added = [...files].slice(0, room).map((file): PhotoValue => {
      const src = URL.createObjectURL(file);
      previews.current.add(src);
      return { id: `${file.name}-${src}`, file, src, alt: { 'pt-BR': '', en: '' } };
    });
    onChange([...photos, ...added]);
    if (input.current) input.current.value = '';
  };

  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={`${id}-hint`}>
      <legend className="text-lg font-semibold">{t('sectionPhotos')}</legend>
      <p id={`${id}-hint`} className="text-sm text-cacao-600 dark:text-cacao-300">
        {t('photosHint')} {photos.length > 1 ? t('dragHint') : null}
      </p>
      {errorFor('photos') ? (
        <p className="text-sm font-medium text-red-700 dark:text-red-300">{errorFor('photos')}</p>
      ) : null}
      <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="editor-photos">
        {photos.map((photo, index) => {
          const n = index + 1;
          const problem = errorFor(`photos.${index}`);
          return (
            <li
              key={photo.id}
              draggable
              onDragStart={() => setDragged(index)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => {
                event.preventDefault();
                if (dragged !== null) move(dragged, index);
                setDragged(null);
              }}
              aria-label={t('photo', { n: String(n) })}
              className="flex flex-col gap-2 rounded-xl border border-cacao-200 p-3 dark:border-cacao-800"
            >
              {/* eslint-disable-next-line @next/next/no-img-element -- a preview of a file not yet uploaded, or of a stored photo, in the panel only */}
              <img
                src={photo.src}
                alt=""
                width={160}
                height={160}
                className="aspect-square w-full cursor-move rounded-lg bg-cacao-100 object-cover"
              />
              <p className="text-sm font-semibold">
                {t('photo', { n: String(n) })}
                {'file' in photo ? ` (${t('photoNew')})` : null}
              </p>
              {problem ? (
                <p className="text-sm font-medium text-red-700 dark:text-red-300">{problem}</p>
              ) : null}
              {(['pt-BR', 'en'] as const).map((language) => {
                const field = `photos.${index}.alt.${language}`;
                const error = errorFor(field);
                return (
                  <label key={language} className="flex flex-col gap-1 text-sm">
                    <span className="font-medium">
                      {t(language === 'pt-BR' ? 'altPt' : 'altEn')}
                    </span>
                    <input
                      value={photo.alt[language]}
                      onChange={(event) => setAlt(index, language, event.target.value)}
                      aria-invalid={error ? true : undefined}
                      aria-label={`${t(language === 'pt-BR' ? 'altPt' : 'altEn')} – ${t('photo', { n: String(n) })}`}
                      maxLength={200}
                      className={inputClass}
                    />
                    {error ? (
                      <span className="font-medium text-red-700 dark:text-red-300">{error}</span>
                    ) : null}
                  </label>
                );
              })}
              <div className="flex flex-wrap gap-2 text-sm">
                <button
                  type="button"
                  onClick={() => move(index, index - 1)}
                  disabled={index === 0}
                  aria-label={t('moveUp', { n: String(n) })}
                  className="rounded-full border border-cacao-300 px-3 py-1 disabled:opacity-40 dark:border-cacao-700"
                >
                  ←
                </button>
                <button
                  type="button"
                  onClick={() => move(index, index + 1)}
                  disabled={index === photos.length - 1}
                  aria-label={t('moveDown', { n: String(n) })}
                  className="rounded-full border border-cacao-300 px-3 py-1 disabled:opacity-40 dark:border-cacao-700"
                >
                  →
                </button>
                <button
                  type="button"
                  onClick={() => onChange(photos.filter((_, i) => i !== index))}
                  className="font-semibold text-red-700 underline dark:text-red-300"
                >
                  {t('removePhoto', { n: String(n) })}
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      {photos.length < MAX_PHOTOS ? (
        <label className="flex flex-col gap-1 self-start text-sm">
          <span className="font-semibold">{t('addPhotos')}</span>
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            multiple
            onChange={(event) => add(event.target.files)}
            className="text-sm"
          />
        </label>
      ) : (
        <p className="text-sm">{t('photosFull')}</p>
      )}
    </fieldset>
  );
}
