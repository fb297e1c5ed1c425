#!/usr/bin/env node
// Adds or replaces message ids in lang/en.json and lang/ar.json from two partial files, in one quick
// read-merge-write per file (several people may add strings at once): node .ci/lang-merge.mjs en.json ar.json
// New ids go after the last id that shares their first segment, so each screen's ids stay together.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const [enPartial, arPartial] = process.argv.slice(2);
if (!enPartial || !arPartial) {
  console.error('usage: node .ci/lang-merge.mjs <en-partial.json> <ar-partial.json>');
  process.exit(2);
}
for (const [lang, partialFile] of [
  ['en', enPartial],
  ['ar', arPartial],
]) {
  const partial = JSON.parse(readFileSync(partialFile, 'utf8'));
  const file = join(root, 'lang', `${lang}.json`);
  const current = JSON.parse(readFileSync(file, 'utf8'));
  const entries = Object.entries(current);
  for (const [id, msg] of Object.entries(partial)) {
    const at = entries.findIndex(([k]) => k === id);
    if (at >= 0) {
      entries[at] = [id, msg];
      continue;
    }
    const head = id.split('.')[0];
    let last = -1;
    entries.forEach(([k], i) => {
      if (k.split('.')[0] === head) last = i;
    });
    entries.splice(last >= 0 ? last + 1 : entries.length, 0, [id, msg]);
  }
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(Object.fromEntries(entries), null, 2)}\n`);
  renameSync(tmp, file);
  console.log(`${lang}: ${Object.keys(partial).length} ids merged`);
}
