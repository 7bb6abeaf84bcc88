// `minio server <dir>`: s3rver on :9000 with MINIO_ROOT_USER/MINIO_ROOT_PASSWORD as its key pair.
// `mc ready local`, `mc alias set <name> <url> <key> <secret>`, `mc mb [--ignore-existing] <name>/<bucket>`.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// s3rver is installed globally (npm install -g): loaded from npm's global folder.
const require = createRequire(path.join(execSync('npm root -g').toString().trim(), 'noop.js'));
const [, , tool, ...args] = process.argv;
const aliasFile = path.join(process.env.HOME || '/root', '.mc-aliases.json');

async function main() {
  if (tool === 'minio') {
    if (args[0] !== 'server' || !args[1]) throw new Error('usage: minio server <dir>');
    const S3rver = require('s3rver');
    const { DUMMY_ACCOUNT } = require('s3rver/lib/models/account');
    DUMMY_ACCOUNT.createKeyPair(
      process.env.MINIO_ROOT_USER || 'minioadmin',
      process.env.MINIO_ROOT_PASSWORD || 'minioadmin',
    );
    fs.mkdirSync(args[1], { recursive: true });
    const server = new S3rver({ address: '0.0.0.0', port: 9000, directory: args[1], vhostBuckets: false });
    await server.run();
    console.log('S3 stand-in listening on :9000');
    for (const signal of ['SIGTERM', 'SIGINT'])
      process.on(signal, () => server.close().then(() => process.exit(0)));
    return;
  }
  const aliases = fs.existsSync(aliasFile) ? JSON.parse(fs.readFileSync(aliasFile, 'utf8')) : {};
  const [command, ...rest] = args;
  if (command === 'ready') {
    const response = await fetch(`${aliases[rest[0]] ?? 'http://127.0.0.1:9000'}/`);
    process.exit(response.ok ? 0 : 1);
  }
  if (command === 'alias' && rest[0] === 'set') {
    aliases[rest[1]] = rest[2].replace(/\/$/, '');
    fs.writeFileSync(aliasFile, JSON.stringify(aliases));
    console.log(`Added \`${rest[1]}\` successfully.`);
    return;
  }
  if (command === 'mb') {
    const target = rest.filter((a) => !a.startsWith('-')).at(0);
    const [alias, bucket] = target.split('/');
    if (!aliases[alias]) throw new Error(`unknown alias ${alias}`);
    const response = await fetch(`${aliases[alias]}/${bucket}`, { method: 'PUT' });
    if (!response.ok) throw new Error(`creating bucket ${bucket}: ${response.status}`);
    console.log(`Bucket created successfully \`${target}\`.`);
    return;
  }
  throw new Error(`mc stand-in: unsupported command ${args.join(' ')}`);
}
main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
