// The panel's product editor through its routes, against a private local Firebase with real
// sessions and the local Storage stand-in: an admin creates and saves products with photos, every
// bad input is refused with its message and stores nothing (no document, no orphaned picture), and
// nobody but an admin can write (a shopper gets 403).
import fs from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';

import type { Firestore } from 'firebase-admin/firestore';
import sharp from 'sharp';

import { cookieJar, signInWithPassword } from '@/test/auth-emulator';
import { setUpFileFirebase, type TestFirebase } from '@/test/local-firebase-env';

jest.mock('next/headers', () =>
  jest
    .requireActual<typeof import('@/test/auth-emulator')>('@/test/auth-emulator')
    .nextHeadersMock(),
);
// The storefront's pages are not rendered here: nothing to invalidate.
jest.mock('next/cache', () => ({ revalidatePath: jest.fn(), revalidateTag: jest.fn() }));

jest.setTimeout(90_000);

const ORIGIN = 'http://shop.test';
const ROOT = 'projects/chocolate-shop';
const ADMIN = { email: 'admin@chocolates.local', password: 'admin-chocolate-123' };
const SHOPPER = { email: 'cliente@chocolates.local', password: 'cliente-chocolate-123' };

let stack: TestFirebase;
let db: Firestore;
let createRoute: typeof import('./route');
let productRoute: typeof import('./[key]/route');
let archiveRoute: typeof import('./[key]/archive/route');
let sessionRoute: typeof import('../../session/route');
let bannerRoute: typeof import('../banners/[slot]/route');

const firebase = setUpFileFirebase({ timeoutMs: 80_000, withoutMercadoPago: true });

beforeAll(async () => {
  ({ stack, db } = firebase);
  createRoute = await import('./route');
  productRoute = await import('./[key]/route');
  archiveRoute = await import('./[key]/archive/route');
  sessionRoute = await import('../../session/route');
  bannerRoute = await import('../banners/[slot]/route');
});

async function signIn({ email, password }: { email: string; password: string }) {
  const { idToken } = await signInWithPassword(stack.authHost, email, password);
  cookieJar.reset();
  const created = await sessionRoute.POST(
    new Request(`${ORIGIN}/api/session`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ idToken }),
    }),
  );
  expect(created.status).toBe(200);
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#7b3f00' } })
    .jpeg()
    .toBuffer();

/** What the editor sends for a new product, with these changes. */
function input(overrides: Record<string, unknown> = {}) {
  return {
    locale: 'pt-BR',
    title: { 'pt-BR': 'Barra Cupuaçu', en: 'Cupuaçu Bar' },
    subtitle: { 'pt-BR': 'Chocolate com cupuaçu', en: 'Chocolate with cupuaçu' },
    description: { 'pt-BR': 'Uma barra nova.\n\nCom fruta da Amazônia.', en: 'A new bar.' },
    price: '45,90',
    weight: '100g',
    type: 'barras',
    isOrganic: false,
    allergens: ['contains-milk', 'gluten-free'],
    ingredients: [
      { name: { 'pt-BR': 'Cupuaçu', en: 'Cupuaçu' }, description: { 'pt-BR': '', en: '' } },
    ],
    stock: 12,
    availableForSale: true,
    showInStore: true,
    isPromoted: false,
    photos: [],
    ...overrides,
  };
}

type Photo =
  { upload: string; alt: Record<string, string> } | { path: string; alt: Record<string, string> };

function formOf(
  data: unknown,
  files: Record<string, { name: string; bytes: Buffer; type?: string }> = {},
) {
  const form = new FormData();
  form.set('data', JSON.stringify(data));
  for (const [field, file] of Object.entries(files)) {
    form.set(
      field,
      new File([new Uint8Array(file.bytes)], file.name, { type: file.type ?? 'image/jpeg' }),
    );
  }
  return form;
}

function request(url: string, body: FormData | string, origin: string | null = ORIGIN) {
  return new Request(`${ORIGIN}${url}?locale=pt-BR`, {
    method: 'POST',
    headers: {
      ...(origin ? { origin } : {}),
      ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
    },
    body,
  });
}

const create = (body: FormData, origin?: string | null) =>
  createRoute.POST(request('/api/control-panel/products', body, origin));
const save = (key: string, body: FormData) =>
  productRoute.POST(request(`/api/control-panel/products/${key}`, body), {
    params: Promise.resolve({ key }),
  });
const archive = (key: string, archived: boolean) =>
  archiveRoute.POST(
    request(`/api/control-panel/products/${key}/archive`, JSON.stringify({ archived })),
    {
      params: Promise.resolve({ key }),
    },
  );

/** The stored pictures, by name (scripts/local-firebase/storage.mjs keeps one file each). */
function storedPictures(): string[] {
  const directory = path.join(stack.dataDir, 'storage', `${stack.projectId}.firebasestorage.app`);
  if (!fs.existsSync(directory)) return [];
  return fs
    .readdirSync(directory)
    .filter((name) => name.endsWith('.json'))
    .map((name) => decodeURIComponent(name.slice(0, -5)))
    .sort();
}

async function snapshotOfCatalogue() {
  const [products, changes, inventory] = await Promise.all([
    db.collection(`${ROOT}/products`).get(),
    db.collection(`${ROOT}/catalogueChanges`).get(),
    db.collection(`${ROOT}/inventory`).get(),
  ]);
  return {
    products: products.docs.map((doc) => [doc.id, doc.updateTime.toMillis()]),
    changes: changes.size,
    inventory: inventory.docs.map((doc) => [doc.id, doc.updateTime.toMillis()]),
    pictures: storedPictures(),
  };
}

/** A PNG whose header claims `width` x `height` while its data is that of a 1x1 picture. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } })
      .png()
      .toBuffer(),
  );
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

const upload = (alt = 'Uma barra') =>
  [{ upload: 'photo-0', alt: { 'pt-BR': alt, en: 'A bar' } }] satisfies Photo[];

describe('who may write the catalogue', () => {
  it('answers 401 signed out, 403 to a shopper and to another origin, and writes nothing', async () => {
    const before = await snapshotOfCatalogue();
    cookieJar.reset();
    const signedOut = await create(formOf(input()));
    expect(signedOut.status).toBe(401);
    await signIn(SHOPPER);
    for (const response of [
      await create(formOf(input())),
      await save('ovo-pistache', formOf(input())),
      await archive('ovo-pistache', true),
      await productRoute.DELETE(request('/api/control-panel/products/mini-ovo', ''), {
        params: Promise.resolve({ key: 'mini-ovo' }),
      }),
    ]) {
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({
        ok: false,
        code: 'forbidden',
        message: 'Apenas administradores podem alterar o catálogo.',
      });
    }
    await signIn(ADMIN);
    expect((await create(formOf(input()), 'http://evil.test')).status).toBe(403);
    expect(await snapshotOfCatalogue()).toEqual(before);
  });
});

describe('bad input', () => {
  beforeAll(() => signIn(ADMIN));

  const cases: [string, () => Promise<FormData>, string, string][] = [
    [
      'price zero',
      async () => formOf(input({ price: '0' })),
      'price',
      'O preço deve ser maior que zero.',
    ],
    [
      'a negative price',
      async () => formOf(input({ price: '-5,00' })),
      'price',
      'O preço deve ser maior que zero.',
    ],
    [
      'a price over R$ 10.000',
      async () => formOf(input({ price: '10.000,01' })),
      'price',
      'O preço não pode passar de R$ 10.000,00.',
    ],
    [
      'an empty name in Portuguese',
      async () => formOf(input({ title: { 'pt-BR': ' ', en: 'Bar' } })),
      'title.pt-BR',
      'Informe o nome em português.',
    ],
    [
      'an empty name in English',
      async () => formOf(input({ title: { 'pt-BR': 'Barra X', en: '' } })),
      'title.en',
      'Informe o nome em inglês.',
    ],
    [
      'an empty description in Portuguese',
      async () => formOf(input({ description: { 'pt-BR': '\n\n', en: 'A bar.' } })),
      'description.pt-BR',
      'Informe a descrição em português.',
    ],
    [
      'an empty description in English',
      async () => formOf(input({ description: { 'pt-BR': 'Uma barra.', en: '' } })),
      'description.en',
      'Informe a descrição em inglês.',
    ],
    [
      'a duplicate key (the name of another product)',
      async () => formOf(input({ title: { 'pt-BR': 'Ovo Pistache', en: 'Another' } })),
      'title.pt-BR',
      'Já existe um produto com o endereço “ovo-pistache”. Mude o nome em português.',
    ],
    [
      'a name whose key is the panel page of a new product',
      async () => formOf(input({ title: { 'pt-BR': 'New', en: 'New' } })),
      'title.pt-BR',
      'Já existe um produto com o endereço “new”. Mude o nome em português.',
    ],
    [
      'a file over 10 MB',
      async () =>
        formOf(input({ photos: upload() }), {
          'photo-0': {
            name: 'enorme.jpg',
            bytes: Buffer.concat([await photo(500, 500), Buffer.alloc(10 * 1024 * 1024)]),
          },
        }),
      'photos.0',
      'enorme.jpg: o arquivo passa de 10 MB.',
    ],
    [
      'a text file renamed .jpg',
      async () =>
        formOf(input({ photos: upload() }), {
          'photo-0': { name: 'nota.jpg', bytes: Buffer.from('apenas texto, não uma foto') },
        }),
      'photos.0',
      'nota.jpg não é uma imagem JPEG, PNG ou WebP.',
    ],
    [
      'an SVG',
      async () =>
        formOf(input({ photos: upload() }), {
          'photo-0': {
            name: 'desenho.svg',
            type: 'image/svg+xml',
            bytes: Buffer.from(
              '<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900"><script>alert(1)</script></svg>',
            ),
          },
        }),
      'photos.0',
      'desenho.svg: imagens SVG não são aceitas. Envie JPEG, PNG ou WebP.',
    ],
    [
      'an image smaller than 400x400',
      async () =>
        formOf(input({ photos: upload() }), {
          'photo-0': { name: 'pequena.jpg', bytes: await photo(300, 300) },
        }),
      'photos.0',
      'pequena.jpg tem 300x300 pixels; o mínimo é 400x400.',
    ],
    [
      'a crafted image of 400 megapixels',
      async () =>
        formOf(input({ photos: upload() }), {
          'photo-0': {
            name: 'bomba.png',
            type: 'image/png',
            bytes: await pngClaiming(20_000, 20_000),
          },
        }),
      'photos.0',
      'bomba.png é grande demais para processar (mais de 40 megapixels). Envie uma versão menor.',
    ],
    [
      'a photo without its description in English',
      async () =>
        formOf(input({ photos: [{ upload: 'photo-0', alt: { 'pt-BR': 'Barra', en: '' } }] }), {
          'photo-0': { name: 'ok.jpg', bytes: await photo(500, 500) },
        }),
      'photos.0.alt.en',
      'Foto 1: descreva a foto em inglês (texto alternativo).',
    ],
    [
      'no gluten statement',
      async () => formOf(input({ allergens: ['contains-milk'] })),
      'allergens',
      'Escolha uma das declarações de glúten: “CONTÉM GLÚTEN” ou “NÃO CONTÉM GLÚTEN”.',
    ],
  ];

  it.each(cases)(
    'refuses %s with its message, storing nothing',
    async (_label, body, field, message) => {
      const before = await snapshotOfCatalogue();
      const response = await create(await body());
      expect(response.status).toBe(400);
      const answer = await response.json();
      expect(answer).toMatchObject({ ok: false, code: 'invalid' });
      expect(answer.problems).toContainEqual({ field, message });
      expect(await snapshotOfCatalogue()).toEqual(before);
    },
  );

  it('refuses a good photo with a bad field, leaving no picture behind', async () => {
    const before = await snapshotOfCatalogue();
    const response = await create(
      formOf(input({ price: '0', photos: upload() }), {
        'photo-0': { name: 'boa.jpg', bytes: await photo(800, 800) },
      }),
    );
    expect(response.status).toBe(400);
    expect(await snapshotOfCatalogue()).toEqual(before);
  });
});

it('deletes the picture it stored when the transaction then refuses (a key taken meanwhile)', async () => {
  await signIn(ADMIN);
  const before = await snapshotOfCatalogue();
  const response = await create(
    formOf(input({ title: { 'pt-BR': 'Ovo Pistache', en: 'Another' }, photos: upload() }), {
      'photo-0': { name: 'boa.jpg', bytes: await photo(700, 700) },
    }),
  );
  expect(response.status).toBe(400);
  expect((await response.json()).problems).toEqual([
    {
      field: 'title.pt-BR',
      message: 'Já existe um produto com o endereço “ovo-pistache”. Mude o nome em português.',
    },
  ]);
  expect(await snapshotOfCatalogue()).toEqual(before);
});

describe('the editor', () => {
  beforeAll(() => signIn(ADMIN));

  it('creates a product with a photo (stored without EXIF), its stock and an audit entry', async () => {
    const withGps = await sharp(await photo(900, 900))
      .withExif({ IFD3: { GPSLatitudeRef: 'S', GPSLongitudeRef: 'W' } })
      .jpeg()
      .toBuffer();
    const response = await create(
      formOf(input({ photos: upload('Barra de cupuaçu aberta') }), {
        'photo-0': { name: 'cupuacu.jpg', bytes: withGps },
      }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, key: 'barra-cupuacu' });
    const stored = (await db.doc(`${ROOT}/products/barra-cupuacu`).get()).data()!;
    expect(stored).toMatchObject({
      price: 4590,
      category: 'classicos',
      archived: false,
      ordered: false,
    });
    expect(stored.photos).toEqual([
      expect.objectContaining({
        width: 900,
        height: 900,
        alt: { 'pt-BR': 'Barra de cupuaçu aberta', en: 'A bar' },
      }),
    ]);
    const picturePath = (stored.photos as { path: string }[])[0]!.path;
    expect(picturePath).toMatch(/^products\/barra-cupuacu\/[0-9a-f]{24}\.jpg$/);
    expect(storedPictures()).toContain(picturePath);
    const file = path.join(
      stack.dataDir,
      'storage',
      `${stack.projectId}.firebasestorage.app`,
      `${encodeURIComponent(picturePath)}.bin`,
    );
    expect((await sharp(fs.readFileSync(file)).metadata()).exif).toBeUndefined();
    expect((await db.doc(`${ROOT}/inventory/barra-cupuacu`).get()).data()).toMatchObject({
      stock: 12,
      showInStore: true,
    });
    const changes = await db
      .collection(`${ROOT}/catalogueChanges`)
      .where('productKey', '==', 'barra-cupuacu')
      .get();
    expect(changes.docs.map((doc) => doc.data())).toEqual([
      expect.objectContaining({
        action: 'created',
        by: expect.objectContaining({ email: ADMIN.email }),
        changes: expect.arrayContaining([{ field: 'price', before: '', after: 'R$ 45,90' }]),
      }),
    ]);
  });

  it('saves a new price with who, when and before/after, and refuses a stale form', async () => {
    const current = (await db.doc(`${ROOT}/products/ovo-cookies-com-nutella`).get()).data()!;
    const version = (current.version as number | undefined) ?? 0;
    const body = input({
      version,
      title: current.title,
      subtitle: current.subtitle,
      description: {
        'pt-BR': current.description['pt-BR'].join('\n\n'),
        en: current.description.en.join('\n\n'),
      },
      price: '145,90',
      weight: current.weight,
      type: current.type,
      allergens: [...current.allergens, 'may-contain-soy'].filter(
        (key: string) => key !== 'contains-soy',
      ),
      ingredients: [],
      stock: 10,
      expectedStock: 10,
    });
    const response = await save('ovo-cookies-com-nutella', formOf(body));
    expect(response.status).toBe(200);
    const after = (await db.doc(`${ROOT}/products/ovo-cookies-com-nutella`).get()).data()!;
    expect(after).toMatchObject({ price: 14590, version: version + 1 });
    const [change] = (
      await db
        .collection(`${ROOT}/catalogueChanges`)
        .where('productKey', '==', 'ovo-cookies-com-nutella')
        .get()
    ).docs.map((doc) => doc.data());
    expect(change?.changes).toContainEqual({
      field: 'price',
      before: 'R$ 138,00',
      after: 'R$ 145,90',
    });
    expect(change?.by.email).toBe(ADMIN.email);
    // The same form again: the product moved on since it was loaded.
    const stale = await save('ovo-cookies-com-nutella', formOf(body));
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ code: 'stale' });
  });

  it('renames a product never ordered (its old key leads to it) and keeps an ordered one’s key', async () => {
    const created = await create(
      formOf(input({ title: { 'pt-BR': 'Barra Açaí', en: 'Açaí Bar' } })),
    );
    expect(await created.json()).toEqual({ ok: true, key: 'barra-acai' });
    const renamed = await save(
      'barra-acai',
      formOf(
        input({
          version: 1,
          title: { 'pt-BR': 'Barra Açaí com Guaraná', en: 'Açaí Bar' },
          stock: 12,
        }),
      ),
    );
    expect(await renamed.json()).toEqual({ ok: true, key: 'barra-acai-com-guarana' });
    expect((await db.doc(`${ROOT}/products/barra-acai`).get()).exists).toBe(false);
    expect(
      (await db.doc(`${ROOT}/products/barra-acai-com-guarana`).get()).get('formerKeys'),
    ).toEqual(['barra-acai']);
    expect((await db.doc(`${ROOT}/inventory/barra-acai-com-guarana`).get()).get('stock')).toBe(12);

    // Mini Ovo is in the seed's orders: a new name, the same key.
    const mini = (await db.doc(`${ROOT}/products/mini-ovo`).get()).data()!;
    const kept = await save(
      'mini-ovo',
      formOf(
        input({
          version: mini.version ?? 0,
          title: { 'pt-BR': 'Mini Ovo Trufado', en: 'Mini Egg' },
          type: 'mini-ovos',
          stock: 10,
        }),
      ),
    );
    expect(await kept.json()).toEqual({ ok: true, key: 'mini-ovo' });
  });

  it('archives and restores a product; a product with orders cannot be deleted', async () => {
    expect((await archive('barra-tropical-rio', true)).status).toBe(200);
    expect((await db.doc(`${ROOT}/products/barra-tropical-rio`).get()).get('archived')).toBe(true);
    expect((await archive('barra-tropical-rio', false)).status).toBe(200);
    const refused = await productRoute.DELETE(request('/api/control-panel/products/mini-ovo', ''), {
      params: Promise.resolve({ key: 'mini-ovo' }),
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ code: 'ordered' });
    expect((await db.doc(`${ROOT}/products/mini-ovo`).get()).exists).toBe(true);
  });
});

describe('the banners', () => {
  const banner = (slot: number, data: Record<string, unknown>, files = {}) =>
    bannerRoute.POST(request(`/api/control-panel/banners/${slot}`, formOf(data, files)), {
      params: Promise.resolve({ slot: String(slot) }),
    });
  const fields = {
    version: 0,
    title: { 'pt-BR': 'Páscoa no Clube', en: 'Easter at the Club' },
    subtitle: { 'pt-BR': 'Descontos para membros', en: 'Discounts for members' },
    link: '/clube',
    photo: 'upload',
  };

  it('refuses a shopper, a bad link and a small picture, storing nothing', async () => {
    await signIn(SHOPPER);
    const before = await snapshotOfCatalogue();
    expect((await banner(1, fields)).status).toBe(403);
    await signIn(ADMIN);
    const link = await banner(1, { ...fields, photo: 'keep', link: 'https://evil.test' });
    expect(link.status).toBe(400);
    expect((await link.json()).problems).toEqual([
      {
        field: 'link',
        message:
          'O link deve ser um endereço da loja, como /clube ou /chocolates/ovo-pistache, ou uma seção, como #chocolates.',
      },
    ]);
    const small = await banner(1, fields, {
      'photo-0': { name: 'b.jpg', bytes: await photo(700, 400) },
    });
    expect((await small.json()).problems).toEqual([
      { field: 'photo', message: 'b.jpg tem 700x400 pixels; o mínimo é 740x420.' },
    ]);
    expect(await snapshotOfCatalogue()).toEqual(before);
    expect((await db.doc(`${ROOT}/settings/banners`).get()).exists).toBe(false);
  });

  it('stores a banner with its picture, texts and link, and refuses a stale form', async () => {
    await signIn(ADMIN);
    const saved = await banner(2, fields, {
      'photo-0': { name: 'b.jpg', bytes: await photo(1600, 900) },
    });
    expect(saved.status).toBe(200);
    const stored = (await db.doc(`${ROOT}/settings/banners`).get()).data()!;
    expect(stored.version).toBe(1);
    expect(stored.slots[1]).toMatchObject({
      title: fields.title,
      link: '/clube',
      photo: expect.objectContaining({ width: 1480, height: 833 }),
    });
    expect(storedPictures()).toContain(stored.slots[1].photo.path);
    expect(stored.slots[0]).toEqual({ photo: null, title: null, subtitle: null, link: null });
    expect((await banner(2, { ...fields, photo: 'keep' })).status).toBe(409);
  });
});
