ALTER TABLE "experts" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "modes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "offers" jsonb DEFAULT '[]'::jsonb NOT NULL;
