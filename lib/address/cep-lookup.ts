import 'server-only';

import { z } from 'zod';

import { normalizeUf } from '@/lib/brazil-ufs';
import { getEnv } from '@/lib/env';
import { logEvent } from '@/lib/log';

// The one place that asks a CEP service (ViaCEP's API, or a fake in tests) which street, bairro,
// city and UF a CEP belongs to, for the checkout's autofill (app/api/address/cep/[cep]/route.ts).
// The answer only fills fields the shopper can still change: any failure is 'unavailable', and
// the shopper types the address by hand.

/** What a CEP names; a field the service leaves empty (a city-wide CEP has no street) is ''. */
export type CepAddress = {
  street: string;
  neighborhood: string;
  city: string;
  state: string;
};

export type CepLookupResult =
  { kind: 'found'; address: CepAddress } | { kind: 'not-found' } | { kind: 'unavailable' };

/** Short: the shopper is typing, and can always fill the fields by hand. */
export const CEP_LOOKUP_DEADLINE_MS = 2500;

// ViaCEP's answer: the address, or { "erro": true } (older answers: "true") for an unknown CEP.
const viaCepSchema = z.union([
  z.object({ erro: z.union([z.literal(true), z.literal('true')]) }),
  z.object({
    logradouro: z.string().catch(''),
    bairro: z.string().catch(''),
    localidade: z.string(),
    uf: z.string(),
  }),
]);

// A service's text is bounded like the checkout's own fields (lib/orders/limits.ts).
const field = (value: string) => value.trim().slice(0, 120);

type LookupOptions = {
  /** The service's root: `${baseUrl}/${cep}/json/`. */
  baseUrl: string;
  deadlineMs?: number;
  fetchImpl?: typeof fetch;
};

/** Asks the service about `cep` (8 digits). Never throws. */
export async function lookupCep(
  cep: string,
  { baseUrl, deadlineMs = CEP_LOOKUP_DEADLINE_MS, fetchImpl = fetch }: LookupOptions,
): Promise<CepLookupResult> {
  if (!/^\d{8}$/.test(cep)) return { kind: 'not-found' };
  try {
    const response = await fetchImpl(`${baseUrl}/${cep}/json/`, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(deadlineMs),
      redirect: 'error',
      cache: 'no-store',
    });
    // ViaCEP answers 400 for a malformed CEP (checked above) and 404 for none: 'no such CEP'. A
    // refusal (403, 429) says nothing of the CEP: unavailable, so it is not kept as 'not found'.
    if (response.status === 400 || response.status === 404) return { kind: 'not-found' };
    if (!response.ok) return unavailable('status', response.status);
    const parsed = viaCepSchema.safeParse(await response.json());
    if (!parsed.success) return unavailable('shape');
    if ('erro' in parsed.data) return { kind: 'not-found' };
    const { logradouro, bairro, localidade, uf } = parsed.data;
    const state = normalizeUf(uf);
    if (state === null || !localidade.trim()) return unavailable('shape');
    return {
      kind: 'found',
      address: {
        street: field(logradouro),
        neighborhood: field(bairro),
        city: field(localidade),
        state,
      },
    };
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    return unavailable(timedOut ? 'deadline' : 'unreachable');
  }
}

function unavailable(reason: string, status?: number): CepLookupResult {
  // No CEP in the line: it is a shopper's address (lib/log.ts refuses such fields anyway).
  logEvent('address.lookup_failed', { reason, status }, 'warn');
  return { kind: 'unavailable' };
}

// Answers are the same for everyone and rarely change: one lookup per CEP a day per process, so
// a shopper retyping, or many shoppers of one street, ask the service once.
const FOUND_TTL_MS = 24 * 60 * 60 * 1000;
const NOT_FOUND_TTL_MS = 60 * 60 * 1000;
const MAX_CACHED = 2000;

type Cached = { result: CepLookupResult; until: number };
const cache = ((globalThis as { __shopCepCache?: Map<string, Cached> }).__shopCepCache ??=
  new Map());

/**
 * lookupCep against the configured service (CEP_LOOKUP_BASE_URL), cached. 'unavailable' when the
 * lookup is turned off; an unavailable answer is not cached, so the next shopper tries again.
 */
export async function lookupCepCached(cep: string, now = Date.now()): Promise<CepLookupResult> {
  const baseUrl = getEnv().cepLookup.baseUrl;
  if (baseUrl === null) return { kind: 'unavailable' };
  const hit = cache.get(cep);
  if (hit && hit.until > now) return hit.result;
  const result = await lookupCep(cep, { baseUrl });
  if (result.kind !== 'unavailable') {
    cache.delete(cep);
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
    cache.set(cep, {
      result,
      until: now + (result.kind === 'found' ? FOUND_TTL_MS : NOT_FOUND_TTL_MS),
    });
  }
  return result;
}
