'use server';

import { z } from 'zod';

import { listProductRecords } from '@/lib/catalogue/repository';
import type { ProductRecord } from '@/lib/catalogue/types';
import { STOCK_LIMITS, type InventoryEntry } from '@/lib/inventory/overlay';
import { writeInventoryLines } from '@/lib/inventory/repository';
import { startActionLog } from '@/lib/log';
import { ORDER_ID_PATTERN } from '@/lib/orders/limits';
import { resendFailedMail } from '@/lib/mail/repository';
import { sendQueuedMailSoon } from '@/lib/mail/sender';
import { notifyRestocked } from '@/lib/restock/repository';
import { translatorFor } from '@/lib/i18n/translator';
import { cancelOpenPaymentsOf } from '@/lib/orders/cancel-payments';
import { ORDER_STATUS_KEYS, type OrderStatusKey } from '@/lib/orders/status';
import type { StatusChange } from '@/lib/orders/types';

import { adminRequest, localeSchema, type PanelActionResult } from './action-request';
import { statusTranslator } from './messages';
import { changeStatus } from './order-status';
import { revalidateStorefront } from './revalidate';

// The Server Actions of the panel's orders, stock and outbox pages. Each one checks the session
// and the admin flag on the server FIRST (adminRequest: anyone else gets a 403 and nothing
// changes), then validates its input strictly. They take (previousState, input) so forms can use
// them with useActionState; `input` is the form's FormData or the same fields as a plain object.

const statusSchema = z.enum(ORDER_STATUS_KEYS as [OrderStatusKey, ...OrderStatusKey[]]);

const statusInputSchema = z
  .object({
    locale: localeSchema,
    orderId: z.string().regex(ORDER_ID_PATTERN),
    to: statusSchema,
    from: statusSchema.optional(),
  })
  .strict();

// A number, or the digits a number input holds ('' and '1e2' are not stock counts).
const stockField = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^\d{1,4}$/)
      .transform(Number),
  ])
  .pipe(z.number().int().min(STOCK_LIMITS.min).max(STOCK_LIMITS.max));

/** One product's row of the stock page, as the admin left it. */
const stockLineSchema = z
  .object({
    key: z.string().max(100),
    stock: stockField,
    /** The stock the page showed: the write is refused when orders changed it meanwhile. */
    expectedStock: stockField,
    availableForSale: z.boolean(),
    showInStore: z.boolean(),
    isPromoted: z.boolean(),
  })
  .strict();

/** The stock page's save: the rows the admin changed (each product at most once). */
const inventoryInputSchema = z
  .object({
    locale: localeSchema,
    // A stock page's rows: one per product of a large catalogue at most.
    lines: z.array(z.unknown()).min(1).max(1000),
  })
  .strict();

export type StatusChangeResult = PanelActionResult & {
  /**
   * Where the order is now, for the card to show without rendering the page again: after a
   * change, its new status and that change; after a refusal because it moved on, its status.
   */
  order?: { status: OrderStatusKey; lastChange?: StatusChange };
};

/**
 * Moves an order to another status (fields: locale, orderId, to, and from = the status shown).
 * Admins only. Refuses, changing nothing, what the transition table does not allow. The answer
 * carries the order's new state; no page is invalidated (see ./revalidate.ts).
 */
export async function changeOrderStatus(
  _previous: StatusChangeResult | null,
  input: unknown,
): Promise<StatusChangeResult> {
  const { admin, locale, t, parsed } = await adminRequest(input, statusInputSchema);
  const label = statusTranslator(locale);
  if (!parsed.success) {
    return { ok: false, code: 'invalid', message: t('statusResult.invalid') };
  }
  const { orderId, to, from } = parsed.data;
  const log = await startActionLog();
  try {
    // What could still pay it is cancelled at Mercado Pago first; what pays it anyway is refunded.
    if (to === 'cancelled') await cancelOpenPaymentsOf(orderId);
    const outcome = await changeStatus(
      { orderId, to, expectedFrom: from },
      { uid: admin.uid, email: admin.email },
    );
    if (outcome.ok) {
      log.event('order.status_changed', {
        by: admin.uid,
        orderId,
        from: outcome.from,
        to: outcome.to,
      });
      if (outcome.to === 'cancelled' && outcome.stockReturned) {
        log.event('stock.changed', { by: admin.uid, orderId, reason: 'order-cancelled' });
      }
      if (outcome.stockReturned) {
        // Units back on the shelf: the storefront pages of those products show them again.
        revalidateStorefront(orderProductKeys(outcome.order.orderItems), {
          sitemap: false,
          inAnswer: false,
        });
      }
      // The shopper's e-mail, written with the change, is sent after the response; a failed
      // send never undoes nor slows the change.
      sendQueuedMailSoon();
      const order = {
        status: outcome.to,
        lastChange: {
          at: outcome.at.toISOString(),
          byEmail: admin.email,
          from: outcome.from,
          to: outcome.to,
        },
      };
      if (outcome.to === 'cancelled') {
        const code = outcome.stockReturned ? 'cancelledRestocked' : 'cancelledNoRestock';
        return { ok: true, code, message: t(`statusResult.${code}`, { orderId }), order };
      }
      return {
        ok: true,
        code: 'changed',
        message: t('statusResult.changed', {
          orderId,
          from: label(outcome.from),
          to: label(outcome.to),
        }),
        order,
      };
    }
    switch (outcome.error) {
      case 'not-found':
        return { ok: false, code: 'not-found', message: t('statusResult.notFound', { orderId }) };
      case 'stale':
        return {
          ok: false,
          code: 'stale',
          message: t('statusResult.stale', { orderId, current: label(outcome.current) }),
          // The card then shows where the order is now.
          order: { status: outcome.current },
        };
      case 'transition': {
        const values = {
          orderId,
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
    log.error(error, { during: 'change-order-status', by: admin.uid, orderId });
    return { ok: false, code: 'server-error', message: t('statusResult.serverError') };
  }
}

/** The product keys of an order's items (those that name a catalogue product). */
function orderProductKeys(items: readonly { key?: string | null }[]): string[] {
  return [...new Set(items.flatMap((item) => (item.key ? [item.key] : [])))];
}

/** What became of one row of a stock save. */
export type StockLineResult = {
  ok: boolean;
  /** 'saved', 'stale', 'invalid' or 'unknown-product'. */
  code: string;
  /** The localized sentence to show in the row. */
  message: string;
  /** Saved: the stored entry. Stale: the stock stored now (the other fields as sent). */
  entry?: InventoryEntry;
};

export type StockSaveResult = PanelActionResult & {
  /** Per product key, for every row sent (empty when the input itself was malformed). */
  lines: Record<string, StockLineResult>;
};

type StockLine = z.infer<typeof stockLineSchema>;

/** Each sent row parsed on its own, so a refusal names its row. */
function parseStockLines(lines: readonly unknown[], records: readonly ProductRecord[]) {
  const parsed: StockLine[] = [];
  const refused = new Map<string, 'invalid' | 'unknown-product'>();
  const seen = new Set<string>();
  for (const line of lines) {
    const key = (line as { key?: unknown } | null)?.key;
    // A row that names no product, or one twice, cannot be answered in its row.
    if (typeof key !== 'string' || seen.has(key)) return null;
    seen.add(key);
    const result = stockLineSchema.safeParse(line);
    if (!records.some((record) => record.key === key)) refused.set(key, 'unknown-product');
    else if (!result.success) refused.set(key, 'invalid');
    else parsed.push(result.data);
  }
  return { parsed, refused };
}

/**
 * Saves the stock page: the stock and storefront flags of the rows the admin changed (fields:
 * locale, and lines = [{ key, stock, expectedStock = the stock shown, availableForSale,
 * showInStore, isPromoted }]). Admins only. Any invalid row and nothing is written; otherwise
 * all rows are written in one transaction except those whose stock orders changed since the page
 * was loaded, which are refused in their row. The storefront pages of the saved products are
 * regenerated on their next visit.
 */
export async function updateInventory(
  _previous: StockSaveResult | null,
  input: unknown,
): Promise<StockSaveResult> {
  const { admin, locale, t, parsed } = await adminRequest(input, inventoryInputSchema);
  const records = await listProductRecords();
  const lines = parsed.success ? parseStockLines(parsed.data.lines, records) : null;
  if (!lines) {
    return { ok: false, code: 'invalid', message: t('stockResult.invalid'), lines: {} };
  }
  const titleOf = (key: string) =>
    records.find((record) => record.key === key)?.title[locale] ?? key;
  if (lines.refused.size > 0) {
    // Bad input: nothing is written, and each refused row says why.
    const answers: Record<string, StockLineResult> = {};
    for (const [key, code] of lines.refused) {
      const message =
        code === 'invalid' ? t('stockResult.invalid') : t('stockResult.unknownProduct');
      answers[key] = { ok: false, code, message };
    }
    return {
      ok: false,
      code: 'invalid',
      message: t('stockResult.nothingSaved', { count: lines.refused.size }),
      lines: answers,
    };
  }
  const log = await startActionLog();
  try {
    const outcomes = await writeInventoryLines(
      lines.parsed.map(
        ({ key, stock, expectedStock, availableForSale, showInStore, isPromoted }) => ({
          key,
          stock,
          expectedStock,
          availableForSale,
          showInStore,
          isPromoted,
        }),
      ),
    );
    const answers: Record<string, StockLineResult> = {};
    const saved: string[] = [];
    let shownChanged = false;
    for (const outcome of outcomes) {
      const title = titleOf(outcome.key);
      if (outcome.ok) {
        saved.push(outcome.key);
        shownChanged ||= outcome.before.showInStore !== outcome.entry.showInStore;
        log.event('stock.changed', {
          by: admin.uid,
          productKey: outcome.key,
          from: outcome.before.stock,
          to: outcome.entry.stock,
          availableForSale: outcome.entry.availableForSale,
          showInStore: outcome.entry.showInStore,
          isPromoted: outcome.entry.isPromoted,
        });
        answers[outcome.key] = {
          ok: true,
          code: 'saved',
          message: t('stockResult.saved', { title }),
          entry: outcome.entry,
        };
      } else {
        const line = lines.parsed.find((candidate) => candidate.key === outcome.key)!;
        answers[outcome.key] = {
          ok: false,
          code: 'stale',
          message: t('stockResult.stale', { title, current: outcome.current }),
          entry: {
            stock: outcome.current,
            availableForSale: line.availableForSale,
            showInStore: line.showInStore,
            isPromoted: line.isPromoted,
          },
        };
      }
    }
    if (saved.length > 0) revalidateStorefront(saved, { sitemap: shownChanged, inAnswer: true });
    // Back on sale: whoever waits for it gets their one e-mail (lib/restock/repository.ts).
    for (const outcome of outcomes) {
      if (!outcome.ok) continue;
      const { stock, availableForSale, showInStore } = outcome.entry;
      if (stock <= 0 || !availableForSale || !showInStore) continue;
      try {
        const queued = await notifyRestocked(outcome.key);
        if (queued > 0) {
          log.event('restock.notified', { productKey: outcome.key, queued });
          sendQueuedMailSoon();
        }
      } catch (error) {
        // The stock is saved; the alerts stay waiting and go out with the next save.
        log.error(error, { during: 'restock-notify', productKey: outcome.key });
      }
    }
    const refused = outcomes.length - saved.length;
    if (refused === 0) {
      return {
        ok: true,
        code: 'saved',
        message: t('stockResult.savedCount', { count: saved.length }),
        lines: answers,
      };
    }
    return {
      ok: false,
      code: saved.length > 0 ? 'partial' : 'stale',
      message: t('stockResult.partial', { saved: saved.length, refused }),
      lines: answers,
    };
  } catch (error) {
    log.error(error, { during: 'update-inventory', by: admin.uid });
    return { ok: false, code: 'server-error', message: t('stockResult.serverError'), lines: {} };
  }
}

const resendInputSchema = z
  .object({ locale: localeSchema, id: z.string().regex(/^[0-9a-f]{20}$/) })
  .strict();

/**
 * Queues again an e-mail the mail server refused for good (the outbox page's 'Enviar de novo',
 * lib/mail/repository.ts). Admins only; an e-mail not given up is left as it is.
 */
export async function resendMail(
  _previous: PanelActionResult | null,
  input: unknown,
): Promise<PanelActionResult> {
  const { admin, locale, parsed } = await adminRequest(input, resendInputSchema);
  const t = translatorFor(locale, 'OrderEmail');
  if (!parsed.success) return { ok: false, code: 'invalid', message: t('outboxResendFailed') };
  const log = await startActionLog();
  try {
    if (!(await resendFailedMail(parsed.data.id))) {
      return { ok: false, code: 'not-failed', message: t('outboxResendFailed') };
    }
    log.event('mail.resent', { by: admin.uid, messageId: parsed.data.id });
    sendQueuedMailSoon();
    return { ok: true, code: 'queued', message: t('outboxResent') };
  } catch (error) {
    log.error(error, { during: 'resend-mail', by: admin.uid });
    return { ok: false, code: 'unavailable', message: t('outboxResendFailed') };
  }
}
