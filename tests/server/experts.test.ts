/**
 * The experts directory against the real content (server/content) plus one unpublished expert
 * added in a copy: the list and each filter alone and combined (expected sets computed from the
 * files, not written down here), bad filter values → 400 envelope, unknown id → 404, texts in the
 * Accept-Language, her courses on the profile, no unpublished expert anywhere. Runs on PGlite, and
 * on PostgreSQL with TEST_DATABASE_URL.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONTENT_DIR, type ExpertRow, loadContent, readContent } from '../../server/content/loader.ts';
import { fromPrice } from '../../server/domain/experts.ts';
import { expectEnvelope, get } from './helpers.ts';
import { setupTestDb, usingPostgres } from './test-db.ts';

const HIDDEN = 'hidden-expert';
const dir = mkdtempSync(join(tmpdir(), 'amina-experts-'));
cpSync(CONTENT_DIR, dir, { recursive: true });
const hidden = JSON.parse(readFileSync(join(CONTENT_DIR, 'experts', 'rim-toumi.json'), 'utf8'));
writeFileSync(
  join(dir, 'experts', `${HIDDEN}.json`),
  JSON.stringify({
    ...hidden,
    id: HIDDEN,
    published: false,
    en: { ...hidden.en, name: 'Hidden Expert' },
    ar: { ...hidden.ar, name: 'خبيرة مخفية' },
  }),
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const content = readContent(dir);
const { app } = await setupTestDb({ prepare: (fresh) => loadContent(fresh.db, dir) });

const published = content.experts.filter((e) => e.published).sort((a, b) => a.position - b.position);
const ids = (list: ExpertRow[]) => list.map((e: { id: string }) => e.id);
const list = (query = '', lang = 'en') =>
  get(app, `/p/experts${query}`, { headers: { 'accept-language': lang } });
const profile = (id: string, lang = 'en') =>
  get(app, `/p/experts/${id}`, { headers: { 'accept-language': lang } });

describe(`experts on ${usingPostgres() ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('has at least 8 published experts in the content, and one unpublished in this copy', () => {
    expect(published.length).toBeGreaterThanOrEqual(8);
    expect(content.experts.find((e) => e.id === HIDDEN)?.published).toBe(false);
  });

  it('lists every published expert in display order, in English, cacheable per language', async () => {
    const r = await list();
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('public, max-age=60');
    expect(r.headers.get('vary')).toContain('Accept-Language');
    expect(r.body.items.map((e: { id: string }) => e.id)).toEqual(ids(published));
    expect(r.body.total).toBe(published.length);
    for (const card of r.body.items) {
      const row = published.find((e) => e.id === card.id)!;
      expect(card).toEqual({
        id: row.id,
        name: row.texts.en.name,
        title: row.texts.en.title,
        specialty: row.specialty,
        languages: row.languages,
        modes: row.modes,
        avatar: { id: row.avatarId, url: `/avatars/${row.avatarId}.svg`, label: expect.any(String) },
        fromPrice: Math.min(...row.offers.filter((o) => o.kind === 'consultation').map((o) => o.price)),
        currency: 'USD',
      });
      expect(card.fromPrice).toBeGreaterThan(0);
    }
  });

  it('never shows an unpublished expert', async () => {
    for (const query of ['', '?specialty=nutrition', '?language=fr', '?mode=video']) {
      const r = await list(query);
      expect(r.status).toBe(200);
      expect(r.body.items.map((e: { id: string }) => e.id)).not.toContain(HIDDEN);
    }
    const r = await profile(HIDDEN);
    expect(r.status).toBe(404);
    expectEnvelope(r, 'NOT_FOUND');
  });

  describe('filters', () => {
    const cases: [string, (e: ExpertRow) => boolean][] = [
      ['?specialty=gynaecology', (e) => e.specialty === 'gynaecology'],
      ['?specialty=psychology', (e) => e.specialty === 'psychology'],
      ['?specialty=nutrition', (e) => e.specialty === 'nutrition'],
      ['?language=fr', (e) => e.languages.includes('fr')],
      ['?language=en', (e) => e.languages.includes('en')],
      ['?mode=voice', (e) => e.modes.includes('voice')],
      ['?mode=video', (e) => e.modes.includes('video')],
      [
        '?specialty=gynaecology&language=fr',
        (e) => e.specialty === 'gynaecology' && e.languages.includes('fr'),
      ],
      ['?specialty=psychology&mode=video', (e) => e.specialty === 'psychology' && e.modes.includes('video')],
      [
        '?specialty=gynaecology&language=fr&mode=video',
        (e) => e.specialty === 'gynaecology' && e.languages.includes('fr') && e.modes.includes('video'),
      ],
      ['?language=fr&mode=voice', (e) => e.languages.includes('fr') && e.modes.includes('voice')],
    ];
    for (const [query, keep] of cases) {
      it(`${query} keeps exactly the matching experts`, async () => {
        const expected = ids(published.filter(keep));
        const r = await list(query);
        expect(r.status).toBe(200);
        expect(r.body.items.map((e: { id: string }) => e.id)).toEqual(expected);
        expect(r.body.total).toBe(expected.length);
      });
    }

    it('each filter narrows the list, and some combination of them matches no one (an empty list, not an error)', async () => {
      const all = (await list()).body.total;
      for (const q of ['?specialty=midwifery', '?language=fr', '?mode=voice']) {
        const r = await list(q);
        expect(r.body.total).toBeGreaterThan(0);
        expect(r.body.total).toBeLessThan(all);
      }
      const nobody = published.filter((e) => e.specialty === 'nutrition' && e.modes.includes('voice'));
      expect(nobody).toEqual([]);
      const r = await list('?specialty=nutrition&mode=voice');
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ items: [], total: 0 });
    });

    it('refuses values that are not on the lists with a 400 envelope naming the field', async () => {
      const bad: [string, string][] = [
        ['?specialty=dentistry', 'specialty'],
        ['?specialty=', 'specialty'],
        ['?specialty=Gynaecology', 'specialty'],
        ['?language=de', 'language'],
        ['?language=AR', 'language'],
        ['?mode=chat', 'mode'],
        ['?mode=voice&mode=video', 'mode'],
        ['?specialty=psychology&mode=%00', 'mode'],
      ];
      for (const [query, field] of bad) {
        const r = await list(query);
        expect(r.status, query).toBe(400);
        expectEnvelope(r, 'VALIDATION_ERROR');
        expect(r.body.error.fieldCodes?.[field], query).toBe('INVALID');
      }
    });
  });

  it('speaks the Accept-Language: Arabic names, titles and qualifications', async () => {
    const r = await list('', 'ar');
    expect(r.body.items.map((e: { name: string }) => e.name)).toEqual(published.map((e) => e.texts.ar.name));
    const first = published[0];
    const p = await profile(first.id, 'ar');
    expect(p.body.bio).toBe(first.texts.ar.bio);
    expect(p.body.qualifications).toEqual(first.texts.ar.qualifications);
    // an unsupported language falls back to English
    const fr = await list('', 'fr-FR');
    expect(fr.body.items[0].name).toBe(first.texts.en.name);
  });

  it('gives a profile with bio, qualifications, the free discovery call, paid consultations and her courses', async () => {
    for (const row of published) {
      const r = await profile(row.id);
      expect(r.status).toBe(200);
      const p = r.body;
      expect(p.name).toBe(row.texts.en.name);
      expect(p.bio).toBe(row.texts.en.bio);
      expect(p.qualifications).toEqual(row.texts.en.qualifications);
      expect(p.offers).toEqual(row.offers.map((o) => ({ ...o, currency: 'USD' })));
      expect(p.offers.map((o: { id: string }) => o.id)).toEqual(['discovery-15', 'consult-30', 'consult-60']);
      expect(p.offers[0]).toMatchObject({ kind: 'discovery', minutes: 15, price: 0 });
      expect(p.offers[1].price).toBeGreaterThan(0);
      expect(p.offers[2].price).toBeGreaterThan(p.offers[1].price);
      expect(p.fromPrice).toBe(fromPrice(row.offers));
      const courses = content.courses
        .filter((c) => c.expertId === row.id && c.published)
        .sort((a, b) => a.position - b.position)
        .map((c) => ({ id: c.id, title: c.texts.en.title }));
      expect(p.courses).toEqual(courses);
    }
    // the catalogue's related consultants all have a page, with their course on it
    const salma = await profile('salma-nasser', 'ar');
    expect(salma.body.courses.length).toBeGreaterThanOrEqual(2);
    expect(salma.body.courses[0].title).toBe(
      content.courses.find((c) => c.id === salma.body.courses[0].id)!.texts.ar.title,
    );
  });

  it('answers an unknown expert with a 404 envelope and a malformed id with a 400', async () => {
    const r = await profile('nobody-here');
    expect(r.status).toBe(404);
    expectEnvelope(r, 'NOT_FOUND');
    const ar = await profile('nobody-here', 'ar');
    expect(ar.body.error.message).not.toBe(r.body.error.message);
    const bad = await profile('Not_An_Id');
    expect(bad.status).toBe(400);
    expectEnvelope(bad, 'VALIDATION_ERROR');
    const long = await profile('a'.repeat(200));
    expect(long.status).toBe(400);
  });

  it('documents both endpoints in the OpenAPI document', async () => {
    const r = await get(app, '/openapi.json');
    expect(Object.keys(r.body.paths)).toEqual(
      expect.arrayContaining(['/api/p/experts', '/api/p/experts/{expertId}']),
    );
    const params = r.body.paths['/api/p/experts'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(expect.arrayContaining(['specialty', 'language', 'mode']));
  });
});
