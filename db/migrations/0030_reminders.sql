CREATE TABLE `reminder_digests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`day` text NOT NULL,
	`outbox_id` integer NOT NULL,
	`sent_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reminder_digests_user_day_uq` ON `reminder_digests` (`user_id`,`day`);--> statement-breakpoint
CREATE TABLE `reminder_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`digest_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`project_id` integer,
	`practice_id` integer,
	`duty` text NOT NULL,
	`due_on` text NOT NULL,
	`day` text NOT NULL,
	FOREIGN KEY (`digest_id`) REFERENCES `reminder_digests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`practice_id`) REFERENCES `stormwater_practices`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reminder_items_user_duty_uq` ON `reminder_items` (`user_id`,`project_id`,`duty`);--> statement-breakpoint
CREATE UNIQUE INDEX `reminder_items_user_practice_duty_uq` ON `reminder_items` (`user_id`,`duty`) WHERE "reminder_items"."project_id" is null;--> statement-breakpoint
CREATE INDEX `reminder_items_project_duty_idx` ON `reminder_items` (`project_id`,`duty`);--> statement-breakpoint
CREATE TABLE `reminder_preferences` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`inspection_days` integer,
	`summary_days` integer,
	`corrective_days` integer,
	`request_days` integer,
	`annual_report_days` integer,
	`guarantee_days` integer,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
