import { cookieValue, requestCookie, requestHeaders, runInRequestScope } from './request-scope';

jest.mock('next/headers', () => ({
  headers: jest.fn(async () => new Headers({ 'x-from': 'next' })),
  cookies: jest.fn(async () => ({
    get: (name: string) => (name === '__session' ? { value: 'from-next' } : undefined),
  })),
}));

describe('cookieValue', () => {
  it('reads a cookie as Next does', () => {
    const header = 'a=1; __session=eyJ.abc.def;b=x%20y; bare';
    expect(cookieValue(header, '__session')).toBe('eyJ.abc.def');
    expect(cookieValue(header, 'b')).toBe('x y');
    expect(cookieValue(header, 'bare')).toBe('true');
    expect(cookieValue(header, 'missing')).toBeUndefined();
    expect(cookieValue(null, 'a')).toBeUndefined();
    // Repeated: the last one; one that cannot be decoded is skipped.
    expect(cookieValue('a=1; a=2', 'a')).toBe('2');
    expect(cookieValue('a=1; a=%E0%A4%A', 'a')).toBe('1');
    // A name is matched whole.
    expect(cookieValue('x__session=1', '__session')).toBeUndefined();
  });
});

describe('the request scope', () => {
  it("answers the scope's headers and cookies inside it, Next's outside", async () => {
    const headers = new Headers({ 'x-from': 'scope', cookie: '__session=from-scope' });
    const inside = await runInRequestScope(headers, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return [(await requestHeaders()).get('x-from'), await requestCookie('__session')];
    });
    expect(inside).toEqual(['scope', 'from-scope']);
    expect((await requestHeaders()).get('x-from')).toBe('next');
    expect(await requestCookie('__session')).toBe('from-next');
  });

  it('keeps side-by-side requests apart', async () => {
    const read = (id: string) =>
      runInRequestScope(new Headers({ 'x-id': id }), async () => {
        await new Promise((resolve) => setTimeout(resolve, Number(id)));
        return (await requestHeaders()).get('x-id');
      });
    expect(await Promise.all(['5', '1', '3'].map(read))).toEqual(['5', '1', '3']);
  });
});
