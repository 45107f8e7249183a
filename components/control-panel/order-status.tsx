'use client';

import { useTranslations } from 'next-intl';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import type { AppLocale } from '@/lib/i18n/locales';
import { formatOrderDate } from '@/lib/orders/format';
import { orderStatusGroup, type OrderStatusKey } from '@/lib/orders/status';
import type { StatusChange } from '@/lib/orders/types';

// One order card's status, shared by the parts of the card that show it (the badge, the status
// buttons, the last change). A status change updates them from the action's answer, so the
// panel's page is not rendered again for it.

export type OrderStatusState = { status: OrderStatusKey; lastChange: StatusChange | null };

const OrderStatusContext = createContext<{
  state: OrderStatusState;
  update: (next: { status: OrderStatusKey; lastChange?: StatusChange }) => void;
} | null>(null);

/** The card's current status, as the page rendered it and as the admin's changes moved it. */
export function OrderStatusProvider({
  initial,
  children,
}: {
  initial: OrderStatusState;
  children: ReactNode;
}) {
  const [state, setState] = useState(initial);
  // A new render of the page (a reload by the live updates) brings the stored state.
  const [rendered, setRendered] = useState(initial);
  if (initial.status !== rendered.status || initial.lastChange?.at !== rendered.lastChange?.at) {
    setRendered(initial);
    setState(initial);
  }
  const update = (next: { status: OrderStatusKey; lastChange?: StatusChange }) =>
    setState((current) => ({
      status: next.status,
      lastChange: next.lastChange ?? current.lastChange,
    }));
  return (
    <OrderStatusContext.Provider value={{ state, update }}>{children}</OrderStatusContext.Provider>
  );
}

export function useOrderStatus() {
  const context = useContext(OrderStatusContext);
  if (!context) throw new Error('useOrderStatus needs an OrderStatusProvider');
  return context;
}

/** The card's status pill. */
export function OrderStatusBadge() {
  const t = useTranslations('OrderStatus');
  const { status } = useOrderStatus().state;
  return (
    <Badge tone={orderStatusGroup(status)} data-testid="admin-order-status">
      {t(status)}
    </Badge>
  );
}

/** Who made the last status change, from what to what, and when. */
export function OrderLastChange({ locale }: { locale: AppLocale }) {
  const t = useTranslations('ControlPanel.orders');
  const status = useTranslations('OrderStatus');
  const { lastChange } = useOrderStatus().state;
  if (!lastChange) return null;
  return (
    <p className="mt-2 text-xs text-cacao-500">
      {t('lastChange', {
        from: status(lastChange.from),
        to: status(lastChange.to),
        email: lastChange.byEmail,
        date: lastChange.at ? formatOrderDate(lastChange.at, locale) : '',
      })}
    </p>
  );
}
