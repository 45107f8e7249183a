// WhatsApp links from the shop to a customer (the shop's own number is in lib/shop.ts).

/**
 * The customer's number as wa.me wants it (country code and digits), or null when the stored
 * telephone cannot be a phone number. Brazilian numbers stored without the country code (10 or
 * 11 digits, as the checkout stores them) get 55.
 */
export function customerWhatsappNumber(telephone: string | null | undefined): string | null {
  if (!telephone) return null;
  let digits = telephone.replace(/\D/g, '');
  if (digits.startsWith('00')) digits = digits.slice(2);
  if (digits.length === 10 || digits.length === 11) digits = `55${digits}`;
  return digits.length >= 12 && digits.length <= 15 ? digits : null;
}

/** A wa.me chat link to the customer with a prefilled text, or null without a usable number. */
export function customerWhatsappLink(
  telephone: string | null | undefined,
  text: string,
): string | null {
  const number = customerWhatsappNumber(telephone);
  return number ? `https://wa.me/${number}?text=${encodeURIComponent(text)}` : null;
}
