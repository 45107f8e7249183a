'use client';

import { CancelOrder } from '@/components/user/cancel-order';
import { useRouter } from '@/lib/i18n/navigation';

/**
 * The shopper's cancel on the order's page: the same confirm step and request as in 'Meus
 * pedidos', then the page is read again and shows the cancelled order with its history line.
 */
export function OrderPageCancel({ orderId }: { orderId: string }) {
  const router = useRouter();
  return <CancelOrder orderId={orderId} size="md" onSettled={() => router.refresh()} />;
}
