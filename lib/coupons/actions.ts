'use server';

import { requireAdminAction } from '@/lib/control-panel/auth';
import { backendDeadlineMs, withDeadline } from '@/lib/deadline';
import { startActionLog } from '@/lib/log';

import { createCoupon, setCouponActive } from './repository';
import { normalizeCouponCode, validateCouponDraft, type CouponDraftProblem } from './rules';

export type CouponSaveResult =
  | { ok: true; code: string }
  /** Refused: nothing was written; each problem has its message under ControlPanel.coupons. */
  | { ok: false; problems: (CouponDraftProblem | 'taken')[] }
  /** Firestore did not answer: nothing is known to be written. */
  | { ok: false; unavailable: true };

/** Creates a coupon (the panel's /control-panel/coupons). Admins only; a bad form writes nothing. */
export async function createCouponAction(input: unknown): Promise<CouponSaveResult> {
  const admin = await requireAdminAction();
  const draft = input as Parameters<typeof validateCouponDraft>[0];
  if (typeof draft !== 'object' || draft === null) return { ok: false, problems: ['code'] };
  const checked = validateCouponDraft({
    code: String(draft.code ?? ''),
    kind: String(draft.kind ?? ''),
    value: String(draft.value ?? ''),
    minimum: String(draft.minimum ?? ''),
    validFrom: String(draft.validFrom ?? ''),
    validUntil: String(draft.validUntil ?? ''),
    totalUses: String(draft.totalUses ?? ''),
    usesPerAccount: String(draft.usesPerAccount ?? ''),
    firstOrderOnly: draft.firstOrderOnly === true,
    active: draft.active === true,
  });
  if (!checked.ok) return { ok: false, problems: checked.problems };
  const log = await startActionLog();
  try {
    const created = await withDeadline(
      createCoupon(checked.coupon),
      backendDeadlineMs(),
      'create coupon',
    );
    if (!created) return { ok: false, problems: ['taken'] };
    log.event('coupon.created', { by: admin.uid, code: checked.coupon.code });
    return { ok: true, code: checked.coupon.code };
  } catch (error) {
    log.error(error, { during: 'create-coupon', by: admin.uid });
    return { ok: false, unavailable: true };
  }
}

/** Turns a coupon on or off; false when it could not (unknown code, Firestore down). */
export async function setCouponActiveAction(code: unknown, active: unknown): Promise<boolean> {
  const admin = await requireAdminAction();
  const normalized = typeof code === 'string' ? normalizeCouponCode(code) : null;
  if (!normalized || typeof active !== 'boolean') return false;
  const log = await startActionLog();
  try {
    const done = await withDeadline(
      setCouponActive(normalized, active),
      backendDeadlineMs(),
      'coupon on/off',
    );
    if (done) {
      log.event('coupon.switched', { by: admin.uid, code: normalized, active });
    }
    return done;
  } catch (error) {
    log.error(error, { during: 'switch-coupon', by: admin.uid });
    return false;
  }
}
