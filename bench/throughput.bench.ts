// Throughput per request, as a share of what bare Fastify manages: autocannon at 100 connections
// against the real server (request log at info, JSON) on SQLite and on PostgreSQL, for the API's
// root (no database: the floor every call stands on), an author reading their entry, a moderator's
// list, an author's save, and a reader's public list, one public entry and its reader's page (of
// PUBLISHED published articles); each call is framed by two
// runs of a bare Fastify route answering the same JSON or HTML (bench/anchor-server.ts), and the ratio is the
// server's requests per second to the mean of those two. Other work on the machine moves both
// alike; the load averages are kept beside the figures. Goal: reads at least 0.5, saves at least 0.25.
// Beside it, `cpu_ratio`: bare Fastify's CPU time per request over the server's (each process tree's
// user and system time), which other work on the machine moves far less; on PostgreSQL it leaves out
// the database server's own time. Each run keeps its system time per request apart
// (`system_us_per_request`): the kernel's part (the sockets), which bare Fastify pays too, against the
// user time of the server's own work.
//
// A fresh SQLite data folder and a fresh PostgreSQL database (created on BENCH_PG_URL, dropped
// after) get one draft per connection, each created through the proof-of-work call with its own
// author session. BENCH_DATABASES picks sqlite,postgres; BENCH_SECONDS the length of each run
// (default 5); BENCH_ROUNDS how many times each call is measured between its two anchor runs
// (default 1; the ratios are the rounds' medians, each round kept); BENCH_CALLS some of the calls by
// name (default all); BENCH_PORT the first of the two ports used (default random).
//
// On PostgreSQL running on this machine, each run of the server also notes the database server's
// CPU time per request (`database_cpu_us_per_request`): both share the machine's cores, which the
// ratio against bare Fastify (no database at all) does not show.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';
import type { AnchorAnswer } from './anchor-server.ts';
import {
  benchAccount,
  CONNECTIONS,
  createDraft,
  csrfOf,
  endTree,
  localPostgresPid,
  logIn,
  pound,
  type RunningServer,
  startServer,
  track,
  waitForHealth,
  withScratchPostgres,
  writeResult,
} from './support.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const PG_ADMIN_URL = process.env['BENCH_PG_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Number(process.env['BENCH_SECONDS'] ?? 5);
const ROUNDS = Math.max(1, Number(process.env['BENCH_ROUNDS'] ?? 1));
const FIRST_PORT = Number(process.env['BENCH_PORT'] ?? 20000 + Math.floor(Math.random() * 1000));
const GOALS = { read: 0.5, write: 0.25 } as const;
const ENTRY_PASSWORD = 'bench-entry-password';
/** Entries published for the readers' calls: a public list's default page and a few more. */
const PUBLISHED = 25;
/** What a published article has beside its title: the fields its type requires, a few paragraphs. */
const ARTICLE = {
  lead: 'The lead of a published article, a sentence or two that readers see first.',
  category: 'local',
  content: Array.from({ length: 4 }, (_, i) =>
    `## Part ${i + 1}\n\nA paragraph of **Markdown** with a [link](https://example.org/${i}). `.repeat(3),
  ).join('\n\n'),
};
const ONLY_CALLS = process.env['BENCH_CALLS']?.split(',');

type Author = { id: string; cookie: string; csrf: string; data: Record<string, unknown> };

/** A draft created as the web app creates one: a solved challenge, then the author's session. */
async function createAuthor(
  baseUrl: string,
  index: number,
  fields: Record<string, unknown> = {},
): Promise<Author> {
  const { id, cookie } = await createDraft(baseUrl, ENTRY_PASSWORD);
  const csrf = (await csrfOf(baseUrl, cookie)).token;
  const entry = (await (await fetch(`${baseUrl}/api/v1/anon/${id}`, { headers: { cookie } })).json()) as {
    data: Record<string, unknown>;
  };
  const data = {
    ...entry.data,
    title: `Bench entry ${index}`,
    content: `Text of entry ${index}.`,
    ...fields,
  };
  const saved = await fetch(`${baseUrl}/api/v1/anon/${id}`, {
    method: 'PUT',
    headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
    body: JSON.stringify({ data }),
  });
  if (!saved.ok) throw new Error(`the first save answered ${saved.status}`);
  return { id, cookie, csrf, data: ((await saved.json()) as { data: Record<string, unknown> }).data };
}

/** Publishes the entries as moderation does, in one bulk action. */
async function publish(baseUrl: string, moderatorCookie: string, ids: string[]): Promise<void> {
  const { token } = await csrfOf(baseUrl, moderatorCookie);
  const res = await fetch(`${baseUrl}/api/v1/admin/collection/entries/bulk`, {
    method: 'POST',
    headers: { cookie: moderatorCookie, 'x-csrf-token': token, 'content-type': 'application/json' },
    body: JSON.stringify({ ids, action: 'publish' }),
  });
  const answer = (await res.json()) as { data?: { results?: { ok: boolean }[] } };
  if (!res.ok || answer.data?.results?.some((r) => !r.ok)) {
    throw new Error(`publishing answered ${res.status}: ${JSON.stringify(answer)}`);
  }
}

/** The calls, each as autocannon options for a base URL (the server's or the anchor's). */
function calls(authors: Author[], moderatorCookie: string, published: string[]) {
  const reader = authors[0]!;
  return {
    // The API's root (the version and the entry types, no database) with an author's cookies: what
    // any call pays before its own work (session, CSRF token, headers, the log line, the answer's
    // write), the floor beneath the other reads.
    no_database: {
      kind: 'read' as const,
      key: 'GET /api/v1/',
      options: (url: string): autocannon.Options => ({
        url: `${url}/api/v1/`,
        headers: { cookie: reader.cookie },
      }),
    },
    author_read: {
      kind: 'read' as const,
      key: 'GET /api/v1/anon/:id',
      options: (url: string): autocannon.Options => ({
        url: `${url}/api/v1/anon/${reader.id}`,
        headers: { cookie: reader.cookie },
      }),
    },
    moderator_list: {
      kind: 'read' as const,
      key: 'GET /api/v1/admin/collection/entries',
      options: (url: string): autocannon.Options => ({
        url: `${url}/api/v1/admin/collection/entries?sort=updated_at:desc&current_page=1&page_size=20`,
        headers: { cookie: moderatorCookie },
      }),
    },
    // No two saves in flight are of one entry: each takes an entry no save in flight has (autocannon
    // gives a connection a fresh context for every request, so a connection cannot keep one) and
    // sends the revision its entry's last save answered.
    author_save: {
      kind: 'write' as const,
      key: 'PUT /api/v1/anon/:id',
      options: (url: string): autocannon.Options => {
        const free = authors.map((_, i) => i);
        return {
          url,
          requests: [
            {
              method: 'PUT',
              setupRequest: (request, context: { slot?: number }) => {
                // Only an answer lost to an error leaves no entry free.
                context.slot = free.pop() ?? Math.floor(Math.random() * authors.length);
                const author = authors[context.slot]!;
                const revision = author.data['revision'];
                return {
                  ...request,
                  path: `/api/v1/anon/${author.id}`,
                  headers: {
                    cookie: author.cookie,
                    'x-csrf-token': author.csrf,
                    'content-type': 'application/json',
                  },
                  body: JSON.stringify({
                    data: { ...author.data, revision, content: `Saved at ${Date.now()}.` },
                  }),
                };
              },
              // A save whose answer a run's end cut off leaves the revision stale: its 409 carries
              // the stored one. The anchor answers a fixed, older revision, which is never taken.
              onResponse: (status, body, context: { slot?: number }) => {
                const slot = context.slot!;
                free.push(slot);
                if (status !== 200 && status !== 409) return;
                const author = authors[slot]!;
                const revision = (JSON.parse(body) as Author).data['revision'] as number;
                if (revision > (author.data['revision'] as number)) author.data['revision'] = revision;
              },
            },
          ],
        };
      },
    },
    reader_list: {
      kind: 'read' as const,
      key: 'GET /api/v1/public/entries',
      options: (url: string): autocannon.Options => ({ url: `${url}/api/v1/public/entries` }),
    },
    reader_entry: {
      kind: 'read' as const,
      key: 'GET /api/v1/public/entries/:id',
      options: (url: string): autocannon.Options => ({ url: `${url}/api/v1/public/entries/${published[0]}` }),
    },
    reader_page: {
      kind: 'read' as const,
      key: 'GET /read/:id',
      options: (url: string): autocannon.Options => ({ url: `${url}/read/${published[0]}` }),
    },
  };
}

function startAnchor(port: number, answers: Record<string, AnchorAnswer>): Promise<RunningServer> {
  const file = join(mkdtempSync(join(tmpdir(), 'einwurf-bench-anchor-')), 'answers.json');
  writeFileSync(file, JSON.stringify(answers));
  const child = spawn('npx', ['tsx', 'anchor-server.ts', String(port), file], {
    cwd: here,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  track(child.pid!);
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = () => endTree(child.pid!);
  return waitForHealth(baseUrl, () => child.exitCode !== null).then(
    () => ({ baseUrl, pid: child.pid!, stop }),
    async (error: unknown) => {
      await stop();
      throw error;
    },
  );
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function benchServer(
  env: Record<string, string>,
  databasePid?: number,
): Promise<Record<string, unknown>> {
  let account: Awaited<ReturnType<typeof benchAccount>> | undefined;
  let server: RunningServer | undefined;
  let anchor: RunningServer | undefined;
  try {
    server = await startServer(
      {
        ...env,
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
        EINWURF_POW_DIFFICULTY: '1',
        EINWURF_POW_CHALLENGES_PER_MINUTE: '0',
        EINWURF_SAVES_PER_MINUTE: '0',
        EINWURF_CLIENT_SAVES_PER_MINUTE: '0',
      },
      FIRST_PORT,
    );
    // Made once the start has made the first admin, whose password a kept database may have changed.
    account = await benchAccount(env);
    const baseUrl = server.baseUrl;
    const authors: Author[] = [];
    for (let i = 0; i < CONNECTIONS; i += 1) authors.push(await createAuthor(baseUrl, i));
    const moderatorCookie = await logIn(baseUrl, account);
    const published: string[] = [];
    for (let i = 0; i < PUBLISHED; i += 1)
      published.push((await createAuthor(baseUrl, CONNECTIONS + i, ARTICLE)).id);
    await publish(baseUrl, moderatorCookie, published);
    const all = Object.fromEntries(
      Object.entries(calls(authors, moderatorCookie, published)).filter(
        ([name]) => ONLY_CALLS === undefined || ONLY_CALLS.includes(name),
      ),
    );

    // The anchor answers exactly what the server answered: the JSON, or a page's HTML.
    const answers: Record<string, AnchorAnswer> = {};
    for (const call of Object.values(all)) {
      const options = call.options(baseUrl);
      const request = options.requests?.[0];
      const setup = request?.setupRequest as
        ((request: autocannon.Request, context: object) => autocannon.Request) | undefined;
      const init = setup?.({ method: 'PUT', path: '/' } as autocannon.Request, {});
      const res = await fetch(init ? baseUrl + init.path : String(options.url), {
        method: init?.method ?? 'GET',
        headers: (init?.headers ?? options.headers) as Record<string, string>,
        ...(init?.body ? { body: String(init.body) } : {}),
      });
      if (!res.ok) throw new Error(`${call.key} answered ${res.status}`);
      const page = res.headers.get('content-type')?.startsWith('text/html') === true;
      const answer = page ? { html: await res.text() } : { json: await res.json() };
      answers[call.key] = answer;
      if (init) authors[0]!.data['revision'] = (answer.json as Author).data['revision'];
    }
    anchor = await startAnchor(FIRST_PORT + 1, answers);

    const results: Record<string, unknown> = {};
    for (const [name, call] of Object.entries(all)) {
      await pound({ ...call.options(server.baseUrl), duration: 1 }, SECONDS); // warm-up
      await pound({ ...call.options(anchor.baseUrl), duration: 1 }, SECONDS);
      const load = loadavg()[0];
      const rounds = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const before = await pound(call.options(anchor.baseUrl), SECONDS, anchor.pid);
        const measured = await pound(call.options(server.baseUrl), SECONDS, server.pid, databasePid);
        const after = await pound(call.options(anchor.baseUrl), SECONDS, anchor.pid);
        const bare = (before.per_second + after.per_second) / 2;
        // The same measure by CPU time per request (bare Fastify's over the server's), which the
        // machine's other work moves far less than requests per second.
        const bareCpu = (before.cpu_us_per_request! + after.cpu_us_per_request!) / 2;
        rounds.push({
          ratio: Number((measured.per_second / bare).toFixed(3)),
          cpu_ratio: Number((bareCpu / Math.max(1, measured.cpu_us_per_request!)).toFixed(3)),
          bare,
          bareCpu,
          measured,
          before,
          after,
        });
      }
      const ratio = median(rounds.map((r) => r.ratio));
      const cpuRatio = median(rounds.map((r) => r.cpu_ratio));
      // The figures printed are the round whose ratio is the median (the lower middle of an even count).
      const { measured, before, after, bare, bareCpu } = [...rounds].sort((a, b) => a.ratio - b.ratio)[
        Math.floor((rounds.length - 1) / 2)
      ]!;
      const goal = GOALS[call.kind];
      results[name] = {
        ratio,
        cpu_ratio: cpuRatio,
        goal,
        met: ratio >= goal,
        server: measured,
        bare_fastify: { before, after },
        ...(ROUNDS > 1
          ? {
              rounds: rounds.map((r) => ({
                ratio: r.ratio,
                cpu_ratio: r.cpu_ratio,
                server: r.measured,
                bare_fastify: { before: r.before, after: r.after },
              })),
            }
          : {}),
        load_1min: [load, loadavg()[0]],
      };
      const database =
        measured.database_cpu_us_per_request === undefined
          ? ''
          : `; database server ${measured.database_cpu_us_per_request} µs per request`;
      console.log(
        `${name}: ${measured.per_second}/s against bare Fastify ${Math.round(bare)}/s = ${(ratio * 100).toFixed(1)} % (goal ${goal * 100} %); CPU per request ${measured.cpu_us_per_request} µs (system ${measured.system_us_per_request}) against ${Math.round(bareCpu)} µs (system ${before.system_us_per_request}, ${after.system_us_per_request}) = ${(cpuRatio * 100).toFixed(1)} %${database}${ROUNDS > 1 ? ` (median of ${ROUNDS}: ${rounds.map((r) => (r.ratio * 100).toFixed(1)).join(', ')} %)` : ''}, load ${load?.toFixed(2)}`,
      );
    }
    return results;
  } finally {
    await anchor?.stop();
    await account?.remove();
    await server?.stop();
  }
}

async function runSqlite(): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'einwurf-bench-throughput-'));
  try {
    return await benchServer({ EINWURF_DATA_DIR: dataDir });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function runPostgres(): Promise<Record<string, unknown>> {
  return withScratchPostgres(PG_ADMIN_URL, 'throughput', (env) => benchServer(env, localPostgresPid()));
}

const only = process.env['BENCH_DATABASES']?.split(',') ?? ['sqlite', 'postgres'];
const result: Record<string, unknown> = {
  connections: CONNECTIONS,
  seconds_per_run: SECONDS,
  rounds: ROUNDS,
  goals: GOALS,
  load_at_start: loadavg(),
};
if (only.includes('sqlite')) result['sqlite'] = await runSqlite();
if (only.includes('postgres')) result['postgres'] = await runPostgres();
result['load_at_end'] = loadavg();
writeResult(process.env['BENCH_RESULT'] ?? 'throughput', result);
