/** @jest-environment jsdom */
import '@testing-library/jest-dom';
import { act, render, screen } from '@testing-library/react';
import { PaymentBrick, type BrickRequest, type CardSubmission } from './payment-brick';

// The SDK's loader keeps its promise (loaded or failed) for the life of the page. Each test gets
// a fresh copy of the real loader, as a fresh page would.
let mockSdkJs: { loadMercadoPago: () => Promise<unknown> };
jest.mock('@mercadopago/sdk-js', () => ({
  loadMercadoPago: () => mockSdkJs.loadMercadoPago(),
}));

const SDK_URL = 'https://sdk.mercadopago.com/js/v2';

type FakeBrick = { unmount: jest.Mock };
type Created = { name: string; container: string; settings: Record<string, unknown> };

/** A stand-in for MercadoPago.js: records what is created and when. */
function installFakeMercadoPago(createBrick?: (created: Created) => Promise<FakeBrick>) {
  const created: Created[] = [];
  const constructed: unknown[][] = [];
  class FakeMercadoPago {
    constructor(...args: unknown[]) {
      constructed.push(args);
    }
    bricks() {
      return {
        create: (name: string, container: string, settings: Record<string, unknown>) => {
          const entry = { name, container, settings };
          created.push(entry);
          return createBrick ? createBrick(entry) : Promise.resolve({ unmount: jest.fn() });
        },
      };
    }
  }
  Object.assign(window, { MercadoPago: FakeMercadoPago });
  return { created, constructed };
}

let publicKeyCounter = 0;

function renderBrick(
  brick: BrickRequest,
  timeoutMs?: number,
  onCardSubmit?: (card: CardSubmission) => Promise<void>,
) {
  // A new key per test: sdk-react keeps one SDK instance per public key.
  publicKeyCounter += 1;
  const publicKey = `TEST-public-key-${publicKeyCounter}`;
  const view = render(
    <PaymentBrick
      publicKey={publicKey}
      locale="pt-BR"
      brick={brick}
      loadingLabel="Carregando o pagamento…"
      fallback={<p role="alert">Não foi possível carregar o Mercado Pago agora.</p>}
      timeoutMs={timeoutMs}
      onCardSubmit={onCardSubmit}
    />,
  );
  return { ...view, publicKey };
}

/** Lets pending promise callbacks run (several hops: loader, effect, SDK instance, create). */
async function flush() {
  for (let i = 0; i < 10; i += 1) {
    await act(async () => {
      await Promise.resolve();
    });
  }
}

beforeEach(() => {
  jest.isolateModules(() => {
    mockSdkJs = jest.requireActual('@mercadopago/sdk-js');
  });
  delete (window as { MercadoPago?: unknown }).MercadoPago;
  document.head.querySelectorAll('script').forEach((script) => script.remove());
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  jest.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('PaymentBrick', () => {
  it('shows the fallback, not an error, when MercadoPago.js fails to load', async () => {
    const unhandled = jest.fn();
    window.addEventListener('unhandledrejection', unhandled);
    renderBrick({ kind: 'wallet', preferenceId: 'pref-1' });

    expect(screen.getByRole('status')).toHaveTextContent('Carregando o pagamento…');
    await flush();
    // What the browser does offline: the script tag errors ('Failed to load MercadoPago.js').
    const script = document.querySelector<HTMLScriptElement>(`script[src="${SDK_URL}"]`);
    expect(script).not.toBeNull();
    await act(async () => {
      script?.dispatchEvent(new Event('error'));
    });
    await flush();

    expect(screen.getByRole('alert')).toHaveTextContent(
      'Não foi possível carregar o Mercado Pago agora.',
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(console.warn).toHaveBeenCalledWith(
      '[payments] Mercado Pago is unavailable:',
      'Failed to load MercadoPago.js',
    );
    window.removeEventListener('unhandledrejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });

  it('gives up on a script that never answers', async () => {
    jest.useFakeTimers();
    renderBrick({ kind: 'wallet', preferenceId: 'pref-2' }, 5_000);
    await flush();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(5_000);
    });
    await flush();
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });

  it('initialises the SDK with the public key and creates the Wallet brick after 200 ms', async () => {
    jest.useFakeTimers();
    const { created, constructed } = installFakeMercadoPago();
    const { publicKey } = renderBrick({ kind: 'wallet', preferenceId: 'pref-3' });
    await flush();

    await act(async () => {
      jest.advanceTimersByTime(199);
    });
    await flush();
    expect(created).toHaveLength(0);

    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    await flush();
    expect(constructed).toEqual([[publicKey, { locale: 'pt-BR', frontEndStack: 'react' }]]);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      name: 'wallet',
      container: 'walletBrick_container',
      settings: { initialization: { preferenceId: 'pref-3' }, locale: 'pt-BR' },
    });
    expect(document.getElementById('walletBrick_container')).toBeInTheDocument();

    // The brick says it is ready: the loading text goes.
    expect(screen.getByRole('status')).toBeInTheDocument();
    const callbacks = created[0]?.settings.callbacks as { onReady: () => void };
    act(() => callbacks.onReady());
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('creates the Status Screen brick for a payment Mercado Pago sent back', async () => {
    jest.useFakeTimers();
    const { created } = installFakeMercadoPago();
    renderBrick({ kind: 'statusScreen', paymentId: '123456789' });
    await flush();
    await act(async () => {
      jest.advanceTimersByTime(200);
    });
    await flush();
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      name: 'statusScreen',
      container: 'statusScreenBrick_container',
      settings: { initialization: { paymentId: '123456789' } },
    });
  });

  it('shows the fallback when the brick reports a critical error', async () => {
    jest.useFakeTimers();
    const { created } = installFakeMercadoPago();
    renderBrick({ kind: 'wallet', preferenceId: 'pref-4' });
    await flush();
    await act(async () => {
      jest.advanceTimersByTime(200);
    });
    await flush();
    const callbacks = created[0]?.settings.callbacks as { onError: (error: unknown) => void };
    act(() =>
      callbacks.onError({ type: 'critical', cause: 'get_preference_details_failed', message: '' }),
    );
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });

  it('creates the Card Payment Brick for the amount and hands its token to onCardSubmit', async () => {
    jest.useFakeTimers();
    const { created } = installFakeMercadoPago();
    const submitted: CardSubmission[] = [];
    renderBrick(
      { kind: 'card', amount: 38690, payerEmail: 'ana@example.com' },
      undefined,
      (card) => {
        submitted.push(card);
        return Promise.resolve();
      },
    );
    await flush();
    await act(async () => {
      jest.advanceTimersByTime(200);
    });
    await flush();
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      name: 'cardPayment',
      container: 'cardPaymentBrick_container',
      settings: {
        initialization: { amount: 386.9, payer: { email: 'ana@example.com' } },
        locale: 'pt-BR',
      },
    });
    // What the brick calls when the shopper submits the card form.
    const callbacks = created[0]?.settings.callbacks as {
      onSubmit: (formData: Record<string, unknown>) => Promise<void>;
    };
    await act(() =>
      callbacks.onSubmit({
        token: 'card-token-123456',
        issuer_id: '24',
        payment_method_id: 'master',
        transaction_amount: 1,
        installments: 3,
        payer: { email: 'ana@example.com', identification: { type: 'CPF', number: '12345678909' } },
      }),
    );
    // The brick's own amount is never sent: the server charges the order's.
    expect(submitted).toEqual([
      {
        token: 'card-token-123456',
        paymentMethodId: 'master',
        installments: 3,
        issuerId: '24',
        identification: { type: 'CPF', number: '12345678909' },
      },
    ]);
  });

  it('offline, the card brick shows the fallback too', async () => {
    renderBrick({ kind: 'card', amount: 38690 }, undefined, () => Promise.resolve());
    await flush();
    const script = document.querySelector<HTMLScriptElement>(`script[src="${SDK_URL}"]`);
    await act(async () => {
      script?.dispatchEvent(new Event('error'));
    });
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Não foi possível carregar o Mercado Pago agora.',
    );
  });
});
