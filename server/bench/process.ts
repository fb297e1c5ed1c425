/**
 * What the benchmarks share: starting a server process and reading its port from the "listening"
 * log line, and stopping it. The app runs through its real entry point (server/main.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

/** The last 4 KB each process wrote to stderr, for the message when it dies. */
export const stderrTail = new Map<ChildProcess, string>();

/** Resolves with the port from the process's `{"msg":"listening","port":…}` line. */
export function waitForPort(proc: ChildProcess, name: string): Promise<number> {
  return new Promise((resolve, reject) => {
    let seen = '';
    stderrTail.set(proc, '');
    const timer = setTimeout(() => reject(new Error(`${name} did not start:\n${seen}`)), 120_000);
    proc.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const line = seen.split('\n').find((l) => l.includes('"listening"'));
      if (line) {
        clearTimeout(timer);
        resolve(JSON.parse(line).port);
        proc.stdout!.removeAllListeners('data');
        proc.stdout!.resume(); // keep draining the access log
      }
    });
    proc.stderr!.on('data', (c: Buffer) => {
      seen += c.toString();
      stderrTail.set(proc, (stderrTail.get(proc)! + c.toString()).slice(-4000));
    });
    proc.on('exit', (code) => reject(new Error(`${name} exited (${code}):\n${seen}`)));
  });
}

export async function stop(proc: ChildProcess) {
  if (proc.exitCode !== null) return;
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGTERM');
  await exited;
}

/** server/main.ts on a free loopback port with these settings (log level info: the port line). */
export function spawnApp(env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * A build (`distDir`) served by the real server on a fresh embedded database, as the browser
 * benchmarks (`npm run perf`, `npm run perf:profile`) load it; `close` stops it and removes its data.
 */
export async function serveBuild(distDir: string): Promise<{ base: string; close: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'amina-build-'));
  const proc = spawnApp({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    AUTH_RATE_LIMIT: '100000',
    DIST_DIR: distDir,
  });
  const close = async () => {
    await stop(proc);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    return { base: `http://127.0.0.1:${await waitForPort(proc, 'app server')}`, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Registers a member through the API and returns her alias, PIN and token. */
export async function registerMember(base: string, alias: string, pin = '480317') {
  const res = await fetch(`${base}/api/users/register/standard`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      alias,
      pin,
      pinConfirm: pin,
      securityAnswers: [
        { questionId: 'birth_city', answer: 'Al Ain' },
        { questionId: 'favourite_food', answer: 'Maqluba' },
        { questionId: 'childhood_street', answer: 'Corniche' },
      ],
      country: 'AE',
      avatarId: 'date-palm',
      ageRange: '25-34',
      isAdult: true,
      acceptTerms: true,
    }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  return { alias, pin, token };
}
