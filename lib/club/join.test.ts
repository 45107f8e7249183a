// Joining without Mercado Pago configured: the answer sends the shopper to the WhatsApp chat (as
// orders without online payment), and nothing is created or stored.
import type { PublicUser } from '@/lib/users/types';

const ana: PublicUser = {
  uid: 'uid-ana',
  email: 'ana@example.com',
  name: 'Ana',
  avatarURL: null,
  isAdmin: false,
  telephone: null,
  address: null,
};

const mockSession = jest.fn();
jest.mock('@/lib/session/session', () => ({
  SessionUnavailableError: class SessionUnavailableError extends Error {},
  readSession: () => mockSession(),
}));
jest.mock('next/headers', () => ({ headers: async () => new Headers() }));
jest.mock('@/lib/payments/mercadopago', () => ({
  ...jest.requireActual('@/lib/payments/mercadopago'),
  getMercadoPagoConfig: () => null,
}));
const mockRepository = { getMembership: jest.fn(), startMembership: jest.fn() };
jest.mock('./repository', () => ({
  getMembership: (...args: unknown[]) => mockRepository.getMembership(...args),
  startMembership: (...args: unknown[]) => mockRepository.startMembership(...args),
}));
const mockCreate = jest.fn();
jest.mock('./mercadopago', () => ({
  createPreapproval: (...args: unknown[]) => mockCreate(...args),
}));

import { joinClub } from './join';

describe('joining without Mercado Pago', () => {
  beforeEach(() => {
    mockSession.mockResolvedValue({ status: 'signed-in', user: ana, authTime: 0 });
  });

  it('answers the WhatsApp mode and creates nothing', async () => {
    expect(await joinClub({ plan: 'mensal', locale: 'pt-BR' })).toEqual({
      ok: true,
      mode: 'whatsapp',
    });
    expect(mockCreate).not.toHaveBeenCalled();
    expect(mockRepository.startMembership).not.toHaveBeenCalled();
  });

  it('still needs a signed-in shopper and a known plan', async () => {
    expect(await joinClub({ plan: 'anual', locale: 'pt-BR' })).toEqual({
      ok: false,
      error: 'invalid',
    });
    mockSession.mockResolvedValue({ status: 'signed-out' });
    expect(await joinClub({ plan: 'mensal', locale: 'pt-BR' })).toEqual({
      ok: false,
      error: 'unauthenticated',
    });
  });

  it('answers 503-worthy "temporarily unavailable" when the session cannot be read', async () => {
    const { SessionUnavailableError } = jest.requireMock('@/lib/session/session');
    mockSession.mockRejectedValue(new SessionUnavailableError('auth down'));
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(await joinClub({ plan: 'mensal', locale: 'pt-BR' })).toEqual({
        ok: false,
        error: 'temporarily-unavailable',
      });
    } finally {
      quiet.mockRestore();
    }
  });
});
