// Types of build.mjs, for its test.
export const SERVER_DIST: string;
export const SERVER_ENTRIES: Record<'main' | 'cli', string>;
export const SERVER_SOURCES: string[];
export function isServerBuildFresh(dist?: string, options?: { base?: string; sources?: string[] }): boolean;
export function buildServer(options?: { outdir?: string }): Promise<void>;
