/**
 * The experts, written only by the content loader (server/content/loader.ts) from their files;
 * their texts and offers are typed by the file format (contract/content.ts), so readers need no cast.
 */
import { boolean, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { ExpertFile } from '../../../contract/content.ts';
import type { Locale } from '../../../contract/locale.ts';
import { avatars } from './accounts.ts';
import { time } from './columns.ts';

type File = z.infer<typeof ExpertFile>;
/** Her name, title, bio and qualifications in one language, as her file gives them. */
export type ExpertTexts = File['en'];
/** A consultation offer as her file gives it (price in cents; the id is permanent). */
export type ExpertOffer = File['offers'][number];

export const experts = pgTable('experts', {
  id: text().primaryKey(),
  avatarId: text()
    .notNull()
    .references(() => avatars.id),
  specialty: text().notNull(),
  languages: jsonb().$type<string[]>().notNull(),
  /** { en: { name, title, bio, qualifications }, ar: { … } } */
  texts: jsonb().$type<Record<Locale, ExpertTexts>>().notNull(),
  hash: text().notNull(),
  // ── experts directory (issue 9, migration 0004_experts): display order, published, call modes and
  // consultation offers ([{ id, kind, minutes, price }], price in cents; offer ids are permanent)
  position: integer().notNull().default(0),
  published: boolean().notNull().default(true),
  modes: jsonb().$type<string[]>().notNull().default([]),
  offers: jsonb().$type<ExpertOffer[]>().notNull().default([]),
  // ── the staff side (issue 26, migration 0012_staff): once an admin published or unpublished her,
  // or approved her profile texts, the loader keeps `published`, or her title, bio and qualifications
  publishedSetAt: time(),
  textsApprovedAt: time(),
});
