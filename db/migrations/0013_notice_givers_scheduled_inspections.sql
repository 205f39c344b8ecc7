CREATE TABLE `scheduled_inspections` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`notice_id` integer,
	`milestone` text,
	`scheduled_for` integer NOT NULL,
	`scheduled_by_user_id` integer,
	`notes` text,
	`town_inspection_id` integer,
	`cancelled_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`notice_id`) REFERENCES `inspection_notices`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`scheduled_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`town_inspection_id`) REFERENCES `town_inspections`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `scheduled_inspections_when_idx` ON `scheduled_inspections` (`scheduled_for`);--> statement-breakpoint
CREATE INDEX `scheduled_inspections_project_idx` ON `scheduled_inspections` (`project_id`,`scheduled_for`);--> statement-breakpoint
ALTER TABLE `inspection_notices` ADD `given_by_name` text;--> statement-breakpoint
-- Notices an operator gave in the portal: the giver is the account that recorded it. Notices the officer
-- took by phone before this column keep "Taken by … from …" in their notes, and no name is guessed.
UPDATE `inspection_notices` SET `given_by_name` = (SELECT `name` FROM `users` WHERE `users`.`id` = `inspection_notices`.`given_by_user_id`) WHERE `given_by_name` IS NULL AND `given_by_user_id` IS NOT NULL AND (`notes` IS NULL OR `notes` NOT LIKE 'Taken by % from %');
--> statement-breakpoint
-- Document titles never nest parentheses ("(post-storm inspection (within 24 hours))").
UPDATE `documents` SET `title` = replace(`title`, '(post-storm inspection (within 24 hours))', '(post-storm inspection, within 24 hours)') WHERE `type` = 'inspection_report' AND `title` LIKE '%(within 24 hours))%';
