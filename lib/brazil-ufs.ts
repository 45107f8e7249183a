// The Brazilian federative units, apart from lib/brazil.ts's CEP, CPF and telephone helpers: a
// page that only needs those (the product page's shipping estimate) ships without the list.

/**
 * The 27 federative units (26 states and the Federal District) by their Correios abbreviation,
 * as a delivery address's Estado select offers them and the schemas accept them.
 */
export const BRAZIL_UFS = [
  { code: 'AC', name: 'Acre' },
  { code: 'AL', name: 'Alagoas' },
  { code: 'AP', name: 'Amapá' },
  { code: 'AM', name: 'Amazonas' },
  { code: 'BA', name: 'Bahia' },
  { code: 'CE', name: 'Ceará' },
  { code: 'DF', name: 'Distrito Federal' },
  { code: 'ES', name: 'Espírito Santo' },
  { code: 'GO', name: 'Goiás' },
  { code: 'MA', name: 'Maranhão' },
  { code: 'MT', name: 'Mato Grosso' },
  { code: 'MS', name: 'Mato Grosso do Sul' },
  { code: 'MG', name: 'Minas Gerais' },
  { code: 'PA', name: 'Pará' },
  { code: 'PB', name: 'Paraíba' },
  { code: 'PR', name: 'Paraná' },
  { code: 'PE', name: 'Pernambuco' },
  { code: 'PI', name: 'Piauí' },
  { code: 'RJ', name: 'Rio de Janeiro' },
  { code: 'RN', name: 'Rio Grande do Norte' },
  { code: 'RS', name: 'Rio Grande do Sul' },
  { code: 'RO', name: 'Rondônia' },
  { code: 'RR', name: 'Roraima' },
  { code: 'SC', name: 'Santa Catarina' },
  { code: 'SP', name: 'São Paulo' },
  { code: 'SE', name: 'Sergipe' },
  { code: 'TO', name: 'Tocantins' },
] as const;

export type UfCode = (typeof BRAZIL_UFS)[number]['code'];

const UF_CODES: ReadonlySet<string> = new Set(BRAZIL_UFS.map((uf) => uf.code));

/** The UF as its two capital letters ('sp' -> 'SP'), or null unless it is one of the 27. */
export function normalizeUf(value: string): UfCode | null {
  const code = value.trim().toUpperCase();
  return UF_CODES.has(code) ? (code as UfCode) : null;
}
