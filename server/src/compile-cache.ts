import module from 'node:module';

type CompileCacheResult = { status: number; message?: string; directory?: string };
type WithCompileCache = { enableCompileCache?: (directory?: string) => CompileCacheResult };

/**
 * Lets Node (22.1 and later) keep V8's compiled code of the modules loaded after this call and use it
 * at later starts, so the server's bundle is not parsed and compiled anew at each start. The code is
 * kept in the folder `NODE_COMPILE_CACHE` names, else in the system's temporary folder;
 * `NODE_DISABLE_COMPILE_CACHE=1` turns it off. A folder that cannot be written means no cache, not an
 * error. Node 20 has no such cache: there this does nothing and answers undefined.
 */
export function keepCompiledCode(): CompileCacheResult | undefined {
  return (module as WithCompileCache).enableCompileCache?.();
}
