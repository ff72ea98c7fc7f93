export declare const CHROMIUM_PATH: '/usr/bin/chromium';
export declare const CHROMIUM_ARGS: readonly string[];
