// Types of storefront-cache-handler.mjs for its TypeScript test.
export const RENDER_MARGIN_MS: number;

type Entry = { value: unknown; lastModified: number; tags: string[] };

export default class StorefrontCacheHandler {
  constructor(options?: { maxMemoryCacheSize?: number });
  get(
    key: string,
    context: { kind?: string; tags?: string[]; softTags?: string[] },
  ): Promise<Entry | null>;
  set(
    key: string,
    value: unknown,
    context: { tags?: string[]; cacheControl?: unknown },
  ): Promise<void>;
  revalidateTag(tags: string | string[]): Promise<void>;
  resetRequestCache(): void;
}
