// Next's page cache for this shop (next.config.ts `cacheHandler`): the prerendered and regenerated
// pages, route answers (sitemap, share pictures) and data of this server process, in its memory,
// like Next's own cache, plus one rule. A page made before the storefront's last change
// (settings/catalogue, which every catalogue edit moves: lib/catalogue/revision.ts) is not served:
// Next renders it again. Every process learns of a change within STOREFRONT_REVISION_TTL_MS, so
// an edit saved on one instance shows on all of them within seconds, without a shared page cache
// (docs/ARCHITECTURE.md, "The catalogue, and how an edit reaches every instance"). Loaded by Next
// outside the app's bundles: it asks the app for the time of the last change through a function
// the app leaves on globalThis at start.

/** lib/catalogue/revision.ts STOREFRONT_CHANGED_AT. */
const CHANGED_AT = Symbol.for('chocolate-shop.storefront-changed-at');

/**
 * A render that began before a change may be stored after it: the catalogue it read, or the
 * revision it checked, was up to STOREFRONT_REVISION_TTL_MS old, and rendering and Firestore's
 * answers take time. So a page stored less than this after the change is made again once more.
 */
export const RENDER_MARGIN_MS = 15_000;

/** What Next's own cache keeps in memory by default (cacheMaxMemorySize). */
const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;

const CACHE_TAGS_HEADER = 'x-next-cache-tags';

// Shared by every handler Next makes (one per request), and by the route bundles' Next runtime.
const state = (globalThis.__shopPageCache ??= {
  entries: new Map(),
  bytes: 0,
  /** Tag -> when it was last revalidated (revalidatePath, revalidateTag), ms. */
  revalidated: new Map(),
});

function sizeOf(value) {
  if (!value) return 0;
  let size = 0;
  if (typeof value.html === 'string') size += value.html.length;
  if (value.rscData?.length) size += value.rscData.length;
  if (value.body?.length) size += value.body.length;
  if (value.data) size += JSON.stringify(value.data).length;
  if (value.segmentData instanceof Map) {
    for (const segment of value.segmentData.values()) size += segment?.length ?? 0;
  }
  return size + 512;
}

function tagsOf(value, contextTags) {
  const header = value?.headers?.[CACHE_TAGS_HEADER];
  const fromHeader = typeof header === 'string' ? header.split(',') : [];
  return [...new Set([...(contextTags ?? []), ...fromHeader])];
}

/** Whether a response (not data) depends on the storefront: pages and route answers do. */
function isResponse(value) {
  return value?.kind === 'APP_PAGE' || value?.kind === 'APP_ROUTE' || value?.kind === 'PAGES';
}

async function storefrontChangedAt() {
  const read = globalThis[CHANGED_AT];
  if (typeof read !== 'function') return 0;
  try {
    return await read();
  } catch {
    // Firestore cannot say: serve what is cached (lib/catalogue/revision.ts logged it).
    return 0;
  }
}

function forget(key) {
  const entry = state.entries.get(key);
  if (!entry) return;
  state.bytes -= entry.size;
  state.entries.delete(key);
}

export default class StorefrontCacheHandler {
  constructor(options = {}) {
    this.maxBytes =
      typeof options.maxMemoryCacheSize === 'number' && options.maxMemoryCacheSize > 0
        ? options.maxMemoryCacheSize
        : DEFAULT_MAX_BYTES;
  }

  async get(key, context = {}) {
    const entry = state.entries.get(key);
    if (!entry) return null;
    if (isResponse(entry.value)) {
      const changedAt = await storefrontChangedAt();
      if (entry.lastModified - RENDER_MARGIN_MS < changedAt) {
        forget(key);
        return null;
      }
    }
    const tags = [...entry.tags, ...(context.tags ?? []), ...(context.softTags ?? [])];
    if (tags.some((tag) => (state.revalidated.get(tag) ?? 0) >= entry.lastModified)) {
      forget(key);
      return null;
    }
    // Most recently used last: the oldest go first when the cache is full.
    state.entries.delete(key);
    state.entries.set(key, entry);
    return entry;
  }

  async set(key, value, context = {}) {
    forget(key);
    if (!value) return;
    const entry = {
      value,
      lastModified: Date.now(),
      tags: tagsOf(value, context.tags),
      cacheControl: context.cacheControl,
      size: sizeOf(value),
    };
    if (entry.size > this.maxBytes) return;
    state.entries.set(key, entry);
    state.bytes += entry.size;
    for (const oldest of state.entries.keys()) {
      if (state.bytes <= this.maxBytes) break;
      forget(oldest);
    }
  }

  async revalidateTag(tags) {
    const now = Date.now();
    for (const tag of typeof tags === 'string' ? [tags] : tags) state.revalidated.set(tag, now);
  }

  resetRequestCache() {}
}
