import {
  changedAddressFields,
  invalidAddressFields,
  sameAddress,
  trimAddress,
} from './address-edit';
import { DEFAULT_ADDRESS, type Address } from './types';

const saved: Address = {
  street: 'Avenida Paulista',
  number: '1000',
  extra: 'Apto 42',
  city: 'São Paulo',
  postalCode: '01310-100',
};

describe('changedAddressFields', () => {
  it('is empty when nothing changed', () => {
    expect(changedAddressFields(saved, { ...saved })).toEqual([]);
    expect(sameAddress(saved, { ...saved })).toBe(true);
  });

  it('lists changed fields in form order', () => {
    const draft = { ...saved, postalCode: '20000-000', city: 'Rio de Janeiro' };
    expect(changedAddressFields(saved, draft)).toEqual(['city', 'postalCode']);
    expect(sameAddress(saved, draft)).toBe(false);
  });

  it('counts whitespace as a change (what the person typed is what they see)', () => {
    expect(changedAddressFields(saved, { ...saved, number: '1000 ' })).toEqual(['number']);
  });
});

describe('invalidAddressFields', () => {
  it('accepts the defaults and a normal address', () => {
    expect(invalidAddressFields(DEFAULT_ADDRESS)).toEqual([]);
    expect(invalidAddressFields(saved)).toEqual([]);
  });

  it('refuses blank and too long fields', () => {
    const draft = { ...saved, street: '   ', extra: 'x'.repeat(121), postalCode: '1'.repeat(21) };
    expect(invalidAddressFields(draft)).toEqual(['street', 'extra', 'postalCode']);
    expect(invalidAddressFields({ ...saved, city: 'y'.repeat(120) })).toEqual([]);
  });
});

describe('trimAddress', () => {
  it('trims every field and keeps only the five address keys', () => {
    const draft = { ...saved, city: '  Campinas ', extra: ' Casa 2' } as Address & { x?: string };
    draft.x = 'smuggled';
    expect(trimAddress(draft)).toEqual({ ...saved, city: 'Campinas', extra: 'Casa 2' });
  });
});
