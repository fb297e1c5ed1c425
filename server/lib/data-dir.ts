/**
 * The data dir holds the embedded database and, unless configured elsewhere, the generated pepper:
 * nothing in it is for other local users. The dir is made (or tightened, when it already exists)
 * to 0700, and every file under it to 0600 and every dir to 0700: PGlite writes its files 0666
 * whatever the process umask, so the modes are set here after it opens and again periodically.
 */
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates the dir (and parents) if missing, then sets it to 0700 whether new or old. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
}

/**
 * Sets 0700 on dir and the dirs below it and 0600 on the files, leaving symlinks alone. Returns how
 * many entries it changed. Files that vanish meanwhile (PGlite rotates some) are skipped.
 */
export function tightenTree(dir: string): number {
  let changed = 0;
  const visit = (path: string) => {
    let st: ReturnType<typeof lstatSync>;
    try {
      st = lstatSync(path);
    } catch {
      return;
    }
    if (st.isSymbolicLink()) return;
    const wanted = st.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
    if ((st.mode & 0o777) !== wanted) {
      try {
        chmodSync(path, wanted);
        changed++;
      } catch {}
    }
    if (st.isDirectory()) {
      let names: string[] = [];
      try {
        names = readdirSync(path);
      } catch {}
      for (const name of names) visit(join(path, name));
    }
  };
  visit(dir);
  return changed;
}
