// ISO-8601 timestamps as the database stores them.
export const iso = (d: Date): string => d.toISOString();
export const addMs = (d: Date, ms: number): string => new Date(d.getTime() + ms).toISOString();
