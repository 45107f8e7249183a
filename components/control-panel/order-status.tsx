'use client';

import { useTranslations } from 'next-intl';
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import type { StatusChangeResult } from '@/lib/control-panel/actions';
import { isOpenOrderStatus, orderStatusGroup, type OrderStatusKey } from '@/lib/orders/status';
import type { StatusChange } from '@/lib/orders/types';

// One order card's status, shared by the parts of the card that show it (the badge, the status
// buttons, the last change). The status buttons (./status-editor.tsx) hand their action's answer
// here, so it moves all of them at once and the panel's page is not rendered again for it.

export type OrderStatusState = { status: OrderStatusKey; lastChange: StatusChange | null };

type OrderStatusContextValue = {
  state: OrderStatusState;
  /** Shows a status change's answer on the whole card. */
  applyAnswer: (result: StatusChangeResult) => void;
};

const OrderStatusContext = createContext<OrderStatusContextValue | null>(null);

/** The card's current status, as the page rendered it and as the admin's changes moved it. */
export function OrderStatusProvider({
  initial,
  children,
}: {
  initial: OrderStatusState;
  children: ReactNode;
}) {
  const [state, setState] = useState(initial);
  const applyAnswer = useCallback((result: StatusChangeResult) => {
    const order = result.order;
    if (!order) return;
    setState((current) => ({
      status: order.status,
      lastChange: order.lastChange ?? current.lastChange,
    }));
  }, []);
  // Adjusted while rendering (not in an effect): a new render of the page (the live updates
  // reload it) shows what it read.
  const [rendered, setRendered] = useState(initial);
  if (initial.status !== rendered.status || initial.lastChange?.at !== rendered.lastChange?.at) {
    setRendered(initial);
    setState(initial);
  }
  return (
    <OrderStatusContext.Provider value={{ state, applyAnswer }}>
      {children}
    </OrderStatusContext.Provider>
  );
}

export function useOrderStatus(): OrderStatusContextValue {
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

/**
 * Until when an open order holds its stock unpaid or unconfirmed (`text`, written on the server);
 * gone once the admin moves it on.
 */
export function OrderStockHold({ text }: { text: string | null }) {
  const { status } = useOrderStatus().state;
  if (!text || !isOpenOrderStatus(status)) return null;
  return (
    <p data-testid="admin-order-hold" className="mt-1 text-sm text-amber-800 dark:text-gold-400">
      {text}
    </p>
  );
}
