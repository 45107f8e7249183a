'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';

import { getProduct } from '@/lib/catalogue';
import { STOCK_LIMITS } from '@/lib/inventory/overlay';
import { writeInventory } from '@/lib/inventory/repository';
import { locales, type AppLocale } from '@/lib/i18n/locales';
import { startActionLog } from '@/lib/log';
import { ORDER_ID_PATTERN } from '@/lib/orders/limits';
import { scheduleStatusMail } from '@/lib/mail/order-mail';
import { ORDER_STATUS_KEYS, type OrderStatusKey } from '@/lib/orders/status';

import { requireAdminAction } from './auth';
import { controlPanelTranslator, statusTranslator } from './messages';
import { changeStatus } from './order-status';

// The control panel's only Server Actions. Each one checks the session and the admin flag on the
// server FIRST (requireAdminAction answers anyone else with a 403 and nothing changes), then
// validates its input strictly. They take (previousState, input) so forms can use them with
// useActionState; `input` is the form's FormData or the same fields as a plain object.

export type PanelActionResult = {
  ok: boolean;
  /** What happened, e.g. 'changed', 'not-allowed', 'stale', 'saved'. */
  code: string;
  /** The localized sentence to show. */
  message: string;
};

const localeSchema = z.enum(locales);
const statusSchema = z.enum(ORDER_STATUS_KEYS as [OrderStatusKey, ...OrderStatusKey[]]);

const statusInputSchema = z
  .object({
    locale: localeSchema,
    orderID: z.string().regex(ORDER_ID_PATTERN),
    to: statusSchema,
    from: statusSchema.optional(),
  })
  .strict();

const booleanField = z
  .union([z.boolean(), z.literal('on'), z.literal('true'), z.literal('false')])
  .transform((value) => value === true || value === 'on' || value === 'true');
// A number, or the digits a number input sends ('' and '1e2' are not stock counts).
const stockField = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^\d{1,4}$/)
      .transform(Number),
  ])
  .pipe(z.number().int().min(STOCK_LIMITS.min).max(STOCK_LIMITS.max));

const inventoryInputSchema = z
  .object({
    locale: localeSchema,
    key: z.string().max(100),
    stock: stockField,
    expectedStock: stockField,
    // An unticked checkbox is absent from FormData: absent means false.
    availableForSale: booleanField.default(false),
    showInStore: booleanField.default(false),
    isPromoted: booleanField.default(false),
  })
  .strict();

/** The fields of a FormData (one value each; repeated names are invalid) or a plain object. */
function fieldsOf(input: unknown): Record<string, unknown> | null {
  if (input instanceof FormData) {
    const fields: Record<string, unknown> = {};
    for (const [name, value] of input.entries()) {
      // Next adds $ACTION_* fields to progressively enhanced forms; they are not input.
      if (name.startsWith('$ACTION')) continue;
      if (typeof value !== 'string' || name in fields) return null;
      fields[name] = value;
    }
    return fields;
  }
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return null;
  if (Object.getPrototypeOf(input) !== Object.prototype) return null;
  return input as Record<string, unknown>;
}

/** The locale to answer in: the form's, when it is one of ours. */
function answerLocale(fields: Record<string, unknown> | null): AppLocale {
  const parsed = localeSchema.safeParse(fields?.locale);
  return parsed.success ? parsed.data : 'pt-BR';
}

/** Every page that shows an order's status: the panel and the shopper's account. */
function revalidateOrderPages() {
  revalidatePath('/[locale]/control-panel', 'layout');
  // /usuario is rendered per request (never cached), and the user tab reads the orders again on
  // every page load, so the shopper sees the new status on their next load or refresh. This also
  // drops any client router cache entry of it in this (the admin's) browser.
  revalidatePath('/[locale]/usuario', 'page');
}

/**
 * How long a saved inventory change waits before its pages are invalidated. A regeneration of the
 * landing page that read Firestore just before the write, and is stored just after the
 * invalidation, would otherwise count as fresh and hide the change until the time-based
 * revalidation. Regenerations take well under this; an admin's save takes this much longer.
 */
const REGENERATION_SETTLE_MS = 1_000;

/** The storefront pages that show a product: both landing pages and its own pages. */
function revalidateProductPages(pageLink: string) {
  for (const locale of locales) {
    revalidatePath(`/${locale}`);
    revalidatePath(`/${locale}${pageLink}`);
  }
  // The sitemap lists only the products shown in the shop.
  revalidatePath('/sitemap.xml');
  revalidatePath('/[locale]/control-panel', 'layout');
}

/**
 * Every admin action's start: the admin (anyone else gets a 403 before anything is read), the
 * locale to answer in with its translator, and the input parsed by `schema`.
 */
async function adminRequest<S extends z.ZodType>(input: unknown, schema: S) {
  const admin = await requireAdminAction();
  const fields = fieldsOf(input);
  const locale = answerLocale(fields);
  return { admin, locale, t: controlPanelTranslator(locale), parsed: schema.safeParse(fields) };
}

/**
 * Moves an order to another status (fields: locale, orderID, to, and from = the status shown).
 * Admins only. Refuses, changing nothing, what the transition table does not allow.
 */
export async function changeOrderStatus(
  _previous: PanelActionResult | null,
  input: unknown,
): Promise<PanelActionResult> {
  const { admin, locale, t, parsed } = await adminRequest(input, statusInputSchema);
  const label = statusTranslator(locale);
  if (!parsed.success) {
    return { ok: false, code: 'invalid', message: t('statusResult.invalid') };
  }
  const { orderID, to, from } = parsed.data;
  const log = await startActionLog();
  try {
    const outcome = await changeStatus(
      { orderID, to, expectedFrom: from },
      { uid: admin.uid, email: admin.email },
    );
    if (outcome.ok) {
      log.event('order.status_changed', {
        by: admin.uid,
        orderId: orderID,
        from: outcome.from,
        to: outcome.to,
      });
      if (outcome.to === 'cancelled' && outcome.stockReturned) {
        log.event('stock.changed', { by: admin.uid, orderId: orderID, reason: 'order-cancelled' });
      }
      revalidateOrderPages();
      // After the response; a failed send never undoes nor slows the change.
      scheduleStatusMail(outcome.order, outcome.to);
      if (outcome.to === 'cancelled') {
        const code = outcome.stockReturned ? 'cancelledRestocked' : 'cancelledNoRestock';
        return { ok: true, code, message: t(`statusResult.${code}`, { orderID }) };
      }
      return {
        ok: true,
        code: 'changed',
        message: t('statusResult.changed', {
          orderID,
          from: label(outcome.from),
          to: label(outcome.to),
        }),
      };
    }
    switch (outcome.error) {
      case 'not-found':
        return { ok: false, code: 'not-found', message: t('statusResult.notFound', { orderID }) };
      case 'stale':
        revalidateOrderPages();
        return {
          ok: false,
          code: 'stale',
          message: t('statusResult.stale', { orderID, current: label(outcome.current) }),
        };
      case 'transition': {
        const values = {
          orderID,
          from: label(outcome.from),
          to: label(to),
          shipping: t(outcome.shippingOption === 'Retirada' ? 'orders.pickup' : 'orders.delivery'),
        };
        const key = {
          same: 'same',
          final: 'final',
          'not-allowed': 'notAllowed',
          'wrong-shipping': 'wrongShipping',
        } as const;
        return {
          ok: false,
          code: outcome.reason,
          message: t(`statusResult.${key[outcome.reason]}`, values),
        };
      }
    }
  } catch (error) {
    log.error(error, { during: 'change-order-status', by: admin.uid, orderId: orderID });
    return { ok: false, code: 'server-error', message: t('statusResult.serverError') };
  }
}

/**
 * Sets one product's stock and storefront flags (fields: locale, key, stock, expectedStock =
 * the stock shown, and the availableForSale / showInStore / isPromoted checkboxes). Admins only.
 * The landing pages and the product's pages are regenerated on their next visit.
 */
export async function updateInventory(
  _previous: PanelActionResult | null,
  input: unknown,
): Promise<PanelActionResult> {
  const { admin, locale, t, parsed } = await adminRequest(input, inventoryInputSchema);
  if (!parsed.success) {
    return { ok: false, code: 'invalid', message: t('stockResult.invalid') };
  }
  const { key, expectedStock, stock, availableForSale, showInStore, isPromoted } = parsed.data;
  const product = getProduct(key);
  if (!product) {
    return { ok: false, code: 'unknown-product', message: t('stockResult.unknownProduct') };
  }
  const title = product.title[locale];
  const log = await startActionLog();
  try {
    const result = await writeInventory(key, {
      stock,
      expectedStock,
      availableForSale,
      showInStore,
      isPromoted,
    });
    if (!result.ok) {
      if (result.error === 'stale') {
        revalidatePath('/[locale]/control-panel', 'layout');
        return {
          ok: false,
          code: 'stale',
          message: t('stockResult.stale', { title, current: result.current }),
        };
      }
      return { ok: false, code: 'unknown-product', message: t('stockResult.unknownProduct') };
    }
    log.event('stock.changed', {
      by: admin.uid,
      productKey: key,
      from: expectedStock,
      to: stock,
      availableForSale,
      showInStore,
      isPromoted,
    });
    // Next applies an action's revalidations when the action returns: after this wait.
    await new Promise((resolve) => setTimeout(resolve, REGENERATION_SETTLE_MS));
    revalidateProductPages(product.pageLink);
    return { ok: true, code: 'saved', message: t('stockResult.saved', { title }) };
  } catch (error) {
    log.error(error, { during: 'update-inventory', by: admin.uid, productKey: key });
    return { ok: false, code: 'server-error', message: t('stockResult.serverError') };
  }
}
