/** @jest-environment jsdom */
import { stubMatchMedia } from '@/test/match-media';
import {
  BOOT_SCRIPT,
  EARLY_PANEL_ATTRIBUTE,
  EARLY_PENDING_ATTRIBUTE,
  SPLASH_SESSION_KEY,
  takeEarlyTap,
} from './boot-script';

// The boot script's early taps: a panel button tapped before the page's script is in is kept,
// marked as pending, hidden from the page's own (React's) listeners, and handed over once.
describe('taps before the page is hydrated', () => {
  let reactSaw: string[];

  beforeAll(() => {
    stubMatchMedia();
    sessionStorage.setItem(SPLASH_SESSION_KEY, 'true');
    document.body.innerHTML = `
      <button id="user" ${EARLY_PANEL_ATTRIBUTE}="userTab">Perfil</button>
      <button id="cart" ${EARLY_PANEL_ATTRIBUTE}="cart"><span id="cart-label">Lista</span></button>
      <a id="link" href="#chocolates">Loja</a>`;
    // The inline script runs first; React's root listeners come later, as in the page.
    new Function(BOOT_SCRIPT)();
    reactSaw = [];
    document.addEventListener(
      'click',
      (event) => reactSaw.push((event.target as Element).id),
      true,
    );
  });

  const click = (id: string) => document.getElementById(id)!.click();

  it('keeps the last tap on a panel button, marks it pending, and keeps it from the page', () => {
    click('user');
    const user = document.getElementById('user')!;
    expect(user.hasAttribute(EARLY_PENDING_ATTRIBUTE)).toBe(true);
    expect(user.getAttribute('aria-busy')).toBe('true');
    // A tap on the list's label (inside its button) replaces it.
    click('cart-label');
    expect(user.hasAttribute(EARLY_PENDING_ATTRIBUTE)).toBe(false);
    expect(document.getElementById('cart')!.getAttribute('aria-busy')).toBe('true');
    // Links are left alone.
    click('link');
    expect(reactSaw).toEqual(['link']);
  });

  it('hands the tap over once hydrated, clears the marks, and lets later taps through', () => {
    expect(takeEarlyTap()).toBe('cart');
    expect(document.querySelectorAll(`[${EARLY_PENDING_ATTRIBUTE}]`)).toHaveLength(0);
    expect(document.getElementById('cart')!.hasAttribute('aria-busy')).toBe(false);
    expect(takeEarlyTap()).toBeNull();
    click('user');
    expect(reactSaw).toEqual(['link', 'user']);
    expect(document.getElementById('user')!.hasAttribute(EARLY_PENDING_ATTRIBUTE)).toBe(false);
  });
});
