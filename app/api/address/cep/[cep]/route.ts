import { lookupCepCached } from '@/lib/address/cep-lookup';
import { rateLimiter } from '@/lib/rate-limit';
import { clientAddress } from '@/lib/security/origin';

// GET /api/address/cep/01310100: the street, bairro, city and UF of a CEP, for the checkout's
// autofill (components/checkout/use-cep-autofill.ts). The shop's server asks the CEP service
// (lib/address/cep-lookup.ts), so the browser only talks to the shop and the CSP's connect-src
// stays 'self'. Public like the catalogue: an address of a CEP is public data.
export const dynamic = 'force-dynamic';

const NO_STORE = { 'Cache-Control': 'no-store' };

export async function GET(
  request: Request,
  { params }: { params: Promise<{ cep: string }> },
): Promise<Response> {
  const { cep } = await params;
  if (!/^\d{8}$/.test(cep)) {
    return Response.json({ error: 'bad-request' }, { status: 400, headers: NO_STORE });
  }
  const limit = await rateLimiter('cepLookupPerIp').take(clientAddress(request));
  if (!limit.allowed) {
    return Response.json(
      { error: 'rate-limited' },
      { status: 429, headers: { ...NO_STORE, 'Retry-After': String(limit.retryAfterSeconds) } },
    );
  }
  const result = await lookupCepCached(cep);
  if (result.kind === 'unavailable') {
    return Response.json(
      { error: 'unavailable' },
      { status: 503, headers: { ...NO_STORE, 'Retry-After': '30' } },
    );
  }
  // The browser may keep an answer a day: a CEP's street does not move.
  const cached = { 'Cache-Control': 'private, max-age=86400' };
  if (result.kind === 'not-found') {
    return Response.json({ error: 'not-found' }, { status: 404, headers: cached });
  }
  return Response.json({ address: result.address }, { headers: cached });
}
