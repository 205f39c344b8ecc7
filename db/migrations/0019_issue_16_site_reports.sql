CREATE TABLE `open311_keys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`key_hash` text NOT NULL,
	`created_by_user_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`last_used_at` integer,
	`revoked_at` integer,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `open311_keys_hash_uq` ON `open311_keys` (`key_hash`);--> statement-breakpoint
CREATE TABLE `site_report_blocks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`value_hash` text NOT NULL,
	`reason` text NOT NULL,
	`report_id` integer,
	`created_by_user_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`report_id`) REFERENCES `site_reports`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `site_report_blocks_uq` ON `site_report_blocks` (`kind`,`value_hash`);--> statement-breakpoint
CREATE TABLE `site_report_categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`label` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `site_report_categories_code_uq` ON `site_report_categories` (`code`);--> statement-breakpoint
CREATE TABLE `site_report_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`report_id` integer NOT NULL,
	`at` integer NOT NULL,
	`status` text,
	`words` text NOT NULL,
	`public` integer DEFAULT true NOT NULL,
	`actor_user_id` integer,
	FOREIGN KEY (`report_id`) REFERENCES `site_reports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `site_report_events_report_idx` ON `site_report_events` (`report_id`,`at`);--> statement-breakpoint
CREATE TABLE `site_report_photos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`report_id` integer NOT NULL,
	`sha256` text NOT NULL,
	`mime_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`approved_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`report_id`) REFERENCES `site_reports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `site_report_photos_report_idx` ON `site_report_photos` (`report_id`);--> statement-breakpoint
CREATE TABLE `site_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`category_id` integer NOT NULL,
	`description` text NOT NULL,
	`place` text NOT NULL,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL,
	`observed_on` text NOT NULL,
	`observed_time` text,
	`project_id` integer,
	`matched_miles` real,
	`status` text DEFAULT 'received' NOT NULL,
	`status_changed_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`public_reason` text,
	`hidden` integer DEFAULT false NOT NULL,
	`hidden_reason` text,
	`reporter_name` text,
	`reporter_email` text,
	`reporter_phone` text,
	`ip_hash` text,
	`source` text DEFAULT 'web' NOT NULL,
	`open311_key_id` integer,
	`town_inspection_id` integer,
	`violation_id` integer,
	`enforcement_action_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `site_report_categories`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`open311_key_id`) REFERENCES `open311_keys`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`town_inspection_id`) REFERENCES `town_inspections`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`violation_id`) REFERENCES `violations`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`enforcement_action_id`) REFERENCES `enforcement_actions`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `site_reports_status_idx` ON `site_reports` (`hidden`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `site_reports_project_idx` ON `site_reports` (`project_id`,`created_at`);