// The container test's API steps: on instance 1 an author solves the proof of work, creates an
// article, writes its title and uploads a text file (to S3); instance 2 then reads the entry and the
// file with the same session (database, secret and store are shared).
// `node scripts/container-test/create-entry.mjs <base url 1> <base url 2>`
import { createHash } from 'node:crypto';

const [first, second] = process.argv.slice(2);
if (!first || !second) throw new Error('usage: create-entry.mjs <base url 1> <base url 2>');

let cookies = new Map();
let csrf = '';
async function call(base, method, path, { json, body, headers = {} } = {}) {
  const response = await fetch(new URL(`/api/v1/${path}`, base), {
    method,
    headers: {
      ...headers,
      ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      ...(method === 'GET' ? {} : { 'x-csrf-token': csrf }),
      cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    },
    body: json === undefined ? body : JSON.stringify(json),
  });
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair.indexOf('=');
    cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }
  csrf = response.headers.get('x-csrf-token') ?? csrf;
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${base} ${path}: ${response.status} ${text}`);
  return { response, data: text ? JSON.parse(text) : null };
}

/** The proof-of-work rule of DESIGN.md: SHA-256 of nonce + counter ends in `difficulty` zero bits. */
function solve(nonce, difficulty) {
  for (let counter = 0; ; counter++) {
    const digest = createHash('sha256')
      .update(nonce + String(counter))
      .digest();
    let bits = difficulty;
    let solved = true;
    for (let i = digest.length - 1; bits > 0 && solved; i--) {
      solved = bits >= 8 ? digest[i] === 0 : (digest[i] & ((1 << bits) - 1)) === 0;
      bits -= 8;
    }
    if (solved) return counter;
  }
}

await call(first, 'GET', 'auth');
const { data: challenge } = await call(first, 'GET', 'pow');
const token = challenge.data.token;
const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
const created = await call(first, 'POST', 'pow', {
  json: {
    solution: String(solve(claims.nonce, claims.difficulty)),
    cpt: 'article',
    password: 'Container-Test 2026!',
  },
  headers: { authorization: `Bearer ${token}` },
});
const id = created.response.headers.get('location').split('/').at(-1);
console.log(`entry ${id} created through instance 1 (difficulty ${claims.difficulty})`);

const title = `Container test ${new Date().toISOString()}`;
const entry = await call(first, 'GET', `anon/${id}`);
await call(first, 'PUT', `anon/${id}`, { json: { data: { ...entry.data.data, title } } });

const form = new FormData();
const text = `stored in S3 by the container test, ${title}\n`;
form.append('file', new Blob([text], { type: 'text/plain' }), 'container-test.txt');
const upload = await call(first, 'POST', `anon/${id}/files`, { body: form });
const fileUrl = upload.response.headers.get('location');
console.log(`file uploaded through instance 1: ${fileUrl}`);

const read = await call(second, 'GET', `anon/${id}`);
if (read.data.data.title !== title)
  throw new Error(`instance 2 read the title ${JSON.stringify(read.data.data.title)}`);
const file = await fetch(new URL(fileUrl, second), {
  headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
});
const content = await file.text();
if (!file.ok || content !== text)
  throw new Error(`instance 2 answered the file with ${file.status}: ${content}`);
console.log('instance 2 read the entry and its file');
