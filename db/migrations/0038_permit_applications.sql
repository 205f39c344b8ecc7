CREATE TABLE `application_charges` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`application_id` integer NOT NULL,
	`kind` text NOT NULL,
	`description` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`on` text NOT NULL,
	`method` text,
	`reference` text,
	`recorded_by_user_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`application_id`) REFERENCES `permit_applications`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`recorded_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `application_charges_application_idx` ON `application_charges` (`application_id`,`kind`);--> statement-breakpoint
CREATE TABLE `permit_applications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`applicant_user_id` integer NOT NULL,
	`received_on` text NOT NULL,
	`intake` text DEFAULT 'submitted' NOT NULL,
	`intake_on` text,
	`intake_note` text,
	`intake_by_user_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`applicant_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`intake_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `permit_applications_project_uq` ON `permit_applications` (`project_id`);--> statement-breakpoint
CREATE INDEX `permit_applications_applicant_idx` ON `permit_applications` (`applicant_user_id`);--> statement-breakpoint
CREATE INDEX `permit_applications_intake_idx` ON `permit_applications` (`intake`,`received_on`);