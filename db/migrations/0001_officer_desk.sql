CREATE TABLE `calendar_feed_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`last_used_at` integer,
	`revoked_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_feed_tokens_hash_uq` ON `calendar_feed_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `calendar_feed_tokens_user_idx` ON `calendar_feed_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `enforcement_documents` (
	`enforcement_action_id` integer NOT NULL,
	`document_id` integer NOT NULL,
	PRIMARY KEY(`enforcement_action_id`, `document_id`),
	FOREIGN KEY (`enforcement_action_id`) REFERENCES `enforcement_actions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `fine_payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`enforcement_action_id` integer NOT NULL,
	`received_on` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`method` text NOT NULL,
	`reference` text,
	`recorded_by_user_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`enforcement_action_id`) REFERENCES `enforcement_actions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`recorded_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `fine_payments_action_idx` ON `fine_payments` (`enforcement_action_id`);--> statement-breakpoint
CREATE TABLE `performance_guarantees` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`kind` text NOT NULL,
	`purpose` text DEFAULT 'construction_completion' NOT NULL,
	`amount_cents` integer NOT NULL,
	`institution` text NOT NULL,
	`reference` text,
	`received_on` text,
	`expires_on` text,
	`final_acceptance_on` text,
	`one_year_inspection_on` text,
	`released_on` text,
	`released_by_user_id` integer,
	`drawn_cents` integer DEFAULT 0 NOT NULL,
	`notes` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`released_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `performance_guarantees_project_idx` ON `performance_guarantees` (`project_id`);--> statement-breakpoint
ALTER TABLE `enforcement_actions` ADD `project_status_before` text;--> statement-breakpoint
ALTER TABLE `enforcement_actions` ADD `complied_on` text;--> statement-breakpoint
ALTER TABLE `parties` ADD `certification_document_id` integer REFERENCES documents(id);--> statement-breakpoint
ALTER TABLE `swppp_reviews` ADD `resubmitted_on` text;