import { z } from 'zod';
import { SEED_PRODUCT_KEYS } from '@/lib/catalogue/seed';

// The subscription club as the shop's data, like the catalogue (lib/catalogue): the plans, their
// perks and each month's selection. Components and the server read it from here only, and the
// schemas below check it when the module loads, so a typo in a price or a product key fails the
// build and the tests instead of reaching a shopper.

const localized = z.object({ 'pt-BR': z.string().trim().min(1), en: z.string().trim().min(1) });

export const PLAN_KEYS = ['mensal', 'trimestral'] as const;
export type ClubPlanKey = (typeof PLAN_KEYS)[number];

export const planSchema = z
  .object({
    key: z.enum(PLAN_KEYS),
    name: localized,
    summary: localized,
    /** Charged every `everyMonths` months (Mercado Pago's auto_recurring frequency). */
    everyMonths: z.union([z.literal(1), z.literal(3)]),
    /** Centavos per charge, as every price in the shop (lib/catalogue/format.ts). */
    price: z.number().int().positive(),
    /** Bars in each month's box. */
    barsPerBox: z.number().int().min(1).max(6),
    perks: z
      .object({
        /** Percent off Easter eggs (category 'pascoa') in the member's orders. */
        easterDiscountPercent: z.number().int().min(0).max(50),
        /** Delivery costs the member nothing. */
        freeDelivery: z.boolean(),
      })
      .strict(),
  })
  .strict();

export type ClubPlan = z.infer<typeof planSchema>;

export const selectionSchema = z
  .object({
    /** 'YYYY-MM': the month whose box holds these bars. */
    month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
    theme: localized,
    note: localized,
    productKeys: z
      .array(z.string().refine((key) => SEED_PRODUCT_KEYS.includes(key), 'not a seed product'))
      .min(1),
  })
  .strict();

export type ClubSelection = z.infer<typeof selectionSchema>;

export const clubPlans: ClubPlan[] = z
  .array(planSchema)
  .length(PLAN_KEYS.length)
  .refine((plans) => new Set(plans.map((plan) => plan.key)).size === plans.length, 'plan twice')
  .parse([
    {
      key: 'mensal',
      name: { 'pt-BR': 'Plano Mensal', en: 'Monthly Plan' },
      summary: {
        'pt-BR': 'Uma caixa por mês, cobrada mês a mês. Pause ou cancele quando quiser.',
        en: 'One box a month, charged month by month. Pause or cancel whenever you like.',
      },
      everyMonths: 1,
      price: 10900,
      barsPerBox: 3,
      perks: { easterDiscountPercent: 10, freeDelivery: true },
    },
    {
      key: 'trimestral',
      name: { 'pt-BR': 'Plano Trimestral', en: 'Quarterly Plan' },
      summary: {
        'pt-BR': 'Uma caixa por mês, cobrada a cada três meses com um preço menor por caixa.',
        en: 'One box a month, charged every three months at a lower price per box.',
      },
      everyMonths: 3,
      price: 29700,
      barsPerBox: 3,
      perks: { easterDiscountPercent: 15, freeDelivery: true },
    },
  ]);

/** Each month's box, oldest first. A month without an entry keeps the latest earlier one. */
export const clubSelections: ClubSelection[] = z
  .array(selectionSchema)
  .min(1)
  .refine(
    (list) => list.every((entry, index) => index === 0 || list[index - 1]!.month < entry.month),
    'months out of order',
  )
  .parse([
    {
      month: '2026-11',
      theme: { 'pt-BR': 'Cacau de origem', en: 'Single-origin cacao' },
      note: {
        'pt-BR': 'Três origens lado a lado: Amazonas, sul da Bahia e Paraná.',
        en: 'Three origins side by side: Amazonas, southern Bahia and Paraná.',
      },
      productKeys: ['barra-tropical-amazonas', 'barra-tropical-bahia', 'barra-tropical-parana'],
    },
    {
      month: '2026-12',
      theme: { 'pt-BR': 'Sabores de festa', en: 'Festive flavours' },
      note: {
        'pt-BR': 'Doce de leite mineiro, café da Alta Mogiana e o cacau do Rio.',
        en: 'Minas dulce de leite, Alta Mogiana coffee and cacao from Rio.',
      },
      productKeys: ['barra-tropical-minas', 'barra-tropical-sampa', 'barra-tropical-rio'],
    },
  ]);

export function getClubPlan(key: string): ClubPlan | undefined {
  return clubPlans.find((plan) => plan.key === key);
}

/** 'YYYY-MM' of `date` in Brazil's time (the shop's), where the month turns for the box. */
export function clubMonth(date: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(date);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}`;
}

/**
 * The box of `date`'s month: its own entry, or the latest earlier one; before the first entry,
 * the first (the club's first box).
 */
export function selectionFor(date: Date): ClubSelection {
  const month = clubMonth(date);
  const earlier = clubSelections.filter((entry) => entry.month <= month);
  return earlier.at(-1) ?? clubSelections[0]!;
}

/** The price of one box under `plan`, in centavos rounded down (shown on the plan). */
export function pricePerBox(plan: ClubPlan): number {
  return Math.floor(plan.price / plan.everyMonths);
}
