/**
 * `npm install`'s `prepare` step: points git at the repository's hooks (.githooks/, the commit-msg
 * check of CONTRIBUTING.md) with `git config core.hooksPath .githooks`. Never fails the install:
 * outside a git checkout (a copy, an unpacked archive), without git, or when core.hooksPath already
 * names other hooks, it says so and leaves things as they are.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HOOKS = '.githooks';

function git(...args) {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  return { ok: result.status === 0, out: (result.stdout ?? '').trim() };
}

function install() {
  if (!existsSync(path.join(root, HOOKS))) return `no ${HOOKS}/ folder`;
  const top = git('rev-parse', '--show-toplevel');
  if (!top.ok) return 'not a git checkout (or git is missing)';
  if (path.resolve(top.out) !== root) return `the git checkout is ${top.out}, not this folder`;
  const current = git('config', 'core.hooksPath');
  if (current.ok && current.out === HOOKS) return null;
  if (current.ok && current.out !== '')
    return `core.hooksPath is already ${current.out}; add ${HOOKS}/commit-msg there`;
  if (!git('config', 'core.hooksPath', HOOKS).ok) return 'git config failed';
  console.log(`git hooks: core.hooksPath set to ${HOOKS} (commit subjects of at most 72 characters)`);
  return null;
}

const skipped = install();
if (skipped) console.log(`git hooks not installed: ${skipped}.`);
