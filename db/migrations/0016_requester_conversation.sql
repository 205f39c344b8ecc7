CREATE TABLE `reply_templates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`body` text NOT NULL,
	`created_by_user_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reply_templates_name_uq` ON `reply_templates` (`name`);--> statement-breakpoint
CREATE TABLE `request_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`request_id` integer NOT NULL,
	`at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`sender` text NOT NULL,
	`author_user_id` integer,
	`kind` text DEFAULT 'message' NOT NULL,
	`body` text NOT NULL,
	FOREIGN KEY (`request_id`) REFERENCES `records_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `request_messages_request_idx` ON `request_messages` (`request_id`,`at`);--> statement-breakpoint
ALTER TABLE `records_requests` ADD `copies_ready_on` text;--> statement-breakpoint
ALTER TABLE `records_requests` ADD `picked_up_on` text;--> statement-breakpoint
ALTER TABLE `records_requests` ADD `mailed_on` text;--> statement-breakpoint
ALTER TABLE `records_requests` ADD `status_before_clarification` text;--> statement-breakpoint
ALTER TABLE `records_requests` ADD `clarification_answered_on` text;--> statement-breakpoint
ALTER TABLE `records_requests` ADD `duplicate_of_request_id` integer REFERENCES records_requests(id);--> statement-breakpoint
ALTER TABLE `records_requests` ADD `duplicate_closed_on` text;--> statement-breakpoint
ALTER TABLE `records_requests` ADD `duplicate_note` text;--> statement-breakpoint
CREATE INDEX `records_requests_received_idx` ON `records_requests` (`received_at`,`id`);--> statement-breakpoint
CREATE INDEX `records_requests_project_received_idx` ON `records_requests` (`project_id`,`received_at`,`id`);--> statement-breakpoint
CREATE INDEX `records_requests_email_idx` ON `records_requests` (`requester_email`,`received_at`);--> statement-breakpoint
CREATE INDEX `operator_requests_email_idx` ON `operator_requests` (`requester_email`,`received_at`);