/**
 * The experts directory: published experts with their call modes and consultation offers, filtered
 * by specialty, language and mode, and one expert's profile with her published courses. The
 * experts table is written by the content loader and by an admin's decision in the staff area
 * (issue 26: published, approved texts; domain/admin-experts.ts), and each of them moves the stored
 * content version in its transaction, so the table is read into memory once per content version
 * (the catalogue cache tells the version, and gives the courses) and every process shows a change
 * on its next request.
 */
import { asc } from 'drizzle-orm';
import type {
  ConsultationOffer,
  ExpertCard,
  ExpertProfile,
  ExpertsList,
  ExpertsQuery,
} from '../../contract/experts.ts';
import type { CallMode, ConsultLanguage, ExpertSpecialty } from '../../contract/experts-constants.ts';
import type { Db } from '../db/index.ts';
import { type ExpertOffer, type ExpertTexts, experts } from '../db/schema.ts';
import { avatarView } from '../lib/catalog.ts';
import { ApiError } from '../lib/errors.ts';
import type { Locale } from '../lib/i18n.ts';
import type { Catalogue, CatalogueCache } from './learning-catalogue.ts';

interface CachedExpert {
  id: string;
  published: boolean;
  avatarId: string;
  specialty: ExpertSpecialty;
  languages: ConsultLanguage[];
  modes: CallMode[];
  offers: ExpertOffer[];
  texts: Record<Locale, ExpertTexts>;
}

interface Directory {
  version: string;
  byId: Map<string, CachedExpert>;
  /** Published experts in display order. */
  published: CachedExpert[];
}

export interface ExpertsDeps {
  db: Db;
  catalogue: CatalogueCache;
}

export function createExperts({ db, catalogue }: ExpertsDeps) {
  let current: Directory = { version: '', byId: new Map(), published: [] };
  let loading: { version: string; promise: Promise<Directory> } | null = null;

  async function read(version: string): Promise<Directory> {
    const rows = await db.select().from(experts).orderBy(asc(experts.position), asc(experts.id));
    const all = rows.map(
      (r): CachedExpert => ({
        id: r.id,
        published: r.published,
        avatarId: r.avatarId,
        specialty: r.specialty as ExpertSpecialty,
        languages: r.languages as ConsultLanguage[],
        modes: r.modes as CallMode[],
        offers: r.offers,
        texts: r.texts,
      }),
    );
    return { version, byId: new Map(all.map((e) => [e.id, e])), published: all.filter((e) => e.published) };
  }

  /** The directory for the stored content version, and the catalogue of the same version. */
  async function directory(): Promise<{ dir: Directory; courses: Catalogue }> {
    const courses = await catalogue.get();
    if (current.version === courses.version && current.version !== '') return { dir: current, courses };
    if (loading?.version !== courses.version) {
      const promise = read(courses.version).then(
        (d) => {
          current = d;
          return d;
        },
        (e) => {
          loading = null;
          throw e;
        },
      );
      loading = { version: courses.version, promise };
    }
    return { dir: await loading.promise, courses };
  }

  return {
    /** Published experts matching every given filter, in display order. */
    async list(query: ExpertsQuery, locale: Locale): Promise<ExpertsList> {
      const { dir } = await directory();
      const items = dir.published
        .filter(
          (e) =>
            (!query.specialty || e.specialty === query.specialty) &&
            (!query.language || e.languages.includes(query.language)) &&
            (!query.mode || e.modes.includes(query.mode)),
        )
        .map((e) => expertCard(e, locale));
      return { items, total: items.length };
    },

    /** A published expert's profile, with her published courses (404 NOT_FOUND otherwise). */
    async profile(id: string, locale: Locale): Promise<ExpertProfile> {
      const { dir, courses } = await directory();
      const e = dir.byId.get(id);
      if (!e?.published) throw new ApiError('NOT_FOUND');
      const t = e.texts[locale];
      return {
        ...expertCard(e, locale),
        bio: t.bio,
        qualifications: t.qualifications,
        offers: e.offers.map(offerView),
        courses: courses.published
          .filter((c) => c.expert[locale].id === e.id)
          .map((c) => ({ id: c.id, title: c.texts[locale].title })),
      };
    },
  };
}
export type Experts = ReturnType<typeof createExperts>;

function offerView(o: ExpertOffer): ConsultationOffer {
  return { id: o.id, kind: o.kind, minutes: o.minutes, price: o.price, currency: 'USD' };
}

/** The lowest price of her paid consultations (cents). */
export function fromPrice(offers: ExpertOffer[]): number {
  const paid = offers.filter((o) => o.price > 0).map((o) => o.price);
  return paid.length ? Math.min(...paid) : 0;
}

function expertCard(e: CachedExpert, locale: Locale): ExpertCard {
  const { id, specialty, languages, modes } = e;
  const { name, title } = e.texts[locale];
  const avatar = avatarView(e.avatarId, locale);
  return {
    id,
    name,
    title,
    specialty,
    languages,
    modes,
    avatar,
    fromPrice: fromPrice(e.offers),
    currency: 'USD',
  };
}
