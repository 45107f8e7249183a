// The page cache: a page made before the storefront's last change is not served (a catalogue
// edit saved on any instance reaches every one), tags revalidate as Next's own cache does, and
// the memory it holds stays bounded.
import StorefrontCacheHandler, { RENDER_MARGIN_MS } from './storefront-cache-handler.mjs';

const CHANGED_AT = Symbol.for('chocolate-shop.storefront-changed-at');
const globals = globalThis as unknown as Record<symbol, unknown> & { __shopPageCache?: unknown };

let changedAt = 0;
let now = 1_000_000_000_000;

beforeEach(() => {
  delete globals.__shopPageCache;
  changedAt = 0;
  globals[CHANGED_AT] = async () => changedAt;
  jest.spyOn(Date, 'now').mockImplementation(() => now);
});

afterEach(() => {
  jest.restoreAllMocks();
  delete globals[CHANGED_AT];
});

const page = (html: string, tags = '_N_T_/layout,_N_T_/pt-BR') => ({
  kind: 'APP_PAGE',
  html,
  rscData: Buffer.from(html),
  headers: { 'x-next-cache-tags': tags },
  status: 200,
});

describe('the storefront page cache', () => {
  it('serves a page made after the last change, and drops one made before it', async () => {
    const handler = new StorefrontCacheHandler();
    await handler.set('/pt-BR', page('old price'), {});
    expect((await handler.get('/pt-BR', {}))?.value).toMatchObject({ html: 'old price' });

    // An edit on another instance, learned through settings/catalogue.
    now += 60_000;
    changedAt = now;
    expect(await handler.get('/pt-BR', {})).toBeNull();

    // Made again while the change is fresh: made again once more, then kept.
    await handler.set('/pt-BR', page('new price'), {});
    expect(await handler.get('/pt-BR', {})).toBeNull();
    now += RENDER_MARGIN_MS + 1;
    await handler.set('/pt-BR', page('new price'), {});
    expect((await handler.get('/pt-BR', {}))?.value).toMatchObject({ html: 'new price' });
  });

  it('leaves data (not pages) to their own tags, and serves pages when the revision is unknown', async () => {
    const handler = new StorefrontCacheHandler();
    await handler.set('fetch-key', { kind: 'FETCH', data: { body: 'x' }, revalidate: 60 }, {});
    await handler.set('/en', page('page'), {});
    delete globals[CHANGED_AT];
    changedAt = now + 1;
    expect(await handler.get('/en', {})).not.toBeNull();
    globals[CHANGED_AT] = async () => {
      throw new Error('Firestore down');
    };
    expect(await handler.get('/en', {})).not.toBeNull();
    globals[CHANGED_AT] = async () => changedAt;
    expect(await handler.get('fetch-key', { kind: 'FETCH' })).not.toBeNull();
  });

  it('drops what carries a revalidated tag (revalidatePath), page tags and request tags alike', async () => {
    const handler = new StorefrontCacheHandler();
    await handler.set(
      '/pt-BR/chocolates/mini-ovo',
      page('x', '_N_T_/pt-BR/chocolates/mini-ovo'),
      {},
    );
    await handler.set('/en', page('y', '_N_T_/en'), {});
    now += 1;
    await handler.revalidateTag(['_N_T_/pt-BR/chocolates/mini-ovo']);
    expect(await handler.get('/pt-BR/chocolates/mini-ovo', {})).toBeNull();
    expect(await handler.get('/en', {})).not.toBeNull();
    await handler.revalidateTag('_N_T_/elsewhere');
    expect(await handler.get('/en', { softTags: ['_N_T_/elsewhere'] })).toBeNull();
  });

  it('keeps at most its memory budget, the least recently used going first', async () => {
    const handler = new StorefrontCacheHandler({ maxMemoryCacheSize: 3_000 });
    await handler.set('a', page('a'.repeat(400)), {});
    await handler.set('b', page('b'.repeat(400)), {});
    await handler.get('a', {});
    await handler.set('c', page('c'.repeat(400)), {});
    expect(await handler.get('b', {})).toBeNull();
    expect(await handler.get('a', {})).not.toBeNull();
    expect(await handler.get('c', {})).not.toBeNull();
  });
});
