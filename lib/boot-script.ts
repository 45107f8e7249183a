import { COLOR_MODE_STORAGE_KEY } from './color-mode';

/** sessionStorage key: the intro splash has been shown during this visit. */
export const SPLASH_SESSION_KEY = 'splashShown';
/** localStorage key: the cookie banner was dismissed; its value is 'true'. */
export const COOKIE_CONSENT_KEY = 'cookie';
/** Intro splash: shown for 1000 ms, then a 0.5 s fade. */
export const SPLASH_MS = 1000;
export const SPLASH_FADE_MS = 500;

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
 * before the page's JavaScript has loaded. Not covered: a visit that started on a 404 or 403
 * answer (Next renders those in the browser, without this script) and moved on by in-app links;
 * visitors without JavaScript, whose smooth jumps past unrendered blocks may land off target.
 */
export const BOOT_SCRIPT = `(function(){var d=document.documentElement;
try{var m=localStorage.getItem('${COLOR_MODE_STORAGE_KEY}');if(m!=='light'&&m!=='dark')m=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';if(m==='dark')d.classList.add('dark');d.style.colorScheme=m}catch(e){}
try{if(localStorage.getItem('${COOKIE_CONSENT_KEY}')!=='true')d.setAttribute('data-cookie-banner','')}catch(e){}
function f(){if(!d.hasAttribute('data-full-layout')){d.setAttribute('data-full-layout','');d.scrollTop}}try{var n=performance.getEntriesByType('navigation')[0];if(location.hash||n&&n.type!=='navigate')f()}catch(e){}addEventListener('hashchange',f);addEventListener('popstate',function(){f();d.style.scrollBehavior='auto'});document.addEventListener('click',function(e){var a=e.target.closest&&e.target.closest('a[href]');if(a){f();if(a.hash)d.style.removeProperty('scroll-behavior')}},true);
try{if(!sessionStorage.getItem('${SPLASH_SESSION_KEY}')){sessionStorage.setItem('${SPLASH_SESSION_KEY}','true');d.setAttribute('data-splash','');var r=matchMedia('(prefers-reduced-motion: reduce)').matches;setTimeout(function(){d.removeAttribute('data-splash')},r?${SPLASH_MS}:${SPLASH_MS + SPLASH_FADE_MS})}}catch(e){}
})()`;
