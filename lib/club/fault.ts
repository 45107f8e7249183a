import 'server-only';

import { isBackendUnavailable } from '@/lib/deadline';
import { MercadoPagoError } from '@/lib/payments/mercadopago';
import { SessionUnavailableError } from '@/lib/session/session';

/**
 * What a club use-case (joining, a member's change) answers when it failed: Auth, Firestore or
 * Mercado Pago did not answer, 'temporarily-unavailable'; anything else, 'server-error'.
 */
export function clubFault(error: unknown): {
  ok: false;
  error: 'temporarily-unavailable' | 'server-error';
} {
  const backend =
    isBackendUnavailable(error) ||
    error instanceof SessionUnavailableError ||
    error instanceof MercadoPagoError;
  return { ok: false, error: backend ? 'temporarily-unavailable' : 'server-error' };
}
