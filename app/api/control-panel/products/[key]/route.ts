import { deleteProduct, saveProduct } from '@/lib/control-panel/product-editor';
import { handleEditorRequest, readEditorForm } from '@/lib/control-panel/product-requests';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ key: string }> };

/**
 * POST /api/control-panel/products/{key}?locale=pt-BR: saves the product from the panel's editor
 * (as creating it does). Admins only; lib/control-panel/product-requests.ts lists the answers.
 */
export async function POST(request: Request, { params }: Context): Promise<Response> {
  const { key } = await params;
  return handleEditorRequest(request, async ({ admin }) => {
    const form = await readEditorForm(request);
    if (!form)
      return { ok: false, reason: 'invalid', problems: [{ field: 'form', key: 'malformed' }] };
    return saveProduct({ key, input: form.data, files: form.files, admin });
  });
}

/** DELETE /api/control-panel/products/{key}: deletes a product never ordered (409 otherwise). */
export async function DELETE(request: Request, { params }: Context): Promise<Response> {
  const { key } = await params;
  return handleEditorRequest(request, ({ admin }) => deleteProduct(key, admin));
}
