import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// The import rules docs/ARCHITECTURE.md states (section "Layers"), checked on the production
// sources: a rule the code breaks fails here, not in a reader's head.

const ROOT = path.join(__dirname, '..');

type Import = { from: string; to: string; typeOnly: boolean };

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(relative);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

const STATIC_IMPORT = /^\s*(?:import|export)\s+(type\s+)?([^;'"]*?)\s*from\s*'([^']+)'/gm;
const DYNAMIC_IMPORT = /import\(\s*'([^']+)'\s*\)/g;

/** The repository path an import names ('@/lib/log', './reads'), or null for a package. */
function resolve(file: string, specifier: string): string | null {
  if (specifier.startsWith('@/')) return specifier.slice(2);
  if (specifier.startsWith('.')) return path.join(path.dirname(file), specifier);
  return null;
}

/** Whether `import { type A, type B }` (every name a type) or `import type`. */
function isTypeOnly(typeKeyword: string | undefined, clause: string): boolean {
  if (typeKeyword) return true;
  const names = /^\{([^}]*)\}$/.exec(clause.trim())?.[1];
  if (names === undefined) return false;
  const list = names
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return list.length > 0 && list.every((name) => name.startsWith('type '));
}

function importsOf(file: string): Import[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const found: Import[] = [];
  for (const [, typeKeyword, clause = '', specifier = ''] of text.matchAll(STATIC_IMPORT)) {
    const to = resolve(file, specifier);
    if (to) found.push({ from: file, to, typeOnly: isTypeOnly(typeKeyword, clause) });
  }
  for (const [, specifier = ''] of text.matchAll(DYNAMIC_IMPORT)) {
    const to = resolve(file, specifier);
    if (to) found.push({ from: file, to, typeOnly: false });
  }
  return found;
}

/** 'app', 'components', or a lib folder ('lib/orders'; a file at lib's root is its own). */
function layerOf(file: string): string {
  const [top = '', second = ''] = file.split('/');
  if (top !== 'lib') return top;
  return `lib/${second.replace(/\.(ts|tsx)$/, '')}`;
}

const FILES = ['app', 'components', 'lib'].flatMap(sources);
const IMPORTS = FILES.flatMap(importsOf).filter((edge) => layerOf(edge.from) !== layerOf(edge.to));
const show = (edges: Import[]) => edges.map((edge) => `${edge.from} -> ${edge.to}`);

describe('the layers of docs/ARCHITECTURE.md', () => {
  it('reads the sources it checks', () => {
    expect(FILES.length).toBeGreaterThan(300);
    expect(IMPORTS.length).toBeGreaterThan(500);
  });

  it('imports go one way: app -> components -> lib, and app -> lib', () => {
    const upwards = IMPORTS.filter(
      (edge) =>
        (edge.from.startsWith('lib/') && /^(app|components)\//.test(edge.to)) ||
        (edge.from.startsWith('components/') && edge.to.startsWith('app/')),
    );
    expect(show(upwards)).toEqual([]);
  });

  it("lib's folders form a graph without cycles (value imports; types are erased)", () => {
    const graph = new Map<string, Set<string>>();
    for (const edge of IMPORTS) {
      if (edge.typeOnly || !edge.from.startsWith('lib/') || !edge.to.startsWith('lib/')) continue;
      const targets = graph.get(layerOf(edge.from)) ?? new Set<string>();
      targets.add(layerOf(edge.to));
      graph.set(layerOf(edge.from), targets);
    }
    const cycles: string[] = [];
    const done = new Set<string>();
    const visit = (folder: string, trail: string[]) => {
      if (trail.includes(folder)) {
        cycles.push([...trail.slice(trail.indexOf(folder)), folder].join(' -> '));
        return;
      }
      if (done.has(folder)) return;
      for (const next of graph.get(folder) ?? []) visit(next, [...trail, folder]);
      done.add(folder);
    };
    for (const folder of graph.keys()) visit(folder, []);
    expect(cycles).toEqual([]);
  });

  it('lib/orders uses inventory, payments, users, session and catalogue, never the reverse', () => {
    const below = ['lib/inventory', 'lib/payments', 'lib/users', 'lib/session', 'lib/catalogue'];
    const reverse = IMPORTS.filter(
      (edge) => below.includes(layerOf(edge.from)) && layerOf(edge.to) === 'lib/orders',
    );
    expect(show(reverse)).toEqual([]);
  });

  it('lib/control-panel sits on top: no other lib folder imports it', () => {
    const into = IMPORTS.filter(
      (edge) => edge.from.startsWith('lib/') && layerOf(edge.to) === 'lib/control-panel',
    );
    expect(show(into)).toEqual([]);
  });

  it('lib/mail imports only types from lib/orders', () => {
    const values = IMPORTS.filter(
      (edge) =>
        layerOf(edge.from) === 'lib/mail' && layerOf(edge.to) === 'lib/orders' && !edge.typeOnly,
    );
    expect(show(values)).toEqual([]);
  });

  it('lib/session is built on lib/users, which never imports it', () => {
    const into = IMPORTS.filter(
      (edge) => layerOf(edge.from) === 'lib/users' && layerOf(edge.to) === 'lib/session',
    );
    expect(show(into)).toEqual([]);
  });

  it("lib's modules touching firebase-admin or the session start with import 'server-only'", () => {
    const touching =
      /from '(firebase-admin[^']*|@\/lib\/firebase\/admin|@\/lib\/session\/session|\.\/session|\.\/admin)'/;
    const missing = FILES.filter((file) => file.startsWith('lib/')).filter((file) => {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      if (!touching.test(text)) return false;
      const opening = text.trimStart();
      return !opening.startsWith("import 'server-only';") && !opening.startsWith("'use server';");
    });
    expect(missing).toEqual([]);
  });
});
