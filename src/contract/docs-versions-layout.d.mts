export declare const CURRENT_VERSION_NAME: 'current';
export declare const CURRENT_PACKAGE: '@rkrupinski/stan';
export declare const VERSIONS_FILE: 'content/versions.json';
export declare const VERSIONED_DOCS_DIR: 'content/versioned_docs';
export declare const VERSIONED_SIDEBARS_DIR: 'content/versioned_sidebars';
export declare function versionedDocsDir(name: string): string;
export declare function versionedSidebarsFile(name: string): string;
export declare function versionPackage(name: string): string;
export declare function qualifiedDocId(versionName: string, docId: string): string;
