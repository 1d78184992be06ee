/**
 * Playwright global setup of the PWA fault test: builds the client twice, as builds "a" and "b"
 * (see vite-build-marker.config.ts), into private folders. FAULTS_CLIENT_DIR names an existing
 * parent folder with both builds, to skip building.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const BUILDS = ['a', 'b'] as const;

export default function buildClients() {
  if (process.env.FAULTS_CLIENT_DIR) return;
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'trabot-faults-builds-'));
  for (const build of BUILDS) {
    const outDir = path.join(parent, build);
    const result = spawnSync(
      'npx',
      [
        'vite',
        'build',
        '--config',
        'tests/faults/support/vite-build-marker.config.ts',
        '--outDir',
        outDir,
        '--emptyOutDir',
        '--logLevel',
        'warn',
      ],
      {
        stdio: 'inherit',
        env: { ...process.env, TRABOT_FAULTS_BUILD: build },
      },
    );
    if (result.status !== 0) throw new Error(`vite build of build ${build} failed`);
  }
  process.env.FAULTS_CLIENT_DIR = parent;
  return () => fs.rmSync(parent, { recursive: true, force: true });
}
