-- 0009_content_review (issue 24): each course's and article's sources and review dates (written by the content loader;
-- null dates only in rows stored before; ADD COLUMN with a constant default rewrites no table, PostgreSQL 11+)
ALTER TABLE "articles" ADD COLUMN "sources" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "reviewed_on" date;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "next_review" date;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "sources" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "reviewed_on" date;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "next_review" date;
