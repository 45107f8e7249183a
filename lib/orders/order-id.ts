const ORDER_ID_LENGTH = 12;

/**
 * A new random order id: 12 upper-case hex characters (48 random bits) from crypto.randomUUID,
 * short enough to read out on the phone and safe in URLs. Falls back to getRandomValues where
 * randomUUID is missing (it exists only in secure contexts).
 */
export function createOrderId(): string {
  const hex =
    typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID().replace(/-/g, '')
      : Array.from(crypto.getRandomValues(new Uint8Array(ORDER_ID_LENGTH / 2)), (byte) =>
          byte.toString(16).padStart(2, '0'),
        ).join('');
  // The first 12 hex digits of a v4 UUID are all random (the version digit comes after).
  return hex.slice(0, ORDER_ID_LENGTH).toUpperCase();
}
