// Types for cldr-areas.mjs (the generator is plain Node, run without a build step).
export declare const OUTPUT: string;
export declare const LANGUAGES: string[];
export declare const AREAS: string[];
export declare function buildAreas(): Record<string, Record<string, string> | string>;
export declare function render(table: Record<string, unknown>): string;
