// Types of scripts/ensure-chromium.mjs, for playwright.config.ts.
export declare const CHROMIUM_CANDIDATES: string[];
/** The first candidate that exists on this machine, if any. */
export declare function findChromium(): string | undefined;
/** The Chromium to run, installed with apt-get when possible; exits when there is none. */
export declare function ensureChromium(): string;
