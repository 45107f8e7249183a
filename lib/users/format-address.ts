import type { Address } from './types';

/**
 * One line of an address for summaries, e-mails and the CSV: 'Avenida Paulista, 1000, Apto 42,
 * Bela Vista - São Paulo/SP, 01310-100' (an older address without bairro or UF leaves them out).
 */
export function formatAddress(address: Address): string {
  const street = [address.street, address.number, address.extra, address.neighborhood ?? '']
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
  const city = [address.city.trim(), address.state?.trim() ?? ''].filter(Boolean).join('/');
  const place = [city, address.postalCode.trim()].filter(Boolean).join(', ');
  return [street, place].filter(Boolean).join(' - ');
}
