CREATE TABLE `site_report_followers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`report_id` integer NOT NULL,
	`email` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`confirm_token_hash` text NOT NULL,
	`confirm_expires_at` integer NOT NULL,
	`confirmed_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`report_id`) REFERENCES `site_reports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `site_report_followers_uq` ON `site_report_followers` (`report_id`,`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `site_report_followers_confirm_uq` ON `site_report_followers` (`confirm_token_hash`);--> statement-breakpoint
ALTER TABLE `site_report_events` ADD `from_resident` integer DEFAULT false NOT NULL;