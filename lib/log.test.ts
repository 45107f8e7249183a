import {
  describeError,
  escapeLogText,
  installJsonConsole,
  logFailure,
  requestIdFrom,
  scrub,
  startActionLog,
  startRequestLog,
} from './log';

const env = process.env as Record<string, string | undefined>;
const originalNodeEnv = env.NODE_ENV;

afterEach(() => {
  env.NODE_ENV = originalNodeEnv;
  jest.restoreAllMocks();
});

function capture() {
  const lines: string[] = [];
  for (const method of ['log', 'warn', 'error'] as const) {
    jest.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      lines.push(String(args[0]));
    });
  }
  return lines;
}

test('in production a line is one JSON object with time, level, event, request id and duration', () => {
  env.NODE_ENV = 'production';
  const lines = capture();
  const log = startRequestLog(new Headers({ 'x-request-id': 'req-123' }));
  log.event('order.placed', { uid: 'u1', orderId: 'o1' });
  expect(lines).toHaveLength(1);
  expect(lines[0]).not.toContain('\n');
  const line = JSON.parse(lines[0]!);
  expect(line).toEqual({
    time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    level: 'info',
    event: 'order.placed',
    requestId: 'req-123',
    durationMs: expect.any(Number),
    uid: 'u1',
    orderId: 'o1',
  });
});

test('locally a line is readable text, not JSON', () => {
  env.NODE_ENV = 'development';
  const lines = capture();
  startRequestLog().event('stock.changed', { productKey: 'ovo-pistache', from: 10, to: 9 });
  expect(lines).toHaveLength(1);
  expect(() => JSON.parse(lines[0]!)).toThrow();
  expect(lines[0]).toMatch(/info +stock\.changed .*productKey=ovo-pistache from=10 to=9/);
});

test('personal data and credentials never reach a line', () => {
  env.NODE_ENV = 'production';
  const lines = capture();
  startRequestLog().event('order.refused', {
    uid: 'u1',
    reason: 'out-of-stock',
    email: 'maria@example.com',
    customerEmail: 'maria@example.com',
    address: 'Rua das Flores 10',
    cpf: '123.456.789-09',
    idToken: 'abc',
    customer_phone: '11999998888',
    displayName: 'Maria',
    note: 'contact maria@example.com, CPF 12345678909',
  });
  const text = lines.join('\n');
  expect(text).not.toMatch(
    /maria@example\.com|Rua das Flores|123\.456\.789-09|12345678909|abc"|11999998888|Maria/,
  );
  expect(JSON.parse(lines[0]!)).toMatchObject({ uid: 'u1', reason: 'out-of-stock' });
});

test('errors log their name, code and scrubbed message, never the stack', () => {
  env.NODE_ENV = 'production';
  const lines = capture();
  const error = Object.assign(new Error('no user maria@example.com'), { code: 'auth/x' });
  startRequestLog().error(error, { route: '/api/session' });
  const line = JSON.parse(lines[0]!);
  expect(line).toMatchObject({
    level: 'error',
    event: 'server.error',
    errorName: 'Error',
    errorCode: 'auth/x',
    errorMessage: 'no user [email]',
  });
  expect(lines[0]).not.toContain('at ');
  expect(describeError('text')).toEqual({ errorName: 'string', errorMessage: 'text' });
});

test('request ids come from the host headers, sanitized, else a random one', () => {
  expect(requestIdFrom(new Headers({ 'x-vercel-id': 'gru1::abc-1' }))).toBe('gru1::abc-1');
  expect(requestIdFrom(new Headers({ 'x-request-id': 'a"b<c>' }))).toBe('abc');
  expect(requestIdFrom(null)).toBeNull();
  expect(startRequestLog().requestId).toMatch(/^[0-9a-f-]{36}$/);
  expect(scrub('eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlc2ln')).toBe(
    '[token]',
  );
});

test('startActionLog works outside a request too (fresh id)', async () => {
  expect((await startActionLog()).requestId).toMatch(/^[0-9a-f-]{36}$/);
});

describe('every string field and message is escaped', () => {
  const HOSTILE = 'a\nb\r\nc\u001b[31md\u0085e\u2028f\u2029g\u0000h\u007f';
  const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/;

  test('escapeLogText leaves visible escapes and no control character', () => {
    expect(escapeLogText(HOSTILE)).toBe(
      'a\\u000ab\\u000d\\u000ac\\u001b[31md\\u0085e\\u2028f\\u2029g\\u0000h\\u007f',
    );
    expect(escapeLogText('ordinary text: café, ação')).toBe('ordinary text: café, ação');
  });

  test.each(['production', 'development'])('%s: one line, whatever the fields hold', (mode) => {
    env.NODE_ENV = mode;
    const lines = capture();
    const log = startRequestLog();
    log.event('webhook.handled', { paymentId: HOSTILE, [HOSTILE]: 1 });
    log.error(new Error(`failed\n{"event":"order.placed"}\u001b[2K`), { route: HOSTILE });
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).not.toContain('\n');
      expect(line).not.toMatch(CONTROL);
    }
    if (mode === 'production') {
      const error = JSON.parse(lines[1]!) as Record<string, unknown>;
      expect(error.errorMessage).toBe('failed\\u000a{"event":"order.placed"}\\u001b[2K');
    }
  });
});

test("in production, console text from Next or a library becomes one JSON line; an error's cause is named", () => {
  env.NODE_ENV = 'production';
  const lines = capture();
  installJsonConsole();
  const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8080'), {
    code: 'ECONNREFUSED',
  });
  const error = Object.assign(new Error('14 UNAVAILABLE: No connection established\nsecond line'), {
    code: 14,
    cause,
  });
  console.error(' \u001b[31m⨯\u001b[39m a render failed for ana@example.com:', error);
  console.log('▲ Next.js 16\n- Local: http://127.0.0.1:3000');
  logFailure('orders.expiry_failed', error, { trigger: 'cron' });
  expect(lines).toHaveLength(3);
  for (const line of lines) expect(line).not.toContain('\n');
  const [printed, banner, logged] = lines.map((line) => JSON.parse(line));
  expect(printed).toEqual({
    time: expect.any(String),
    level: 'error',
    event: 'console.output',
    message: ' ⨯ a render failed for [email]',
    errorName: 'Error',
    errorCode: '14',
    errorMessage: '14 UNAVAILABLE: No connection established\\u000asecond line',
    causeCode: 'ECONNREFUSED',
    causeMessage: 'connect ECONNREFUSED 127.0.0.1:8080',
  });
  expect(banner).toMatchObject({
    level: 'info',
    message: '▲ Next.js 16\\u000a- Local: http://127.0.0.1:3000',
  });
  // A line of this module's own passes through as it is.
  expect(logged).toMatchObject({
    event: 'orders.expiry_failed',
    trigger: 'cron',
    causeCode: 'ECONNREFUSED',
  });
});
