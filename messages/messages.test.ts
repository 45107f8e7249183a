import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

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

/** The ICU argument names a message uses, e.g. {count, plural, ...} -> count (options' texts not). */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if ('value' in element && typeof element.value === 'string' && element.type !== 0) {
        names.add(element.value);
      }
      if ('options' in element) {
        for (const option of Object.values(element.options)) walk(option.value);
      }
      if ('children' in element) walk(element.children);
    }
  };
  walk(parse(message, { ignoreTag: true }));
  return [...names].sort();
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
