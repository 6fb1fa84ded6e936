type TFiles = { js: Set<string>; css: Set<string> };
export function closure(manifest: Record<string, unknown>, keys: string[]): TFiles;
export function entryPageFiles(dist: string, modules: string[]): { entry: TFiles; route: TFiles };
