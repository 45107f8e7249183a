/** Lower case without accents, so 'pascoa' finds 'Páscoa' and 'PARANA' finds 'Paraná'. */
export function normalizeForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}
