import en from './en.json';
import ptBR from './pt-BR.json';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

/** The ICU argument names a message uses, e.g. {count, plural, ...} -> count. */
function argumentsOf(message: string): string[] {
  return [...message.matchAll(/\{\s*([a-zA-Z_]\w*)\s*[,}]/g)].map((m) => m[1] ?? '').sort();
}

const enKeys = flatten(en as Tree);
const ptKeys = flatten(ptBR as Tree);

describe('messages', () => {
  it('have exactly the same keys in en and pt-BR', () => {
    const onlyEn = [...enKeys.keys()].filter((key) => !ptKeys.has(key));
    const onlyPt = [...ptKeys.keys()].filter((key) => !enKeys.has(key));
    expect({ onlyEn, onlyPt }).toEqual({ onlyEn: [], onlyPt: [] });
  });

  it('have no empty message', () => {
    const empty = [...enKeys, ...ptKeys].filter(([, value]) => value.trim() === '');
    expect(empty).toEqual([]);
  });

  it('use the same ICU arguments in both languages', () => {
    const mismatched = [...enKeys].filter(
      ([key, value]) =>
        ptKeys.has(key) && argumentsOf(value).join() !== argumentsOf(ptKeys.get(key) ?? '').join(),
    );
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });
});
