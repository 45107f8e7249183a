/** Facts about the shop itself, shared by the contact section, the footer and order follow-ups. */
export const SHOP = {
  name: 'Chocolates Tropicais',
  phone: { display: '+55 (11) 3456-7890', e164: '+551134567890' },
  // The fixed number that receives WhatsApp follow-ups about orders.
  whatsapp: { display: '+55 (11) 98765-4321', number: '5511987654321' },
  address: {
    street: 'Rua dos Cacaueiros, 123',
    district: 'Vila Madalena',
    city: 'São Paulo',
    state: 'SP',
    postalCode: '05433-000',
  },
  openingHours: {
    days: ['Mo', 'Tu', 'We', 'Th', 'Fr'],
    ranges: [
      { opens: '09:00', closes: '12:00' },
      { opens: '13:00', closes: '18:00' },
    ],
  },
} as const;

export function formatShopAddress(): string {
  const { street, district, city, state, postalCode } = SHOP.address;
  return `${street} - ${district}, ${city} - ${state}, ${postalCode}`;
}

/** A wa.me chat link to the shop with a prefilled message. */
export function whatsappLink(text?: string): string {
  const base = `https://wa.me/${SHOP.whatsapp.number}`;
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}
