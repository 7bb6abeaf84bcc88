// One SQLite reader on a worker thread (db/sqlite-pool.ts starts it): the reads it runs, however
// long, leave the server's event loop free. It answers each message in the order it came.
import { parentPort, workerData } from 'node:worker_threads';
import { openSqlite } from './sqlite-connection.ts';
import { cacheStatements } from './statement-cache.ts';
import type { WorkerAnswer, WorkerData, WorkerRequest } from './sqlite-pool.ts';

const { file } = workerData as WorkerData;
const port = parentPort!;
const sqlite = openSqlite(file);
// A reader never writes; SQLite refuses it should a statement slip through.
sqlite.pragma('query_only = ON');
const statements = cacheStatements(sqlite);

function hasBlob(rows: readonly Record<string, unknown>[]): boolean {
  for (const row of rows) {
    for (const key in row) if (Buffer.isBuffer(row[key])) return true;
  }
  return false;
}

function answer(request: WorkerRequest & { type: 'query' }): WorkerAnswer {
  // Buffers arrive as plain Uint8Arrays; better-sqlite3 binds them as blobs either way.
  const statement = statements.prepare(request.sql);
  // A statement that writes (a CTE that inserts, say) goes back to the writer.
  if (!statement.readonly || !statement.reader) return { type: 'not-readonly' };
  const started = performance.now();
  const rows = statement.all(request.parameters) as Record<string, unknown>[];
  return { type: 'rows', rows, blobs: hasBlob(rows), ms: performance.now() - started };
}

function errorAnswer(caught: unknown): WorkerAnswer {
  const error = caught as Error & { code?: unknown };
  return {
    type: 'error',
    name: error?.name ?? 'Error',
    message: error?.message ?? String(caught),
    code: typeof error?.code === 'string' ? error.code : undefined,
  };
}

port.on('message', (request: WorkerRequest) => {
  if (request.type === 'close') {
    statements.close();
    port.postMessage({ type: 'closed' } satisfies WorkerAnswer);
    port.close();
    return;
  }
  if (request.type === 'clear') {
    port.postMessage({ type: 'cleared', count: statements.clear() } satisfies WorkerAnswer);
    return;
  }
  if (request.type === 'checkpoint') {
    try {
      const [result] = sqlite.pragma('wal_checkpoint(PASSIVE)') as { log: number; checkpointed: number }[];
      port.postMessage({
        type: 'checkpointed',
        log: result!.log,
        checkpointed: result!.checkpointed,
      } satisfies WorkerAnswer);
    } catch (caught) {
      port.postMessage(errorAnswer(caught));
    }
    return;
  }
  if (request.type === 'count') {
    port.postMessage({ type: 'counted', count: statements.size() } satisfies WorkerAnswer);
    return;
  }
  let reply: WorkerAnswer;
  try {
    reply = answer(request);
  } catch (caught) {
    reply = errorAnswer(caught);
  }
  port.postMessage(reply);
});
