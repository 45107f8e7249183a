import { DEFAULT_ADDRESS, isAdminRecord } from './types';

describe('isAdminRecord', () => {
  it('is true only when isAdmin is exactly true', () => {
    expect(isAdminRecord({ isAdmin: true })).toBe(true);
    for (const isAdmin of ['true', 1, 'yes', {}, [true], false, null, undefined]) {
      expect(isAdminRecord({ isAdmin })).toBe(false);
    }
  });

  it('is false for a missing or malformed record', () => {
    expect(isAdminRecord(undefined)).toBe(false);
    expect(isAdminRecord(null)).toBe(false);
    expect(isAdminRecord('isAdmin')).toBe(false);
    expect(isAdminRecord({})).toBe(false);
  });
});

describe('DEFAULT_ADDRESS', () => {
  it('holds the placeholders of the specification', () => {
    expect(DEFAULT_ADDRESS).toEqual({
      extra: 'No complement',
      number: 'No number',
      postalCode: 'No postal code',
      street: 'No street',
      city: 'No city',
    });
    expect(Object.isFrozen(DEFAULT_ADDRESS)).toBe(true);
  });
});
