import { saveProduct } from '@/lib/control-panel/product-editor';
import { handleEditorRequest, readEditorForm } from '@/lib/control-panel/product-requests';

export const dynamic = 'force-dynamic';

/**
 * POST /api/control-panel/products?locale=pt-BR: creates a product from the panel's editor (a
 * multipart form: `data`, the fields as JSON, and photo-0 … the new photos). Admins only; see
 * lib/control-panel/product-requests.ts for every answer.
 */
export async function POST(request: Request): Promise<Response> {
  return handleEditorRequest(request, async ({ admin }) => {
    const form = await readEditorForm(request);
    if (!form)
      return { ok: false, reason: 'invalid', problems: [{ field: 'form', key: 'malformed' }] };
    return saveProduct({ key: null, input: form.data, files: form.files, admin });
  });
}
