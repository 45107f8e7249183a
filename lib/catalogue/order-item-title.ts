/**
 * The title an order line shows: the catalogue's title in the viewer's language, found by the
 * product key the order stored; the title stored with the order (in the language it was placed
 * in) only for a key no longer in the catalogue. `titleOf` looks a key up: the server catalogue
 * (lib/catalogue/repository.ts productTitleLookup) or the browser's catalogue entries.
 */
export function orderItemTitle(
  item: { key?: string; translatedTitle: string },
  titleOf: (key: string) => string | undefined,
): string {
  return (item.key ? titleOf(item.key) : undefined) ?? item.translatedTitle;
}
