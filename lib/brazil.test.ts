import {
  cepDigits,
  formatCepInput,
  formatPhone,
  normalizeCep,
  normalizeCpf,
  normalizePhone,
} from './brazil';
import { BRAZIL_UFS, normalizeUf } from './brazil-ufs';

describe('normalizeCpf', () => {
  it.each([
    ['529.982.247-25', '529.982.247-25'],
    ['52998224725', '529.982.247-25'],
    ['111.444.777-35', '111.444.777-35'],
    [' 11144477735 ', '111.444.777-35'],
  ])('accepts %s', (input, expected) => {
    expect(normalizeCpf(input)).toBe(expected);
  });

  it.each([
    ['529.982.247-24', 'second check digit wrong'],
    ['529.982.247-15', 'first check digit wrong'],
    ['000.000.000-00', 'repeated digits'],
    ['111.111.111-11', 'repeated digits'],
    ['99999999999', 'repeated digits'],
    ['5299822472', 'ten digits'],
    ['529982247250', 'twelve digits'],
    ['529.982.24725', 'half formatted'],
    ['529-982-247-25', 'wrong separators'],
    ['abc.def.ghi-jk', 'letters'],
    ['', 'empty'],
  ])('refuses %s (%s)', (input) => {
    expect(normalizeCpf(input)).toBeNull();
  });
});

describe('normalizeCep', () => {
  it.each([
    ['01310-100', '01310-100'],
    ['01310100', '01310-100'],
    [' 30130-005 ', '30130-005'],
  ])('accepts %s', (input, expected) => {
    expect(normalizeCep(input)).toBe(expected);
  });

  it.each(['0131-0100', '01310-10', '013101000', 'abcde-fgh', '00000-000', '', '01310 100'])(
    'refuses %p',
    (input) => {
      expect(normalizeCep(input)).toBeNull();
    },
  );
});

describe('normalizePhone', () => {
  it.each([
    ['(11) 91234-5678', '11912345678'],
    ['+55 11 91234-5678', '11912345678'],
    ['11 3456-7890', '1134567890'],
    ['5511934567890', '11934567890'],
    ['21.2345.6789', '2123456789'],
  ])('accepts %s', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  it.each([
    ['912345678', 'nine digits'],
    ['119123456789', 'twelve digits without country code'],
    ['(01) 91234-5678', 'area code with a zero'],
    ['(11) 81234-5678', 'eleven digits not starting with 9'],
    ['11 9123x-5678', 'letters'],
    ['+1 415 555 0100', 'another country'],
    ['', 'empty'],
  ])('refuses %s (%s)', (input) => {
    expect(normalizePhone(input)).toBeNull();
  });
});

describe('formatPhone', () => {
  it.each([
    ['11912345678', '+55 11 91234-5678'],
    ['+55 11 91234-5678', '+55 11 91234-5678'],
    ['(11) 91234-5678', '+55 11 91234-5678'],
    ['1134567890', '+55 11 3456-7890'],
    ['5511912345678', '+55 11 91234-5678'],
  ])('shows %s as %s', (input, shown) => {
    expect(formatPhone(input)).toBe(shown);
  });

  it('shows text that is not a Brazilian number as typed', () => {
    expect(formatPhone(' ramal 12 ')).toBe('ramal 12');
  });
});

describe('BRAZIL_UFS', () => {
  it('lists the 26 states and the Federal District once each, two capital letters', () => {
    const codes = BRAZIL_UFS.map((uf) => uf.code);
    expect(codes).toHaveLength(27);
    expect(new Set(codes).size).toBe(27);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
    expect(codes).toEqual(expect.arrayContaining(['SP', 'RJ', 'MG', 'DF', 'AM', 'TO']));
  });
});

describe('normalizeUf', () => {
  it.each([
    ['SP', 'SP'],
    [' rj ', 'RJ'],
    ['df', 'DF'],
  ])('accepts %p as %s', (input, expected) => {
    expect(normalizeUf(input)).toBe(expected);
  });

  it.each(['', 'XX', 'São Paulo', 'S', 'SPX', 'GB'])('refuses %p', (input) => {
    expect(normalizeUf(input)).toBeNull();
  });
});

describe('cepDigits', () => {
  it('gives the 8 digits of a valid CEP and null otherwise', () => {
    expect(cepDigits('01310-100')).toBe('01310100');
    expect(cepDigits('01310100')).toBe('01310100');
    expect(cepDigits('0131-0100')).toBeNull();
    expect(cepDigits('00000000')).toBeNull();
  });
});

describe('formatCepInput', () => {
  it('puts the hyphen after the fifth digit as the CEP is typed', () => {
    expect(formatCepInput('22041001')).toBe('22041-001');
    expect(formatCepInput('2204')).toBe('2204');
    expect(formatCepInput('22041')).toBe('22041');
    expect(formatCepInput('220410')).toBe('22041-0');
    expect(formatCepInput('22041-001')).toBe('22041-001');
  });

  it('keeps digits only, at most eight', () => {
    expect(formatCepInput(' 22.041 001 ')).toBe('22041-001');
    expect(formatCepInput('220410019')).toBe('22041-001');
    expect(formatCepInput('abc')).toBe('');
    // Backspace over the hyphen's digit: the hyphen goes with it.
    expect(formatCepInput('22041-')).toBe('22041');
  });
});
