// The single place where price strings are built, so every screen shows reais the same way.
export function formatPrice(price: number): string {
  // Safe integers only: larger values lose precision and String() would switch to exponent form.
  if (!Number.isSafeInteger(price) || price < 0) {
    throw new RangeError(`Invalid price: ${price}`);
  }
  const reais = String(price).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `R$ ${reais},00`;
}
