import 'server-only';

import type { FieldChange } from '@/lib/catalogue/audit';
import {
  BANNER_LINK_PATTERN,
  isBannerSlot,
  type BannerSlot,
  type StoredBanner,
} from '@/lib/catalogue/banners';
import {
  forgetBanners,
  readBannersInTransaction,
  writeBannersInTransaction,
} from '@/lib/catalogue/banners-repository';
import type { EditorProblem } from '@/lib/catalogue/editor-input';
import { catalogueChangedHere, recordChangeInTransaction } from '@/lib/catalogue/repository-writes';
import type { Localized, StoredPhoto } from '@/lib/catalogue/types';
import { runTransaction } from '@/lib/firebase/admin';
import { logFailure } from '@/lib/log';
import { processPicture } from '@/lib/media/images';
import { deleteObject, saveObject } from '@/lib/media/storage';

import type { Admin, EditorOutcome, UploadedFile } from './product-editor';
import { revalidateStorefront } from './revalidate';

// The panel's banner editor: one of the landing's four slots, its picture (kept, replaced or
// removed for the drawing), title and subtitle in both languages, and link. Checked and made safe
// first; the picture is stored, then one transaction writes the slot, the audit entry and the
// storefront's revision; a refusal deletes the picture again.

const TEXT_MAX = { title: 80, subtitle: 200 } as const;
const LANGUAGES = ['pt-BR', 'en'] as const;

type BannerInput = {
  version: number;
  title: Localized;
  subtitle: Localized;
  link: string;
  photo: 'keep' | 'remove' | 'upload';
};

/** The form's input, or every problem with it ('errors.<key>' of "ProductEditor"). */
function checkBannerInput(
  raw: unknown,
): { ok: true; input: BannerInput } | { ok: false; problems: EditorProblem[] } {
  const value = (raw ?? {}) as Record<string, unknown>;
  const problems: EditorProblem[] = [];
  const text = (name: 'title' | 'subtitle'): Localized => {
    const given = (value[name] ?? {}) as Record<string, unknown>;
    const out = {} as Localized;
    for (const language of LANGUAGES) {
      const entry = typeof given[language] === 'string' ? (given[language] as string) : '';
      out[language] = entry.replace(/\s+/g, ' ').trim();
      if (!out[language]) problems.push({ field: `${name}.${language}`, key: `${name}Required` });
      else if (out[language].length > TEXT_MAX[name]) {
        problems.push({
          field: `${name}.${language}`,
          key: `${name}TooLong`,
          values: { max: TEXT_MAX[name] },
        });
      }
    }
    return out;
  };
  const title = text('title');
  const subtitle = text('subtitle');
  const link = typeof value.link === 'string' ? value.link.trim() : '';
  if (!BANNER_LINK_PATTERN.test(link) || link.length > 200) {
    problems.push({ field: 'link', key: 'linkInvalid' });
  }
  const photo = value.photo;
  const version = value.version;
  if (
    (photo !== 'keep' && photo !== 'remove' && photo !== 'upload') ||
    typeof version !== 'number'
  ) {
    return { ok: false, problems: [{ field: 'form', key: 'malformed' }] };
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, input: { version, title, subtitle, link, photo } };
}

const describe = (
  banner: StoredBanner | null,
): Record<
  'title.pt-BR' | 'title.en' | 'subtitle.pt-BR' | 'subtitle.en' | 'link' | 'photos',
  string
> => ({
  'title.pt-BR': banner?.title?.['pt-BR'] ?? '',
  'title.en': banner?.title?.en ?? '',
  'subtitle.pt-BR': banner?.subtitle?.['pt-BR'] ?? '',
  'subtitle.en': banner?.subtitle?.en ?? '',
  link: banner?.link ?? '',
  photos: banner?.photo?.path ?? '',
});

/** Saves banner `slot` from the panel's form; refuses bad input or a stale form, writing nothing. */
export async function saveBanner(request: {
  slot: unknown;
  input: unknown;
  files: ReadonlyMap<string, UploadedFile>;
  admin: Admin;
}): Promise<EditorOutcome> {
  if (!isBannerSlot(request.slot)) return { ok: false, reason: 'not-found' };
  const slot: BannerSlot = request.slot;
  const checked = checkBannerInput(request.input);
  if (!checked.ok) return { ok: false, reason: 'invalid', problems: checked.problems };
  const { input } = checked;
  let uploaded: { path: string; picture: Awaited<ReturnType<typeof processPicture>> } | null = null;
  if (input.photo === 'upload') {
    const file = request.files.get('photo-0');
    if (!file)
      return { ok: false, reason: 'invalid', problems: [{ field: 'photo', key: 'malformed' }] };
    const picture = await processPicture(file, 'banner');
    if (!picture.ok) {
      return { ok: false, reason: 'invalid', problems: [{ field: 'photo', ...picture.problem }] };
    }
    uploaded = { path: `banners/${slot}/${picture.picture.hash}.jpg`, picture };
  }
  let written: string | null = null;
  try {
    if (uploaded?.picture.ok) {
      await saveObject(
        uploaded.path,
        uploaded.picture.picture.bytes,
        uploaded.picture.picture.contentType,
      );
      written = uploaded.path;
    }
    const outcome = await runTransaction(async (transaction) => {
      const { banners, version } = await readBannersInTransaction(transaction);
      if (version !== input.version) return { stale: true as const };
      const before = banners[slot - 1]!;
      const photo: StoredPhoto | null =
        input.photo === 'keep'
          ? before.photo
          : input.photo === 'remove' || !uploaded?.picture.ok
            ? null
            : {
                path: uploaded.path,
                width: uploaded.picture.picture.width,
                height: uploaded.picture.picture.height,
                alt: { 'pt-BR': '', en: '' },
              };
      const after: StoredBanner = {
        photo,
        title: input.title,
        subtitle: input.subtitle,
        link: input.link,
      };
      const next = banners.map((banner, index) => (index === slot - 1 ? after : banner));
      writeBannersInTransaction(transaction, next, version + 1);
      const was = describe(before);
      const now = describe(after);
      const changes: FieldChange[] = (Object.keys(now) as (keyof typeof now)[]).flatMap((field) =>
        was[field] === now[field] ? [] : [{ field, before: was[field], after: now[field] }],
      );
      recordChangeInTransaction(transaction, {
        productKey: `banner-${slot}`,
        by: request.admin,
        action: 'updated',
        changes,
      });
      return {
        stale: false as const,
        replaced: before.photo && before.photo.path !== photo?.path ? before.photo.path : null,
      };
    });
    if (outcome.stale) {
      if (written) await deleteQuietly(written);
      return { ok: false, reason: 'stale' };
    }
    if (outcome.replaced) await deleteQuietly(outcome.replaced);
    forgetBanners();
    catalogueChangedHere();
    revalidateStorefront([], { sitemap: false, inAnswer: false, landing: true });
    return { ok: true, key: `banner-${slot}` };
  } catch (error) {
    if (written) await deleteQuietly(written);
    throw error;
  }
}

async function deleteQuietly(path: string): Promise<void> {
  try {
    await deleteObject(path);
  } catch (error) {
    logFailure('backend.failed', error, { what: 'media.delete', path }, 'warn');
  }
}
