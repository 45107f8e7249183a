import { startFakeCep, type FakeCep } from '@/test/fake-cep';

import { lookupCep } from './cep-lookup';

const PAULISTA = {
  logradouro: 'Avenida Paulista',
  bairro: 'Bela Vista',
  localidade: 'São Paulo',
  uf: 'SP',
};

describe('lookupCep (against a local fake of ViaCEP)', () => {
  let fake: FakeCep;
  let warn: jest.SpyInstance;

  beforeAll(async () => {
    fake = await startFakeCep({
      '01310100': PAULISTA,
      // A city-wide CEP: ViaCEP knows no street or bairro.
      '69915000': { logradouro: '', bairro: '', localidade: 'Rio Branco', uf: 'AC' },
      '99999999': { logradouro: 'Rua X', bairro: 'Y', localidade: 'Z', uf: 'XX' },
    });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.setMode('answer');
    warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => warn.mockRestore());

  it('names the street, bairro, city and UF of a known CEP', async () => {
    await expect(lookupCep('01310100', { baseUrl: fake.baseUrl })).resolves.toEqual({
      kind: 'found',
      address: {
        street: 'Avenida Paulista',
        neighborhood: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
      },
    });
    expect(fake.requests.at(-1)).toBe('01310100');
  });

  it('leaves what the service does not know empty', async () => {
    await expect(lookupCep('69915000', { baseUrl: fake.baseUrl })).resolves.toEqual({
      kind: 'found',
      address: { street: '', neighborhood: '', city: 'Rio Branco', state: 'AC' },
    });
  });

  it('says not-found for an unknown CEP, and never asks about a malformed one', async () => {
    await expect(lookupCep('01000999', { baseUrl: fake.baseUrl })).resolves.toEqual({
      kind: 'not-found',
    });
    const asked = fake.requests.length;
    await expect(lookupCep('0131010', { baseUrl: fake.baseUrl })).resolves.toEqual({
      kind: 'not-found',
    });
    await expect(lookupCep('../admin', { baseUrl: fake.baseUrl })).resolves.toEqual({
      kind: 'not-found',
    });
    expect(fake.requests).toHaveLength(asked);
  });

  it('is unavailable when the service answers a UF that is not one of the 27', async () => {
    await expect(lookupCep('99999999', { baseUrl: fake.baseUrl })).resolves.toEqual({
      kind: 'unavailable',
    });
  });

  it('is unavailable, without throwing, when the service fails', async () => {
    fake.setMode('fail');
    await expect(lookupCep('01310100', { baseUrl: fake.baseUrl })).resolves.toEqual({
      kind: 'unavailable',
    });
    expect(warn.mock.calls.join('\n')).toContain('address.lookup_failed');
  });

  it('is unavailable, not "no such CEP", when the service refuses (429, 403)', async () => {
    for (const status of [429, 403]) {
      const refusing = async () => Response.json({ message: 'slow down' }, { status });
      await expect(
        lookupCep('01310100', { baseUrl: fake.baseUrl, fetchImpl: refusing }),
      ).resolves.toEqual({ kind: 'unavailable' });
    }
  });

  it('gives up at its deadline when the service does not answer', async () => {
    fake.setMode('hang');
    const started = Date.now();
    await expect(
      lookupCep('01310100', { baseUrl: fake.baseUrl, deadlineMs: 300 }),
    ).resolves.toEqual({ kind: 'unavailable' });
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(250);
    expect(took).toBeLessThan(2000);
  });

  it('is unavailable when nothing listens (offline)', async () => {
    const gone = await startFakeCep({});
    await gone.close();
    await expect(lookupCep('01310100', { baseUrl: gone.baseUrl })).resolves.toEqual({
      kind: 'unavailable',
    });
  });

  it('keeps its default deadline short (2.5 s)', async () => {
    const { CEP_LOOKUP_DEADLINE_MS } = await import('./cep-lookup');
    expect(CEP_LOOKUP_DEADLINE_MS).toBe(2500);
  });
});
