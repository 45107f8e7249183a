import { logCspReports, parseCspReports } from './csp-report';

const env = process.env as Record<string, string | undefined>;
const originalNodeEnv = env.NODE_ENV;

afterEach(() => {
  env.NODE_ENV = originalNodeEnv;
  jest.restoreAllMocks();
});

/** Everything the console would print, as the text a log collector reads. */
function captureOutput() {
  const output: string[] = [];
  for (const method of ['log', 'info', 'warn', 'error'] as const) {
    jest.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      output.push(`${args.map(String).join(' ')}\n`);
    });
  }
  return () => output.join('');
}

const FORGED_LINE = JSON.stringify({
  time: '2026-03-01T12:00:00.000Z',
  level: 'info',
  event: 'order.placed',
  orderId: 'forged',
});

// A report whose every text field tries to start lines, recolour the terminal or move its cursor.
const HOSTILE_REPORT = JSON.stringify({
  'csp-report': {
    'document-uri': `https://shop.test/pt-BR\n${FORGED_LINE}\r\n`,
    'effective-directive': 'script-src-elem\u001b[31m\u001b[2K',
    'blocked-uri': 'https://evil.example/x.js\u2028second\u2029third\u0085fourth',
    'source-file': 'https://shop.test/app.js\r\u001b]0;title\u0007',
    'line-number': 7,
  },
});

describe('CSP reports: a hostile report is one log line', () => {
  it('in production: exactly one line, one JSON object, no control characters', () => {
    env.NODE_ENV = 'production';
    const output = captureOutput();
    const violations = parseCspReports(JSON.parse(HOSTILE_REPORT));
    expect(violations).toHaveLength(1);
    logCspReports(violations, new Headers({ 'x-request-id': 'req-csp' }));

    const lines = output().split('\n').slice(0, -1);
    expect(lines).toHaveLength(1);
    expect(output()).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/);
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({
      level: 'warn',
      event: 'csp.violated',
      requestId: 'req-csp',
      line: 7,
    });
    // The parsed fields carry no control characters either: a viewer that decodes them shows
    // the escapes as text.
    for (const value of Object.values(line)) {
      if (typeof value === 'string') expect(value).not.toMatch(/[\u0000-\u001f\u2028\u2029]/);
    }
    expect(line.documentUrl).toContain('\\u000a{"time"');
    expect(line.directive).toBe('script-src-elem\\u001b[31m\\u001b[2K');
  });

  it('in development (text lines): exactly one line and no terminal escape', () => {
    env.NODE_ENV = 'development';
    const output = captureOutput();
    logCspReports(parseCspReports(JSON.parse(HOSTILE_REPORT)));
    const lines = output().split('\n').slice(0, -1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/warn +csp\.violated /);
    expect(output()).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/);
  });

  it('logs where, which directive and what was blocked, without query strings', () => {
    env.NODE_ENV = 'production';
    const output = captureOutput();
    logCspReports(
      parseCspReports([
        {
          type: 'csp-violation',
          body: {
            documentURL: 'https://shop.test/pt-BR/checkout?email=maria',
            effectiveDirective: 'img-src',
            blockedURL: 'https://cdn.example/pixel.gif?id=1',
          },
        },
        {
          type: 'csp-violation',
          body: {
            documentURL: 'https://shop.test/en',
            effectiveDirective: 'script-src-elem',
            blockedURL: 'inline',
          },
        },
      ]),
    );
    const lines = output()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toEqual([
      expect.objectContaining({
        event: 'csp.violated',
        directive: 'img-src',
        documentUrl: 'https://shop.test/pt-BR/checkout',
        blockedUrl: 'https://cdn.example/pixel.gif',
      }),
      expect.objectContaining({ directive: 'script-src-elem', blockedUrl: 'inline' }),
    ]);
  });
});
