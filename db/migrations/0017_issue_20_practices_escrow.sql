CREATE TABLE `escrow_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`kind` text NOT NULL,
	`on` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`check_number` text,
	`professional` text,
	`description` text DEFAULT '' NOT NULL,
	`hundredths_of_hours` integer,
	`accepted_on` text,
	`recorded_by_user_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`recorded_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `escrow_entries_project_idx` ON `escrow_entries` (`project_id`,`on`);--> statement-breakpoint
CREATE TABLE `practice_inspections` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`practice_id` integer NOT NULL,
	`inspected_on` text NOT NULL,
	`reason` text NOT NULL,
	`condition` text NOT NULL,
	`inspector_name` text NOT NULL,
	`joint_agency` text,
	`complaint_source` text,
	`random_draw_id` integer,
	`findings` text DEFAULT '' NOT NULL,
	`recorded_by_user_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`practice_id`) REFERENCES `stormwater_practices`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`random_draw_id`) REFERENCES `practice_random_draws`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`recorded_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `practice_inspections_practice_idx` ON `practice_inspections` (`practice_id`,`inspected_on`);--> statement-breakpoint
CREATE TABLE `practice_maintenance_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`practice_id` integer NOT NULL,
	`inspection_id` integer NOT NULL,
	`description` text NOT NULL,
	`due_on` text NOT NULL,
	`reported_done_on` text,
	`closed_on` text,
	`closed_by_inspection_id` integer,
	FOREIGN KEY (`practice_id`) REFERENCES `stormwater_practices`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`inspection_id`) REFERENCES `practice_inspections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`closed_by_inspection_id`) REFERENCES `practice_inspections`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `practice_maintenance_items_practice_idx` ON `practice_maintenance_items` (`practice_id`,`closed_on`);--> statement-breakpoint
CREATE TABLE `practice_maintenance_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`practice_id` integer NOT NULL,
	`year` integer NOT NULL,
	`filed_on` text NOT NULL,
	`work_done` text NOT NULL,
	`sha256` text NOT NULL,
	`filename` text NOT NULL,
	`mime_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`filed_by_user_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`practice_id`) REFERENCES `stormwater_practices`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`filed_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `practice_maintenance_reports_practice_idx` ON `practice_maintenance_reports` (`practice_id`,`year`);--> statement-breakpoint
CREATE TABLE `practice_random_draws` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`drawn_on` text NOT NULL,
	`seed` text NOT NULL,
	`pool_ids` text NOT NULL,
	`chosen_ids` text NOT NULL,
	`drawn_by_user_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`drawn_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `stormwater_practices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`location` text NOT NULL,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL,
	`project_id` integer,
	`owner_kind` text NOT NULL,
	`owner_name` text NOT NULL,
	`maintainer_user_id` integer,
	`agreement_reference` text,
	`agreement_document_id` integer,
	`as_built_document_id` integer,
	`as_built_certified_by` text,
	`as_built_accepted_on` text,
	`as_built_accepted_by_user_id` integer,
	`dedicated_to_town` integer DEFAULT false NOT NULL,
	`in_service_on` text NOT NULL,
	`removed_on` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`maintainer_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`agreement_document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`as_built_document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`as_built_accepted_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `stormwater_practices_project_idx` ON `stormwater_practices` (`project_id`);--> statement-breakpoint
CREATE INDEX `stormwater_practices_type_idx` ON `stormwater_practices` (`type`,`name`);