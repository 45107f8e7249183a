// The browser's side of the CEP lookup: asks the shop's GET /api/address/cep/{cep}
// (app/api/address/cep/[cep]/route.ts). The shop says which of three things happened, and the
// checkout says so under the CEP: the address, no such CEP, or no answer (offline, the service
// down or slow, too many lookups); the shopper can always type the address.
import { cepDigits } from '@/lib/brazil';

/** What a CEP names ('' where the service knows nothing, e.g. a city-wide CEP's street). */
export type CepAddress = { street: string; neighborhood: string; city: string; state: string };

export type CepAnswer =
  { kind: 'found'; address: CepAddress } | { kind: 'not-found' } | { kind: 'unavailable' };

/** The server waits 2.5 s for the service (lib/address/cep-lookup.ts); a little more here. */
const CLIENT_DEADLINE_MS = 4000;

const isText = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= 120;

export async function fetchCepAddress(cep: string, signal?: AbortSignal): Promise<CepAnswer> {
  const digits = cepDigits(cep);
  if (!digits) return { kind: 'not-found' };
  try {
    // AbortSignal.any is recent (Safari 17.4): without it the caller's signal alone stops it.
    const timeout = AbortSignal.timeout(CLIENT_DEADLINE_MS);
    const both = signal && typeof AbortSignal.any === 'function';
    const response = await fetch(`/api/address/cep/${digits}`, {
      signal: both ? AbortSignal.any([signal, timeout]) : (signal ?? timeout),
      headers: { accept: 'application/json' },
    });
    // 404: the service knows no such CEP. Anything else (503, 429) says nothing about the CEP.
    if (response.status === 404) return { kind: 'not-found' };
    if (!response.ok) return { kind: 'unavailable' };
    const body = (await response.json()) as { address?: Record<string, unknown> };
    const address = body.address;
    if (!address) return { kind: 'unavailable' };
    const { street, neighborhood, city, state } = address;
    if (!isText(street) || !isText(neighborhood) || !isText(city) || !isText(state)) {
      return { kind: 'unavailable' };
    }
    return { kind: 'found', address: { street, neighborhood, city, state } };
  } catch {
    return { kind: 'unavailable' };
  }
}
