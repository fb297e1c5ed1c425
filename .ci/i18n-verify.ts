/**
 * `npm run i18n:verify` (part of `npm run check`), in the spirit of `formatjs verify`:
 * - en and ar have exactly the same ids (dotted, flat);
 * - every message parses as ICU; both languages use the same placeholders;
 * - every plural in Arabic gives the forms Arabic needs (one, two, few, many, other);
 * - every message id the code uses exists in both files.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';

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

const ARABIC_FORMS = ['one', 'two', 'few', 'many', 'other'];
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
const files: string[] = [];
const collect = (dir: string) => {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) collect(p);
    else if (/\.(ts|tsx)$/.test(name)) files.push(p);
  }
};
collect(join(root, 'src'));
const literal = /(['"`])([a-z][a-zA-Z0-9]*\.[A-Za-z0-9_.+-]*[A-Za-z0-9_+])\1/g;
let used = 0;
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(literal)) {
    const id = m[2];
    if (!namespaces.has(id.split('.')[0]) || /\.(tsx?|json|css|svg|png|js)$/.test(id)) continue;
    // machine events share the dotted style (`login.submit`): `type: '…'` is an event, not a message
    if (/\btype:\s*$/.test(text.slice(Math.max(0, (m.index ?? 0) - 12), m.index))) continue;
    used++;
    if (!(id in en)) problems.push(`${file.slice(root.length)} uses ${id}, missing from lang/en.json`);
    if (!(id in ar)) problems.push(`${file.slice(root.length)} uses ${id}, missing from lang/ar.json`);
  }
}

if (problems.length) {
  console.error(`i18n verify: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`i18n verify: ${Object.keys(en).length} ids in en and ar, ${used} uses in src, all consistent`);
