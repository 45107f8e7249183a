import { setProductArchived } from '@/lib/control-panel/product-editor';
import { handleEditorRequest } from '@/lib/control-panel/product-requests';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ key: string }> };

/**
 * POST /api/control-panel/products/{key}/archive?locale=pt-BR with `{"archived": true}` (or
 * false: back in the shop). Admins only; lib/control-panel/product-requests.ts lists the answers.
 */
export async function POST(request: Request, { params }: Context): Promise<Response> {
  const { key } = await params;
  return handleEditorRequest(request, async ({ admin }) => {
    const body: unknown = await request.json().catch(() => null);
    const archived = (body as { archived?: unknown } | null)?.archived;
    if (typeof archived !== 'boolean') {
      return { ok: false, reason: 'invalid', problems: [{ field: 'archived', key: 'malformed' }] };
    }
    return setProductArchived(key, archived, admin);
  });
}
