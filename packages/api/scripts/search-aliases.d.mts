// Types for search-aliases.mjs (the generator is plain Node, run without a build step).
export declare const OUTPUT: string;
export declare const SOURCE: string;
export declare function buildAliases(countries: readonly unknown[]): Record<string, string[]>;
export declare function render(table: Record<string, readonly string[]>): string;
export declare function loadCountries(): unknown[];
