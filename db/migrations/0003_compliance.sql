CREATE TABLE `inspection_inactive_areas` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`inspection_id` integer NOT NULL,
	`area` text NOT NULL,
	`acres` real,
	`work_stopped_on` text NOT NULL,
	`stabilization_begun_on` text,
	`resumes_on` text,
	FOREIGN KEY (`inspection_id`) REFERENCES `inspections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `inspection_inactive_areas_inspection_idx` ON `inspection_inactive_areas` (`inspection_id`);--> statement-breakpoint
CREATE TABLE `monthly_summary_documents` (
	`summary_id` integer NOT NULL,
	`document_id` integer NOT NULL,
	PRIMARY KEY(`summary_id`, `document_id`),
	FOREIGN KEY (`summary_id`) REFERENCES `monthly_summaries`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `documents` ADD `review_comment` text;--> statement-breakpoint
ALTER TABLE `documents` ADD `reviewed_by_user_id` integer REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `documents` ADD `reviewed_at` integer;--> statement-breakpoint
ALTER TABLE `inspections` ADD `snow_cover` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `inspections` ADD `supersedes_id` integer REFERENCES inspections(id);--> statement-breakpoint
ALTER TABLE `inspections` ADD `superseded_at` integer;--> statement-breakpoint
ALTER TABLE `monthly_summaries` ADD `correction_note` text;--> statement-breakpoint
ALTER TABLE `storm_events` ADD `station` text;