// lib/after-response.ts against a stand-in for Next's after(): during a request it takes the
// work; outside one (the real after() throws) the work still runs, and other refusals are logged.
const mockAfter = jest.fn();
jest.mock('next/server', () => ({ after: (work: unknown) => mockAfter(work) }));

import { afterResponse, keepAliveUntil } from './after-response';

const OUTSIDE = new Error(
  '`after` was called outside a request scope. Read more: https://nextjs.org/docs/messages/next-dynamic-api-wrong-context',
);

/** The labels of the calls lib/deadline.ts counts as still running. */
const unsettled = () => [
  ...((
    globalThis as { __shopUnsettledWork?: Map<Promise<void>, string> }
  ).__shopUnsettledWork?.values() ?? []),
];

let errorLog: jest.SpyInstance;
beforeEach(() => {
  mockAfter.mockReset();
  errorLog = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => errorLog.mockRestore());

describe('keepAliveUntil', () => {
  it("matches the real after()'s refusal outside a request", () => {
    const { after } = jest.requireActual<typeof import('next/server')>('next/server');
    expect(() => after(Promise.resolve())).toThrow(OUTSIDE.message);
  });

  it('hands the pending work itself to after() during a request, counted until it settles', async () => {
    let settle!: () => void;
    const pending = new Promise<void>((resolve) => (settle = resolve));
    expect(keepAliveUntil(pending)).toBe(true);
    expect(mockAfter).toHaveBeenCalledTimes(1);
    expect(mockAfter.mock.calls[0]![0]).toBe(pending);
    expect(unsettled()).toEqual(['work after the response']);
    settle();
    await pending;
    await new Promise((resolve) => setImmediate(resolve));
    expect(unsettled()).toEqual([]);
  });

  it('outside a request answers false quietly: the work goes on in the process', async () => {
    mockAfter.mockImplementation(() => {
      throw OUTSIDE;
    });
    let done = false;
    const pending = Promise.resolve().then(() => {
      done = true;
    });
    expect(keepAliveUntil(pending)).toBe(false);
    await pending;
    expect(done).toBe(true);
    expect(errorLog).not.toHaveBeenCalled();
  });

  it('logs any other refusal of after(), which may cut the work off on a serverless host', () => {
    const refusal = new Error(
      '`after()` will not work correctly, because `waitUntil` is not available',
    );
    mockAfter.mockImplementation(() => {
      throw refusal;
    });
    expect(keepAliveUntil(Promise.resolve())).toBe(false);
    // One log line (lib/log.ts) naming the event and the refusal's message.
    expect(errorLog).toHaveBeenCalledWith(expect.stringContaining('after.refused'));
    expect(errorLog).toHaveBeenCalledWith(expect.stringContaining(refusal.message));
  });
});

describe('afterResponse', () => {
  it('leaves the task to after() during a request, without running it; run, it is counted', async () => {
    const task = jest.fn(async () => undefined);
    afterResponse(task);
    expect(mockAfter).toHaveBeenCalledTimes(1);
    expect(task).not.toHaveBeenCalled();
    const running = (mockAfter.mock.calls[0]![0] as () => Promise<unknown>)();
    expect(task).toHaveBeenCalledTimes(1);
    expect(unsettled()).toEqual(['work after the response']);
    await running;
    await new Promise((resolve) => setImmediate(resolve));
    expect(unsettled()).toEqual([]);
  });

  it('runs the task at once outside a request', () => {
    mockAfter.mockImplementation(() => {
      throw OUTSIDE;
    });
    const task = jest.fn(async () => undefined);
    afterResponse(task);
    expect(task).toHaveBeenCalledTimes(1);
    expect(errorLog).not.toHaveBeenCalled();
  });
});
