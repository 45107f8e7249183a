import { COLOR_MODE_STORAGE_KEY } from './color-mode';

/** sessionStorage key: the intro splash has been shown during this visit. */
export const SPLASH_SESSION_KEY = 'splashShown';
/** localStorage key: the cookie banner was dismissed; its value is 'true'. */
export const COOKIE_CONSENT_KEY = 'cookie';
/** Intro splash: shown for 1000 ms, then a 0.5 s fade. */
export const SPLASH_MS = 1000;
export const SPLASH_FADE_MS = 500;

// The boot script's parts, one statement list each, over `d` (the <html> element).
const COLOR_MODE = `try{var m=localStorage.getItem('${COLOR_MODE_STORAGE_KEY}');if(m!=='light'&&m!=='dark')m=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';if(m==='dark')d.classList.add('dark');d.style.colorScheme=m}catch(e){}`;
const COOKIE_BANNER = `try{if(localStorage.getItem('${COOKIE_CONSENT_KEY}')!=='true')d.setAttribute('data-cookie-banner','')}catch(e){}`;
const FULL_LAYOUT = `function f(){if(!d.hasAttribute('data-full-layout')){d.setAttribute('data-full-layout','');d.scrollTop}}try{var n=performance.getEntriesByType('navigation')[0];if(location.hash||n&&n.type!=='navigate')f()}catch(e){}addEventListener('hashchange',f);addEventListener('popstate',function(){f();d.style.scrollBehavior='auto'});document.addEventListener('click',function(e){var a=e.target.closest&&e.target.closest('a[href]');if(a){f();if(a.hash)d.style.removeProperty('scroll-behavior')}},true);`;
const SPLASH_SEEN = `sessionStorage.setItem('${SPLASH_SESSION_KEY}','true')`;

/** The attribute of a button that opens a panel (its value), so a tap before the script counts. */
export const EARLY_PANEL_ATTRIBUTE = 'data-early-panel';
/** Set by the boot script on the button tapped before the page's script was in: it is coming. */
export const EARLY_PENDING_ATTRIBUTE = 'data-early-pending';
/**
 * A tap on a panel's button before the page's script has taken over (`self.shopReady`, set by
 * takeEarlyTap once the page is hydrated) would do nothing: the button's handler is not there yet.
 * This records which panel it asked for (`self.shopEarly`), marks that button as pending (and
 * busy for assistive technology) and keeps the tap from React, which would otherwise replay it
 * once hydrated and, with the recorded tap, open and close the panel again. The last tap wins.
 */
const EARLY_TAPS = `document.addEventListener('click',function(e){if(self.shopReady)return;var b=e.target.closest&&e.target.closest('[${EARLY_PANEL_ATTRIBUTE}]');if(!b)return;e.stopImmediatePropagation();self.shopEarly=b.getAttribute('${EARLY_PANEL_ATTRIBUTE}');var p=document.querySelectorAll('[${EARLY_PENDING_ATTRIBUTE}]');for(var i=0;i<p.length;i++){p[i].removeAttribute('${EARLY_PENDING_ATTRIBUTE}');p[i].removeAttribute('aria-busy')}b.setAttribute('${EARLY_PENDING_ATTRIBUTE}','');b.setAttribute('aria-busy','true')},true);`;
/**
 * Ends the page's markup (its shell: what streams in later comes after it), rendered by
 * app/[locale]/layout.tsx. Unless the first frame is the splash, that frame waits for it.
 */
export const PAGE_END_ID = 'page-end';

// The visit's first frame shows the splash alone (data-first-frame, app/first-frame.css); the
// page under it is laid out once it is parsed, long before the splash fades. Not with a
// #fragment, whose target the browser scrolls to while the page is parsed.
const SPLASH = `try{if(!sessionStorage.getItem('${SPLASH_SESSION_KEY}')){var r=matchMedia('(prefers-reduced-motion: reduce)').matches;${SPLASH_SEEN};d.setAttribute('data-splash','');var h=!location.hash;if(h)d.setAttribute('data-first-frame','');function s(){d.removeAttribute('data-first-frame')}setTimeout(function(){s();d.removeAttribute('data-splash')},r?${SPLASH_MS}:${SPLASH_MS + SPLASH_FADE_MS});if(h)requestAnimationFrame(function(){setTimeout(function(){if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',s);else s()})})}}catch(e){}`;
// Any other first frame waits until the page's markup is parsed to its end: Chromium painted
// documents parsed in part, and what then came moved what was on screen (the bottom bar's items,
// the bottom-anchored cookie banner, the hero's captions): a layout shift. Browsers without
// rel=expect ignore it; without JavaScript the page is painted as it comes.
const EXPECT_PAGE_END = `if(!d.hasAttribute('data-first-frame')){var l=document.createElement('link');l.rel='expect';l.href='#${PAGE_END_ID}';l.setAttribute('blocking','render');document.head.appendChild(l)}`;
// Set by whichever of the two scripts below runs first, so the other does nothing.
const RAN = 'self.shopBooted';

/**
 * Runs in <head> before the first paint, so nothing flashes: it puts the `dark` class on <html>
 * (saved choice, else the system setting), flags the cookie banner as pending when it was never
 * dismissed, and starts the once-per-visit splash. Without JavaScript none of this happens and
 * the page is simply shown, light, without splash or banner. Kept ES5 and tiny on purpose.
 *
 * It also sets data-full-layout on <html> (for good) as soon as a position in the page must be
 * exact: a click on any link (before the router or the browser scrolls, and so that the position
 * kept for 'back' is measured on the real page), an address with a #fragment, a reload or a move
 * through the history (whose scroll position is restored). That lays out the blocks
 * `render-when-near` keeps unrendered (app/globals.css); until then only the first paint and
 * free scrolling profit from them. Reading scrollTop lays the page out at once, so scroll
 * anchoring keeps what is on screen in place before the router saves the position for 'back'.
 * A move through the history also turns the smooth scrolling off until the next click on a
 * #fragment link: Chromium would otherwise animate the restored position from the top of the
 * page (Next keeps its own page changes instant, see data-scroll-behavior in
 * app/[locale]/layout.tsx). Listening here rather than in a component covers the clicks made
 * before the page's JavaScript has loaded. Visitors without JavaScript have none of this: their
 * smooth jumps past unrendered blocks may land off target.
 */
export const BOOT_SCRIPT = `(function(){var d=document.documentElement;${RAN}=1;
${COLOR_MODE}
${COOKIE_BANNER}
${FULL_LAYOUT}
${EARLY_TAPS}
${SPLASH}
${EXPECT_PAGE_END}
})()`;

/**
 * The boot script for a visit whose first page never ran it: Next renders a notFound() or
 * forbidden() answer in the browser, where the layout's inline script does not run. Run once
 * that page is on screen (components/providers/ui-store-provider.tsx), it flags the cookie banner
 * and installs the full-layout triggers for the pages the visitor moves on to. It starts no
 * splash, which would cover a page already shown, and counts the visit's intro as past, so a
 * later full load in the visit (a reload, the return from payment) does not start one either; the
 * color mode has its own fallback there.
 */
const LATE_BOOT_SCRIPT = `(function(){var d=document.documentElement;if(${RAN})return;${RAN}=1;
${COOKIE_BANNER}
${FULL_LAYOUT}
try{${SPLASH_SEEN}}catch(e){}
})()`;

/**
 * Called once the page is hydrated (components/providers/ui-store-provider.tsx): from now on the
 * panel buttons handle their own taps. Returns the panel a tap asked for before (the boot
 * script's record, EARLY_TAPS), once, and clears the buttons' pending marks.
 */
export function takeEarlyTap(): string | null {
  const state = self as { shopReady?: number; shopEarly?: string };
  state.shopReady = 1;
  const early = state.shopEarly ?? null;
  delete state.shopEarly;
  for (const button of document.querySelectorAll(`[${EARLY_PENDING_ATTRIBUTE}]`)) {
    button.removeAttribute(EARLY_PENDING_ATTRIBUTE);
    button.removeAttribute('aria-busy');
  }
  return early;
}

/**
 * Runs LATE_BOOT_SCRIPT as an inline script, which every page's policy lets this code add
 * (lib/security/csp.ts: 'unsafe-inline' on prerendered pages, 'strict-dynamic' on the others).
 */
export function runBootScriptIfMissed(): void {
  if ((self as { shopBooted?: number }).shopBooted) return;
  const script = document.createElement('script');
  script.textContent = LATE_BOOT_SCRIPT;
  document.head.append(script);
  script.remove();
}
