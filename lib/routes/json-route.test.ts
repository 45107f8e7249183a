import { jsonPostRoute } from './json-route';

type Result =
  | { ok: true; done: string }
  | { ok: false; error: 'invalid' | 'gone' | 'temporarily-unavailable' }
  | { ok: false; error: 'rate-limited'; retryAfterSeconds: number };

const seen: unknown[] = [];
let next: Result = { ok: true, done: 'yes' };

const POST = jsonPostRoute<Result>({
  maxBodyBytes: 64,
  statusOf: { gone: 404, 'rate-limited': 429 },
  run: async (body) => {
    seen.push(body);
    return next;
  },
});

function post(body: string, headers: Record<string, string> = {}) {
  return new Request('http://shop.test/api/x', {
    method: 'POST',
    headers: { origin: 'http://shop.test', 'content-type': 'application/json', ...headers },
    body,
  });
}

beforeEach(() => {
  seen.length = 0;
  next = { ok: true, done: 'yes' };
});

describe('jsonPostRoute', () => {
  it("answers the use-case's result with its status, never cached", async () => {
    const ok = await POST(post('{"a":1}'));
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    expect(await ok.json()).toEqual({ ok: true, done: 'yes' });
    expect(seen).toEqual([{ a: 1 }]);

    next = { ok: false, error: 'gone' };
    const gone = await POST(post('{}'));
    expect(gone.status).toBe(404);
    expect(gone.headers.get('retry-after')).toBeNull();
    expect(await gone.json()).toEqual({ ok: false, error: 'gone' });
  });

  it('asks to retry after 5 s on a 503, and after the limit on a rate limit', async () => {
    next = { ok: false, error: 'temporarily-unavailable' };
    const down = await POST(post('{}'));
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('5');

    next = { ok: false, error: 'rate-limited', retryAfterSeconds: 42 };
    const limited = await POST(post('{}'));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('42');
  });

  it('refuses another origin, a body not JSON, too large or malformed, before the use-case', async () => {
    const cases: [Request, number][] = [
      [post('{}', { origin: 'http://evil.test' }), 403],
      [post('{}', { 'content-type': 'text/plain' }), 415],
      [post(JSON.stringify({ a: 'x'.repeat(100) })), 413],
      [post('{a:'), 400],
    ];
    for (const [request, status] of cases) {
      const response = await POST(request);
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ ok: false, error: 'invalid' });
    }
    expect(seen).toEqual([]);
  });
});
