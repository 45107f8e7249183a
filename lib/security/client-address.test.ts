import {
  clientAddressFrom,
  parseClientAddressConfig,
  SOCKET_ADDRESS_HEADER,
  type ClientAddressConfig,
} from './client-address';

const headers = (forwardedFor: string | null, socket: string | null = '10.1.1.1') => {
  const all = new Headers();
  if (forwardedFor !== null) all.set('x-forwarded-for', forwardedFor);
  if (socket !== null) all.set(SOCKET_ADDRESS_HEADER, socket);
  return all;
};

const configOf = (env: Record<string, string>): ClientAddressConfig => {
  const parsed = parseClientAddressConfig((name) => env[name]);
  if (!('config' in parsed)) throw new Error(parsed.problem);
  return parsed.config;
};

/** Addresses a client might claim, one per request. */
const ROTATING = Array.from({ length: 20 }, (_, n) => `198.18.${n}.${n + 1}`);

describe('parseClientAddressConfig', () => {
  it('defaults by platform: Vercel, Cloud Run / App Hosting, a trusted proxy, else the socket', () => {
    expect(configOf({})).toEqual({ source: 'socket' });
    expect(configOf({ VERCEL: '1' })).toEqual({ source: 'vercel' });
    expect(configOf({ K_SERVICE: 'chocolate-shop' })).toEqual({ source: 'google' });
    expect(configOf({ TRUST_PROXY_HEADERS: '1' })).toEqual({ source: 'hops', hops: 1 });
    // Explicit settings win.
    expect(configOf({ VERCEL: '1', CLIENT_ADDRESS_SOURCE: 'socket' })).toEqual({
      source: 'socket',
    });
    expect(configOf({ K_SERVICE: 'x', TRUSTED_PROXY_HOPS: '2' })).toEqual({
      source: 'hops',
      hops: 2,
    });
    expect(configOf({ CLIENT_ADDRESS_SOURCE: 'hops' })).toEqual({ source: 'hops', hops: 1 });
  });

  it('refuses unknown sources, bad hop counts and hops with another source', () => {
    const problem = (env: Record<string, string>) => {
      const parsed = parseClientAddressConfig((name) => env[name]);
      return 'problem' in parsed ? parsed.problem : null;
    };
    expect(problem({ CLIENT_ADDRESS_SOURCE: 'x-real-ip' })).toMatch(/CLIENT_ADDRESS_SOURCE/);
    for (const hops of ['0', '11', '1.5', '-1', 'two']) {
      expect(problem({ TRUSTED_PROXY_HOPS: hops })).toMatch(/TRUSTED_PROXY_HOPS/);
    }
    expect(problem({ CLIENT_ADDRESS_SOURCE: 'google', TRUSTED_PROXY_HOPS: '1' })).toMatch(
      /TRUSTED_PROXY_HOPS is set/,
    );
  });
});

describe('clientAddressFrom', () => {
  it('vercel: the address Vercel wrote into X-Forwarded-For', () => {
    const config = { source: 'vercel' } as const;
    expect(clientAddressFrom(headers('203.0.113.5'), config)).toBe('203.0.113.5');
    expect(clientAddressFrom(headers(null), config)).toBe('unknown');
  });

  it('google: the entry Google appended before its own, whatever the client sent first', () => {
    const config = { source: 'google' } as const;
    expect(clientAddressFrom(headers('203.0.113.5, 34.120.0.1'), config)).toBe('203.0.113.5');
    const keys = ROTATING.map((claimed) =>
      clientAddressFrom(headers(`${claimed}, 203.0.113.5, 34.120.0.1`), config),
    );
    expect(new Set(keys)).toEqual(new Set(['203.0.113.5']));
    // A lone entry (no load balancer entry after it) is the client Google saw.
    expect(clientAddressFrom(headers('203.0.113.5'), config)).toBe('203.0.113.5');
  });

  it('hops: counted from the right, the socket peer being hop 0', () => {
    const one = { source: 'hops', hops: 1 } as const;
    const two = { source: 'hops', hops: 2 } as const;
    // client -> proxy A (appends client) -> proxy B (appends A) -> server (socket = B)
    const chain = headers('203.0.113.5, 10.0.0.10', '10.0.0.20');
    expect(clientAddressFrom(chain, two)).toBe('203.0.113.5');
    expect(clientAddressFrom(chain, one)).toBe('10.0.0.10');
    for (const config of [one, two]) {
      const trailing = config.hops === 1 ? '' : ', 10.0.0.10';
      const keys = ROTATING.map((claimed) =>
        clientAddressFrom(headers(`${claimed}, 203.0.113.5${trailing}`, '10.0.0.20'), config),
      );
      expect(new Set(keys)).toEqual(new Set(['203.0.113.5']));
    }
    // Fewer entries than hops (a request that skipped a proxy): the farthest peer seen.
    expect(clientAddressFrom(headers(null, '198.51.100.9'), two)).toBe('198.51.100.9');
  });

  it('socket: the TCP peer only; X-Forwarded-For counts for nothing', () => {
    const config = { source: 'socket' } as const;
    const keys = ROTATING.map((claimed) =>
      clientAddressFrom(headers(claimed, '198.51.100.9'), config),
    );
    expect(new Set(keys)).toEqual(new Set(['198.51.100.9']));
    expect(clientAddressFrom(headers('203.0.113.5', null), config)).toBe('unknown');
  });
});
