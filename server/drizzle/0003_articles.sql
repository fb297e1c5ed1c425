CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" text PRIMARY KEY NOT NULL,
	"published" boolean NOT NULL,
	"published_on" date NOT NULL,
	"topic" text NOT NULL,
	"related_courses" jsonb NOT NULL,
	"texts" jsonb NOT NULL,
	"search_title_en" text NOT NULL,
	"search_text_en" text NOT NULL,
	"search_title_ar" text NOT NULL,
	"search_text_ar" text NOT NULL,
	"tsv_en" "tsvector" NOT NULL,
	"tsv_ar" "tsvector" NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "articles_topic_check" CHECK ("articles"."topic" in ('periods', 'contraception', 'pregnancy', 'menopause', 'sexual-health', 'intimate-health', 'emotional-wellbeing', 'body-and-health'))
);
--> statement-breakpoint
CREATE INDEX "articles_published_on_idx" ON "articles" USING btree ("published_on");--> statement-breakpoint
CREATE INDEX "articles_tsv_en_idx" ON "articles" USING gin ("tsv_en");--> statement-breakpoint
CREATE INDEX "articles_tsv_ar_idx" ON "articles" USING gin ("tsv_ar");
--> statement-breakpoint
CREATE TABLE "article_words" (
	"article_id" text NOT NULL,
	"locale" text NOT NULL,
	"word" text NOT NULL,
	"in_title" boolean NOT NULL,
	CONSTRAINT "article_words_article_id_locale_word_pk" PRIMARY KEY("article_id","locale","word"),
	CONSTRAINT "article_words_locale_check" CHECK ("article_words"."locale" in ('en', 'ar'))
);
--> statement-breakpoint
ALTER TABLE "article_words" ADD CONSTRAINT "article_words_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_words_word_trgm_idx" ON "article_words" USING gin ("word" gin_trgm_ops);
