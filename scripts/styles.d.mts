// Types of scripts/styles.mjs, for next.config.ts.
export declare const CSS_DIR: string;
export declare const CSS_PATH: string;
export declare function buildStyles(options?: {
  dev?: boolean;
  outDir?: string;
}): Promise<{ SHOP_STYLESHEET_HREF: string; SHOP_FIRST_FRAME_CSS: string }>;
