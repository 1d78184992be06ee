/**
 * `npm start`: builds the client (vite build) when dist/client is missing or older than its
 * sources, then runs the server in production mode in one Node process. Ctrl+C and SIGTERM are
 * passed on so the server closes the embedded database cleanly before exiting.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'dist', 'client', 'index.html');
/** Everything the client build reads. */
const CLIENT_SOURCES = ['src/client', 'src/shared', 'public', 'index.html', 'vite.config.ts', 'package.json'];

/** Newest modification time under `target` (0 when it does not exist). */
function newestChange(target) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch (err) {
    if (err.code === 'ENOENT') return 0;
    throw err;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target)
    .reduce((newest, name) => Math.max(newest, newestChange(path.join(target, name))), stat.mtimeMs);
}

function buildReason() {
  if (!fs.existsSync(builtIndex)) return 'no client build yet';
  const builtAt = fs.statSync(builtIndex).mtimeMs;
  const changed = CLIENT_SOURCES.find((source) => newestChange(path.join(root, source)) > builtAt);
  return changed ? `${changed} changed since the last build` : null;
}

let current = null;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    // Ctrl+C reaches the child from the terminal too; forwarding covers `kill <pid>` of npm start.
    if (current && current.exitCode === null) current.kill(signal);
    else process.exit(128 + os.constants.signals[signal]);
  });
}

// `kill <pid of npm>` stops npm and its shell but does not reach us: when our parent goes away,
// stop the server as if it had been sent SIGTERM instead of leaving it running unattended.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.emit('SIGTERM', 'SIGTERM');
}, 1000).unref();

function run(args, env) {
  return new Promise((resolve) => {
    current = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env });
    current.on('exit', (code, signal) => resolve(code ?? 128 + os.constants.signals[signal]));
  });
}

const reason = buildReason();
if (reason) {
  console.log(`Building the client (${reason})...`);
  const code = await run([path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], process.env);
  if (code !== 0) {
    console.error('The client build failed; see the messages above.');
    process.exit(code);
  }
}

process.exit(
  await run(['--import', 'tsx', path.join('src', 'server', 'main.ts')], { ...process.env, NODE_ENV: 'production' }),
);
