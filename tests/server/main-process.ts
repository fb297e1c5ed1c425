import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, expect } from 'vitest';

/**
 * The real entry point (server/main.ts) as its own process, for the tests that start, kill and
 * restart it (restart, commerce-crash, processes, payments-provider):
 *
 *   const main = mainProcesses();      // after each test: SIGKILL what still runs; after the file: its dirs removed
 *   const server = await main.start({ DATA_DIR: main.tempDir('amina-x-'), AUTH_PEPPER: PEPPER, DATABASE_URL: undefined });
 *   await api(server, 'POST', '/users/login', body, token, key);
 *   await main.stop(server);           // SIGTERM, and it exits 0
 *
 * The environment is this process's, on port 0 of 127.0.0.1 with info logs, then the test's: a name
 * given `undefined` is removed. `spawn` starts it without waiting (`listening()` is the line, or null).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

export type Env = Record<string, string | undefined>;
export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export interface Spawned {
  proc: ChildProcess;
  /** stdout and stderr as they came. */
  output: string[];
  exited: Promise<Exit>;
  /** The `count`-th "listening" log line, or null when it exits or `timeoutMs` passes first. */
  listening(count?: number, timeoutMs?: number): Promise<string | null>;
}

export interface Server extends Spawned {
  url: string;
}

export function mainProcesses() {
  const running = new Set<ChildProcess>();
  const dirs: string[] = [];
  afterEach(() => {
    for (const p of running) p.kill('SIGKILL');
  });
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  function spawnMain(env: Env): Spawned {
    const full: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' };
    for (const [name, value] of Object.entries(env)) {
      if (value === undefined) delete full[name];
      else full[name] = value;
    }
    // `node --import tsx` (not the tsx CLI, which forks): the pid we signal is the server itself
    const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: full,
      stdio: 'pipe',
    });
    running.add(proc);
    const output: string[] = [];
    let stdout = '';
    proc.stdout!.on('data', (c: Buffer) => {
      output.push(c.toString());
      stdout += c.toString();
    });
    proc.stderr!.on('data', (c: Buffer) => output.push(c.toString()));
    const exited = new Promise<Exit>((resolve) =>
      proc.on('exit', (code, signal) => {
        running.delete(proc);
        resolve({ code, signal });
      }),
    );
    const listening = (count = 1, timeoutMs = 60_000) =>
      new Promise<string | null>((resolve) => {
        const timer = setTimeout(() => done(null), timeoutMs);
        const look = () => {
          // whole lines only: a chunk may end inside one
          const lines = stdout.slice(0, stdout.lastIndexOf('\n') + 1).split('\n');
          const line = lines.filter((l) => l.includes('"listening"'))[count - 1];
          if (line) done(line);
        };
        const done = (line: string | null) => {
          clearTimeout(timer);
          proc.stdout!.off('data', look);
          resolve(line);
        };
        proc.stdout!.on('data', look);
        exited.then(() => done(null));
        look();
      });
    return { proc, output, exited, listening };
  }

  return {
    spawn: spawnMain,
    /** Starts it and resolves once `listeners` processes say they listen (its workers, with WORKERS). */
    async start(env: Env, { listeners = 1, timeoutMs = 60_000 } = {}): Promise<Server> {
      const spawned = spawnMain(env);
      const line = await spawned.listening(listeners, timeoutMs);
      if (line) return { ...spawned, url: `http://127.0.0.1:${JSON.parse(line).port}` };
      const gone = spawned.proc.exitCode !== null || spawned.proc.signalCode !== null;
      throw new Error(
        gone
          ? `server exited (${spawned.proc.exitCode}) before listening:\n${spawned.output.join('')}`
          : `server did not start:\n${spawned.output.join('')}`,
      );
    },
    /** A graceful stop: SIGTERM, and it exits 0. */
    async stop(server: Spawned) {
      server.proc.kill('SIGTERM');
      expect((await server.exited).code).toBe(0);
    },
    /** Until its exit event. */
    isRunning: (proc: ChildProcess) => running.has(proc),
    /** A fresh directory under the system's temp dir, removed after the file. */
    tempDir(prefix: string) {
      const d = mkdtempSync(join(tmpdir(), prefix));
      dirs.push(d);
      return d;
    },
  };
}

/** A JSON request to the server's API; the answer's status and parsed body. */
export async function api(
  server: Server,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  key?: string,
) {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}
