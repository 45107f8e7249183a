import { catalogueSearchData } from '@/lib/catalogue/search-words';
import { getStorefrontProducts } from '@/lib/inventory/repository';

// Built with the pages and regenerated at most every minute, like the landing (its featured
// products follow the panel's flags); browsers ask again at each first opening of a page's search.
export const revalidate = 60;

/**
 * GET /api/catalogue/search: every shown product's words in both languages and the featured ones,
 * for the menu's search (components/layout/menu-search.tsx), fetched when it first opens.
 */
export async function GET(): Promise<Response> {
  return Response.json(catalogueSearchData(await getStorefrontProducts()));
}
