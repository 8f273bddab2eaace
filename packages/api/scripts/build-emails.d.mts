export const TEMPLATES_DIR: string;
export const COMPILED_FILE: string;
export function compileEmails(): Promise<Record<string, { ltr: string; rtl: string }>>;
export function serialize(compiled: Record<string, { ltr: string; rtl: string }>): string;
