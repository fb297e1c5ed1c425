/**
 * The detail pages the sitemap lists and the shell describes (server/site-meta.ts `DetailSource`):
 * one source per kind of page read from the database. Add a source here and pass it in app.ts.
 */
import type { CatalogueCache } from './domain/learning-catalogue.ts';
import type { DetailSource } from './site-meta.ts';

/** /courses/:id: published courses, their title and summary (the cached catalogue). */
export function coursesSource(catalogue: CatalogueCache): DetailSource {
  return {
    prefix: '/courses/',
    async get(id) {
      const course = (await catalogue.get()).byId.get(id);
      if (!course?.published) return null;
      return {
        title: { en: course.texts.en.title, ar: course.texts.ar.title },
        description: { en: course.texts.en.summary, ar: course.texts.ar.summary },
      };
    },
    async ids() {
      return (await catalogue.get()).published.map((c) => c.id);
    },
  };
}
