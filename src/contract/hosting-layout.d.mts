export declare const HOSTING_DIR: '_hosting';
export declare const RULES_FILE: '_hosting/rules.json';
export declare const NGINX_FILE: '_hosting/nginx.conf';
export declare function isExecutableScriptType(type: string | null | undefined): boolean;
