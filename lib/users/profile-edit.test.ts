import {
  changedProfileFields,
  editableAddress,
  isUnfilled,
  isUnfilledAddress,
  profileFieldErrors,
  sameProfile,
  signUpName,
  toProfilePatch,
  toProfileValues,
  type ProfileValues,
} from './profile-edit';
import { profilePatchSchema } from './profile-schema';
import { DEFAULT_ADDRESS, NO_NAME, type Address } from './types';

const address: Required<Address> = {
  street: 'Avenida Paulista',
  number: '1000',
  extra: 'Apto 42',
  city: 'São Paulo',
  postalCode: '01310-100',
  neighborhood: 'Bela Vista',
  state: 'SP',
};

const saved: ProfileValues = {
  name: 'Cliente Exemplo',
  telephone: '+55 11 91234-5678',
  ...address,
};

describe('the stored defaults read as "not filled in"', () => {
  it('takes each placeholder of a new account, and empty text, as unfilled', () => {
    expect(isUnfilled('name', NO_NAME)).toBe(true);
    expect(isUnfilled('street', 'No street')).toBe(true);
    expect(isUnfilled('extra', 'No complement')).toBe(true);
    expect(isUnfilled('postalCode', ' No postal code ')).toBe(true);
    expect(isUnfilled('telephone', '')).toBe(true);
    expect(isUnfilled('city', '   ')).toBe(true);
    expect(isUnfilled('number', null)).toBe(true);
  });

  it("keeps real values, even another field's placeholder", () => {
    expect(isUnfilled('name', 'Ana')).toBe(false);
    expect(isUnfilled('street', 'No number')).toBe(false);
    expect(isUnfilled('city', 'No name')).toBe(false);
    expect(isUnfilled('telephone', '+55 11 91234-5678')).toBe(false);
  });

  it('starts a new account with an empty form', () => {
    expect(toProfileValues({ name: NO_NAME, telephone: null, address: DEFAULT_ADDRESS })).toEqual({
      name: '',
      telephone: '',
      street: '',
      number: '',
      extra: '',
      city: '',
      postalCode: '',
      neighborhood: '',
      state: '',
    });
    expect(toProfileValues({ name: 'Ana', address: null }).name).toBe('Ana');
    expect(editableAddress({ ...DEFAULT_ADDRESS, city: 'Recife' })).toEqual({
      street: '',
      number: '',
      extra: '',
      city: 'Recife',
      postalCode: '',
      neighborhood: '',
      state: '',
    });
  });

  it('tells an address still at the defaults from one with any field filled in', () => {
    expect(isUnfilledAddress(DEFAULT_ADDRESS)).toBe(true);
    expect(isUnfilledAddress(null)).toBe(true);
    expect(isUnfilledAddress({ ...DEFAULT_ADDRESS, extra: '' })).toBe(true);
    expect(isUnfilledAddress({ ...DEFAULT_ADDRESS, number: '12' })).toBe(false);
    expect(isUnfilledAddress(address)).toBe(false);
  });
});

describe('changedProfileFields', () => {
  it('is empty when nothing changed', () => {
    expect(changedProfileFields(saved, { ...saved })).toEqual([]);
    expect(sameProfile(saved, { ...saved })).toBe(true);
  });

  it('lists changed fields in form order', () => {
    const draft = { ...saved, postalCode: '20000-000', city: 'Rio de Janeiro', name: 'Ana' };
    // The CEP leads the address (typing it fills the rest at checkout).
    expect(changedProfileFields(saved, draft)).toEqual(['name', 'postalCode', 'city']);
    expect(sameProfile(saved, draft)).toBe(false);
  });

  it('counts whitespace as a change (what the person typed is what they see)', () => {
    expect(changedProfileFields(saved, { ...saved, number: '1000 ' })).toEqual(['number']);
  });
});

describe('profileFieldErrors', () => {
  it('accepts a normal profile, an empty one and empty address fields', () => {
    expect(profileFieldErrors(saved)).toEqual({});
    const empty = { ...saved, telephone: '', street: '', number: '', extra: '', city: '' };
    expect(profileFieldErrors(empty)).toEqual({});
  });

  it('refuses an emptied name, a foreign telephone and too long fields', () => {
    const draft = {
      ...saved,
      name: '  ',
      telephone: '12345',
      street: 'x'.repeat(121),
      postalCode: '1'.repeat(21),
    };
    expect(profileFieldErrors(draft)).toEqual({
      name: 'required',
      telephone: 'telephone',
      street: 'tooLong',
      postalCode: 'tooLong',
    });
    expect(profileFieldErrors({ ...saved, city: 'y'.repeat(120) })).toEqual({});
  });

  it('refuses a filled-in CEP that is not 00000-000 and a UF not among the 27, as the checkout does', () => {
    for (const postalCode of ['0131010', '01310-10a', 'abc', '00000-000']) {
      expect(profileFieldErrors({ ...saved, postalCode })).toEqual({ postalCode: 'postalCode' });
    }
    expect(profileFieldErrors({ ...saved, postalCode: '01310100' })).toEqual({});
    expect(profileFieldErrors({ ...saved, state: 'XX' })).toEqual({ state: 'state' });
    expect(profileFieldErrors({ ...saved, postalCode: '', state: '' })).toEqual({});
  });

  it('checks only the fields it is asked about (the changed ones)', () => {
    expect(profileFieldErrors({ ...saved, name: '' }, ['telephone', 'city'])).toEqual({});
  });
});

describe('toProfilePatch', () => {
  it('sends only the changed fields, trimmed, the address fields nested', () => {
    const draft = { ...saved, city: '  Campinas ', extra: '', telephone: ' (11) 3456-7890' };
    expect(toProfilePatch(saved, draft)).toEqual({
      telephone: '(11) 3456-7890',
      address: { extra: '', city: 'Campinas' },
    });
    expect(toProfilePatch(saved, { ...saved })).toEqual({});
  });

  it('builds what the server schema accepts, and the schema agrees with the form rules', () => {
    const draft = { ...saved, name: 'Ana', telephone: '(11) 3456-7890', extra: '' };
    const parsed = profilePatchSchema.parse(toProfilePatch(saved, draft));
    expect(parsed).toEqual({
      name: 'Ana',
      telephone: '+55 11 3456-7890',
      address: { extra: '' },
    });
    for (const bad of [
      { ...saved, name: ' ' },
      { ...saved, telephone: '12345' },
      { ...saved, city: 'c'.repeat(121) },
      { ...saved, postalCode: '1234-5678' },
      { ...saved, state: 'ZZ' },
    ]) {
      expect(Object.keys(profileFieldErrors(bad, changedProfileFields(saved, bad)))).toHaveLength(
        1,
      );
      expect(profilePatchSchema.safeParse(toProfilePatch(saved, bad)).success).toBe(false);
    }
  });
});

describe('profilePatchSchema', () => {
  it('refuses unknown keys at every level and an empty save', () => {
    for (const input of [
      { name: 'Ana', isAdmin: true },
      { address: { city: 'Natal', isAdmin: true } },
      { address: {} },
      {},
      { email: 'x@example.com' },
    ]) {
      expect(profilePatchSchema.safeParse(input).success).toBe(false);
    }
  });

  it('stores a CEP and a UF formatted, and lets either be cleared', () => {
    expect(
      profilePatchSchema.parse({
        address: { postalCode: ' 01310100 ', state: 'sp', neighborhood: ' Bela Vista ' },
      }),
    ).toEqual({ address: { postalCode: '01310-100', state: 'SP', neighborhood: 'Bela Vista' } });
    expect(profilePatchSchema.parse({ address: { postalCode: '', state: '' } })).toEqual({
      address: { postalCode: '', state: '' },
    });
    expect(profilePatchSchema.safeParse({ address: { postalCode: '0131010' } }).success).toBe(
      false,
    );
    expect(profilePatchSchema.safeParse({ address: { state: 'XX' } }).success).toBe(false);
  });

  it('clears the telephone with an empty one', () => {
    expect(profilePatchSchema.parse({ telephone: '  ' })).toEqual({ telephone: '' });
  });
});

describe('signUpName', () => {
  it('takes the name given at sign-up, spaces tidied', () => {
    expect(signUpName('  Júlia   Santos ')).toBe('Júlia Santos');
    expect(signUpName('Ana')).toBe('Ana');
  });

  it('is No name without one, or beyond the bound', () => {
    expect(signUpName(undefined)).toBe('No name');
    expect(signUpName('   ')).toBe('No name');
    expect(signUpName('N'.repeat(121))).toBe('No name');
    expect(signUpName('N'.repeat(120))).toBe('N'.repeat(120));
  });
});
