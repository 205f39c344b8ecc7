CREATE TABLE `milestone_plans` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`milestone` text NOT NULL,
	`planned_on` text NOT NULL,
	`recorded_by_user_id` integer,
	`recorded_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`recorded_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `milestone_plans_project_milestone_idx` ON `milestone_plans` (`project_id`,`milestone`);--> statement-breakpoint
ALTER TABLE `reminder_preferences` ADD `milestone_days` integer DEFAULT 3;