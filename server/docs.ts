/**
 * /api/docs: a readable reference rendered on the server from the OpenAPI document (no CDN can be
 * reached here, so no Swagger UI). Its one inline style is allowed by hash in its own CSP.
 */
import { sha256Source } from './static.ts';

type Json = Record<string, unknown>;

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem 1.5rem;color:#2b2220;background:#fffaf5}
h1{color:#8a3b2e}h2{margin-top:2.5rem;border-bottom:2px solid #e9d6c8;padding-bottom:.25rem}
.op{border:1px solid #e9d6c8;border-radius:8px;margin:1rem 0;padding:.75rem 1rem;background:#fff}
.m{display:inline-block;min-width:4.2rem;font-weight:700;text-transform:uppercase;color:#fff;border-radius:4px;padding:0 .4rem;text-align:center}
.get{background:#2f7d6d}.post{background:#b5562f}.put,.patch{background:#8a6d1f}.delete{background:#9b2335}
code,pre{font:13px/1.4 ui-monospace,monospace}pre{background:#f6efe9;padding:.6rem;border-radius:6px;overflow:auto}
table{border-collapse:collapse}td,th{border-bottom:1px solid #eee;padding:.2rem .6rem;text-align:left;vertical-align:top}
.muted{color:#6d5f59}
`.trim();

export const DOCS_CSP = [
  "default-src 'none'",
  `style-src ${sha256Source(STYLE)}`,
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

function esc(s: unknown): string {
  return String(s ?? '').replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );
}

/** Replaces $ref with the component's name so examples stay short. */
function schemaText(schema: unknown): string {
  return JSON.stringify(
    schema,
    (_k, v) =>
      v && typeof v === 'object' && typeof v.$ref === 'string' ? `→ ${v.$ref.split('/').pop()}` : v,
    2,
  );
}

/** How a route is signed in: the member's bearer token or the staff cookie (issue 26). */
function securityNote(security: unknown): string {
  if (!Array.isArray(security) || !security.length) return '';
  const staff = security.some((s) => s && typeof s === 'object' && 'staffCookie' in s);
  return ` <span class="muted">· ${staff ? 'staff session cookie' : 'bearer token'}</span>`;
}

/** The staff side's tag: its routes are listed apart, after the members' API. */
const STAFF_TAG = 'staff';

export function renderDocs(doc: Json): string {
  const info = (doc.info ?? {}) as Json;
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Json>>;
  const byTag = new Map<string, string[]>();
  for (const [path, ops] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const tag = ((op.tags as string[] | undefined) ?? ['Other'])[0];
      const params = ((op.parameters as Json[] | undefined) ?? [])
        .map(
          (p) =>
            `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${p.required ? 'required' : 'optional'}</td></tr>`,
        )
        .join('');
      const body = ((op.requestBody as Json | undefined)?.content as Json | undefined)?.[
        'application/json'
      ] as Json | undefined;
      const responses = Object.entries((op.responses ?? {}) as Record<string, Json>)
        .map(([status, r]) => {
          const schema = ((r.content as Json | undefined)?.['application/json'] as Json | undefined)?.schema;
          return `<tr><td><b>${esc(status)}</b></td><td>${esc(r.description)}${schema ? `<pre>${esc(schemaText(schema))}</pre>` : ''}</td></tr>`;
        })
        .join('');
      const html = `<section class="op" id="${esc(`${method}-${path}`)}">
<div><span class="m ${esc(method)}">${esc(method)}</span> <code>${esc(path)}</code>${securityNote(op.security)}</div>
<p><b>${esc(op.summary)}</b>${op.description ? `<br><span class="muted">${esc(op.description)}</span>` : ''}</p>
${params ? `<h4>Parameters</h4><table>${params}</table>` : ''}
${body ? `<h4>Request body (application/json)</h4><pre>${esc(schemaText(body.schema))}</pre>` : ''}
<h4>Responses</h4><table>${responses}</table></section>`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
    }
  }
  const schemas = ((doc.components as Json | undefined)?.schemas ?? {}) as Record<string, unknown>;
  const schemaHtml = Object.entries(schemas)
    .map(([name, s]) => `<h3 id="schema-${esc(name)}">${esc(name)}</h3><pre>${esc(schemaText(s))}</pre>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(info.title)} · API reference</title><style>${STYLE}</style></head>
<body><h1>${esc(info.title)} <span class="muted">${esc(info.version)}</span></h1>
<p>${esc(info.description)}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${esc(doc.openapi)}).</p>
${[...byTag]
  .filter(([tag]) => tag !== STAFF_TAG)
  .map(([tag, ops]) => `<h2>${esc(tag)}</h2>${ops.join('\n')}`)
  .join('\n')}
${
  byTag.has(STAFF_TAG)
    ? `<h1 id="staff">Staff side</h1>
<p>For the team (experts, moderators, admins), apart from members: signed in with a password and a second factor, in the staff session cookie (HttpOnly, SameSite=Strict, Path=/api/staff), never a member's token. Each route admits the roles of contract/staff.ts STAFF_ROUTES.</p>
${(byTag.get(STAFF_TAG) ?? []).join('\n')}`
    : ''
}
<h2>Schemas</h2>${schemaHtml}
</body></html>`;
}
