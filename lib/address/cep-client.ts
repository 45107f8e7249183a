// The browser's side of the CEP autofill: asks the shop's GET /api/address/cep/{cep}
// (app/api/address/cep/[cep]/route.ts). Any failure (offline, the service down, an unknown CEP,
// a slow answer) is null: the shopper fills the address by hand, and no error is shown.
import { cepDigits } from '@/lib/brazil';

/** What a CEP names ('' where the service knows nothing, e.g. a city-wide CEP's street). */
export type CepAddress = { street: string; neighborhood: string; city: string; state: string };

/** The server waits 2.5 s for the service (lib/address/cep-lookup.ts); a little more here. */
const CLIENT_DEADLINE_MS = 4000;

const isText = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= 120;

export async function fetchCepAddress(
  cep: string,
  signal?: AbortSignal,
): Promise<CepAddress | null> {
  const digits = cepDigits(cep);
  if (!digits) return null;
  try {
    // AbortSignal.any is recent (Safari 17.4): without it the caller's signal alone stops it.
    const timeout = AbortSignal.timeout(CLIENT_DEADLINE_MS);
    const both = signal && typeof AbortSignal.any === 'function';
    const response = await fetch(`/api/address/cep/${digits}`, {
      signal: both ? AbortSignal.any([signal, timeout]) : (signal ?? timeout),
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { address?: Record<string, unknown> };
    const address = body.address;
    if (!address) return null;
    const { street, neighborhood, city, state } = address;
    if (!isText(street) || !isText(neighborhood) || !isText(city) || !isText(state)) return null;
    return { street, neighborhood, city, state };
  } catch {
    return null;
  }
}
