// The server process's entry. The compile cache is switched on before the server's modules load, so
// that it covers them; everything else starts in serve.ts.
import { keepCompiledCode } from './compile-cache.ts';

keepCompiledCode();
await import('./serve.ts');
