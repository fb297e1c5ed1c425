/**
 * `npm run dev`: Vite on :5173 (proxying /api to the server) and the API server in watch mode,
 * together. Signals go to both; when either exits, the other is stopped and dev exits with its code.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name: string) => fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url));

const children: ChildProcess[] = [
  spawn(bin('vite'), [], { cwd: root, stdio: 'inherit', env: process.env }),
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  }),
];

let exiting = false;
/** The exit status of whichever child ended first: that is the one that matters. */
let status: number | undefined;
function stopAll(signal: NodeJS.Signals) {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  }
}

for (const child of children) {
  child.on('exit', (code, signal) => {
    status ??= exiting ? 0 : (code ?? (signal ? 1 : 0));
    if (!exiting) {
      exiting = true;
      stopAll('SIGTERM');
    }
    if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(status);
  });
  child.on('error', (e) => {
    process.stderr.write(`dev: ${e.message}\n`);
    exiting = true;
    stopAll('SIGTERM');
    process.exitCode = 1;
  });
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    exiting = true;
    stopAll(signal);
  });
}
