import { getStorefrontProducts } from '@/lib/inventory/repository';

export const dynamic = 'force-dynamic';

const HEADERS = { 'Cache-Control': 'no-store' };

/**
 * GET /api/catalogue/hidden: the keys of the products hidden from the shop ('Na vitrine' off on
 * the stock page), read as the landing reads its live flags (getStorefrontProducts). The menu
 * search, built into every page from the static catalogue, leaves these out.
 */
export async function GET(): Promise<Response> {
  try {
    const hidden = (await getStorefrontProducts())
      .filter((product) => !product.showInStore)
      .map((product) => product.key);
    return Response.json({ hidden }, { headers: HEADERS });
  } catch (error) {
    console.error(`[catalogue] reading the shop's flags failed: ${(error as Error)?.message}`);
    return Response.json({ error: 'unavailable' }, { status: 503, headers: HEADERS });
  }
}
