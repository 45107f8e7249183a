import { formatPhone } from '@/lib/brazil';

// The shop's numbers as their digits (area code first); shown in the one format of lib/brazil.ts.
const PHONE = '1134567890';
const WHATSAPP = '11987654321';

/** Facts about the shop itself, shared by the contact section, the footer and order follow-ups. */
export const SHOP = {
  name: 'Chocolates Tropicais',
  phone: { display: formatPhone(PHONE), e164: `+55${PHONE}` },
  // The fixed number that receives WhatsApp follow-ups about orders.
  whatsapp: { display: formatPhone(WHATSAPP), number: `55${WHATSAPP}` },
  address: {
    street: 'Rua dos Cacaueiros, 123',
    district: 'Vila Madalena',
    city: 'São Paulo',
    state: 'SP',
    postalCode: '05433-000',
  },
  // The one source of the opening hours: the pages (openingHoursText) and the structured data
  // (lib/share/local-business.ts).
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

export type ShopDay = (typeof SHOP.openingHours.days)[number];

/**
 * The opening hours as the pages show them: the days, worded by `dayRange` (a message given the
 * first and last day), then each range as '09:00-12:00'.
 */
export function openingHoursText(
  dayRange: (days: { from: ShopDay; to: ShopDay }) => string,
  shop: typeof SHOP = SHOP,
) {
  const { days, ranges } = shop.openingHours;
  return [
    dayRange({ from: days[0], to: days[days.length - 1] ?? days[0] }),
    ...ranges.map((range) => `${range.opens}-${range.closes}`),
  ];
}
