import { normalizeCep } from '@/lib/brazil';

// The CEP a shopper gave 'Calcular frete' (components/delivery/shipping-estimate.tsx), kept for
// this tab so the checkout starts from it. sessionStorage, like the checkout's draft: a CEP
// names a street, so it is not kept beyond the visit.

export const REMEMBERED_CEP_KEY = 'chocolates-tropicais-frete-cep';

/** The remembered CEP ('00000-000'), or '' when there is none or storage cannot be read. */
export function readRememberedCep(): string {
  try {
    return normalizeCep(sessionStorage.getItem(REMEMBERED_CEP_KEY) ?? '') ?? '';
  } catch {
    return '';
  }
}

/** Remembers `cep` when it is one; storage that refuses (private mode, full) costs only that. */
export function rememberCep(cep: string): void {
  const normalized = normalizeCep(cep);
  if (!normalized) return;
  try {
    sessionStorage.setItem(REMEMBERED_CEP_KEY, normalized);
  } catch {
    // Nothing else depends on it.
  }
}
