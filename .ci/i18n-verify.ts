/**
 * `npm run i18n:verify` (part of `npm run check`), in the spirit of `formatjs verify`:
 * - en and ar have exactly the same ids (dotted, flat);
 * - every message parses as ICU; both languages use the same placeholders;
 * - every plural in Arabic gives the forms Arabic needs (zero, one, two, few, many, other);
 * - every message id the code uses (the app's src/, the server's server/) exists in both files;
 * - the server's own messages (`server.*`, never shipped to the browser) are used by the server
 *   only, and every error and field code of contract/errors.ts has a message (server/lib/i18n.ts).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { FIELD_CODES, SERVER_ERROR_CODES } from '../contract/errors.ts';
import { errorMessageId, fieldMessageId } from '../server/lib/i18n.ts';
import { SERVER_ONLY_PREFIX } from '../src/app/message-bundles.ts';

const root = new URL('..', import.meta.url).pathname;
const problems: string[] = [];
const load = (l: string) =>
  JSON.parse(readFileSync(join(root, 'lang', `${l}.json`), 'utf8')) as Record<string, string>;
const en = load('en');
const ar = load('ar');

for (const id of Object.keys(en)) if (!(id in ar)) problems.push(`ar lacks ${id}`);
for (const id of Object.keys(ar)) if (!(id in en)) problems.push(`en lacks ${id} (ar has it)`);
for (const [l, file] of [
  ['en', en],
  ['ar', ar],
] as const) {
  for (const [id, msg] of Object.entries(file)) {
    if (!/^[a-z][a-zA-Z0-9]*(\.[A-Za-z0-9_+-]+)+$/.test(id)) problems.push(`${l}: id ${id} is not dotted`);
    if (typeof msg !== 'string' || !msg.trim()) problems.push(`${l}: ${id} is empty`);
  }
}

function walk(
  els: MessageFormatElement[],
  args: Set<string>,
  plurals: { name: string; options: string[] }[],
) {
  for (const el of els) {
    if (
      el.type === TYPE.argument ||
      el.type === TYPE.number ||
      el.type === TYPE.date ||
      el.type === TYPE.time
    )
      args.add(el.value);
    if (el.type === TYPE.tag) {
      args.add(`<${el.value}>`);
      walk(el.children, args, plurals);
    }
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      args.add(el.value);
      if (el.type === TYPE.plural) plurals.push({ name: el.value, options: Object.keys(el.options) });
      for (const opt of Object.values(el.options)) walk(opt.value, args, plurals);
    }
  }
}

function shape(l: string, id: string, msg: string) {
  const args = new Set<string>();
  const plurals: { name: string; options: string[] }[] = [];
  try {
    walk(parse(msg), args, plurals);
  } catch (e) {
    problems.push(`${l}: ${id} is not valid ICU (${(e as Error).message})`);
  }
  return { args, plurals };
}

const ARABIC_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'];
for (const id of Object.keys(en)) {
  if (!(id in ar)) continue;
  const e = shape('en', id, en[id]);
  const a = shape('ar', id, ar[id]);
  const ea = [...e.args].sort().join(',');
  const aa = [...a.args].sort().join(',');
  if (ea !== aa) problems.push(`${id}: placeholders differ (en: ${ea || 'none'}; ar: ${aa || 'none'})`);
  for (const p of a.plurals) {
    const exact = p.options.filter((o) => o.startsWith('='));
    const missing = ARABIC_FORMS.filter((f) => !p.options.includes(f));
    if (
      missing.length &&
      !(exact.length && p.options.includes('other') && missing.every((f) => f === 'other'))
    )
      problems.push(`ar: ${id} plural {${p.name}} lacks Arabic forms: ${missing.join(', ')}`);
  }
}

// ids used in code: string literals whose first segment is a namespace of the catalogue
const namespaces = new Set(Object.keys(en).map((id) => id.split('.')[0]));
const collect = (dir: string, files: string[] = []) => {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) collect(p, files);
    else if (/\.(ts|tsx)$/.test(name)) files.push(p);
  }
  return files;
};
const literal = /(['"`])([a-z][a-zA-Z0-9]*\.[A-Za-z0-9_.+-]*[A-Za-z0-9_+])\1/g;
const uses = { src: 0, server: 0 };
// the server's files that speak through the catalogue (lib/i18n.ts and its `message` callers)
const speaks = /import \{[^}]*\b(?:message|plainMessage)\b[^}]*\} from '[^']*lib\/i18n\.ts'/;
for (const side of ['src', 'server'] as const) {
  for (const file of collect(join(root, side))) {
    const text = readFileSync(file, 'utf8');
    if (side === 'server' && !file.endsWith('/server/lib/i18n.ts') && !speaks.test(text)) continue;
    for (const m of text.matchAll(literal)) {
      const id = m[2];
      if (!namespaces.has(id.split('.')[0]) || /\.(tsx?|json|css|svg|png|js)$/.test(id)) continue;
      // machine events share the dotted style (`login.submit`): `type: '…'` is an event, not a message
      if (/\btype:\s*$/.test(text.slice(Math.max(0, (m.index ?? 0) - 12), m.index))) continue;
      uses[side]++;
      const where = file.slice(root.length);
      if (!(id in en)) problems.push(`${where} uses ${id}, missing from lang/en.json`);
      if (!(id in ar)) problems.push(`${where} uses ${id}, missing from lang/ar.json`);
      if (side === 'src' && id.startsWith(SERVER_ONLY_PREFIX))
        problems.push(`${where} uses ${id}: server.* messages never reach the browser`);
    }
  }
}

// every code the server answers with has its words (the app's id where it has one, else server.*)
for (const [kind, codes, idOf] of [
  ['error', SERVER_ERROR_CODES, errorMessageId],
  ['field', FIELD_CODES, fieldMessageId],
] as const) {
  for (const code of codes) {
    const { id } = (idOf as (c: string) => { id: string })(code);
    if (!(id in en) || !(id in ar)) problems.push(`${kind} code ${code}: its message ${id} is missing`);
  }
}

if (problems.length) {
  console.error(`i18n verify: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
const serverOwn = Object.keys(en).filter((id) => id.startsWith(SERVER_ONLY_PREFIX)).length;
console.log(
  `i18n verify: ${Object.keys(en).length} ids in en and ar (${serverOwn} the server's own), ${uses.src} uses in src, ${uses.server} in server, every error and field code worded, all consistent`,
);
