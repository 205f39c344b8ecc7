CREATE TABLE `denial_grounds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`citation` text NOT NULL,
	`label` text NOT NULL,
	`statutory` integer DEFAULT false NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `request_appeals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`request_id` integer NOT NULL,
	`kind` text NOT NULL,
	`received_at` integer NOT NULL,
	`counts_from_on` text NOT NULL,
	`due_on` text NOT NULL,
	`body` text NOT NULL,
	`officer_user_id` integer,
	`outcome` text DEFAULT 'pending' NOT NULL,
	`decided_on` text,
	`decision_text` text,
	`decided_by_user_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`request_id`) REFERENCES `records_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`officer_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`decided_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `request_appeals_request_idx` ON `request_appeals` (`request_id`);--> statement-breakpoint
CREATE INDEX `request_appeals_outcome_idx` ON `request_appeals` (`outcome`,`due_on`);--> statement-breakpoint
ALTER TABLE `corrective_actions` ADD `due_reason` text;--> statement-breakpoint
ALTER TABLE `enforcement_actions` ADD `court_name` text;--> statement-breakpoint
ALTER TABLE `enforcement_actions` ADD `docket_number` text;--> statement-breakpoint
ALTER TABLE `enforcement_actions` ADD `convicted_on` text;--> statement-breakpoint
ALTER TABLE `performance_guarantees` ADD `one_year_inspection_acceptable` integer;--> statement-breakpoint
ALTER TABLE `performance_guarantees` ADD `removed_from_operation_on` text;--> statement-breakpoint
ALTER TABLE `projects` ADD `exemption` text;--> statement-breakpoint
ALTER TABLE `projects` ADD `exemption_note` text;--> statement-breakpoint
ALTER TABLE `projects` ADD `pre_construction_assessment_on` text;--> statement-breakpoint
ALTER TABLE `records_requests` ADD `denial_ground_id` integer REFERENCES denial_grounds(id);--> statement-breakpoint
ALTER TABLE `records_requests` ADD `missed_deadline_notice_at` integer;--> statement-breakpoint
ALTER TABLE `request_items` ADD `decision` text;--> statement-breakpoint
ALTER TABLE `request_items` ADD `denial_ground_id` integer REFERENCES denial_grounds(id);--> statement-breakpoint
ALTER TABLE `request_items` ADD `decision_reason` text;--> statement-breakpoint
ALTER TABLE `request_items` ADD `decided_on` text;--> statement-breakpoint
ALTER TABLE `request_items` ADD `decided_by_user_id` integer REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `request_items` ADD `withheld_document_ids` text;