import { saveBanner } from '@/lib/control-panel/banner-editor';
import { handleEditorRequest, readEditorForm } from '@/lib/control-panel/product-requests';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ slot: string }> };

/**
 * POST /api/control-panel/banners/{1-4}?locale=pt-BR: saves one of the landing's banners (a
 * multipart form: `data`, the fields as JSON, and photo-0 for a new picture). Admins only;
 * lib/control-panel/product-requests.ts lists the answers.
 */
export async function POST(request: Request, { params }: Context): Promise<Response> {
  const slot = Number((await params).slot);
  return handleEditorRequest(request, async ({ admin }) => {
    const form = await readEditorForm(request);
    if (!form) {
      return { ok: false, reason: 'invalid', problems: [{ field: 'form', key: 'malformed' }] };
    }
    return saveBanner({ slot, input: form.data, files: form.files, admin });
  });
}
