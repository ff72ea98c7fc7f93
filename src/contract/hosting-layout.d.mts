export declare const HOSTING_DIR: '_hosting';
export declare const RULES_FILE: '_hosting/rules.json';
export declare const NGINX_FILE: '_hosting/nginx.conf';
export declare function isExecutableScriptType(type: string | null | undefined): boolean;
export declare const PRECOMPRESSED_SUFFIX: '.gz';
export declare const BROTLI_SUFFIX: '.br';
export declare function isPrecompressedTwin(file: string, files: ReadonlySet<string>): boolean;
export declare const DEFERRED_SCRIPTS_ID: 'deferred-scripts';
