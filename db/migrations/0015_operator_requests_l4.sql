CREATE TABLE `operator_request_charges` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`request_id` integer NOT NULL,
	`code` text NOT NULL,
	`description` text NOT NULL,
	`quantity` integer NOT NULL,
	`unit_cents` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	FOREIGN KEY (`request_id`) REFERENCES `operator_requests`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `operator_request_charges_request_idx` ON `operator_request_charges` (`request_id`);--> statement-breakpoint
CREATE TABLE `operator_request_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`request_id` integer NOT NULL,
	`at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`actor_user_id` integer,
	`kind` text NOT NULL,
	`visible_to_requester` integer DEFAULT true NOT NULL,
	`body` text NOT NULL,
	FOREIGN KEY (`request_id`) REFERENCES `operator_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `operator_request_events_request_idx` ON `operator_request_events` (`request_id`,`at`);--> statement-breakpoint
CREATE TABLE `operator_request_files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`request_id` integer NOT NULL,
	`sha256` text NOT NULL,
	`file_name` text NOT NULL,
	`mime_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`uploaded_by_user_id` integer,
	`uploaded_at` integer NOT NULL,
	FOREIGN KEY (`request_id`) REFERENCES `operator_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`uploaded_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `operator_request_files_request_idx` ON `operator_request_files` (`request_id`);--> statement-breakpoint
CREATE TABLE `operator_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`number` text NOT NULL,
	`tracking_token_hash` text NOT NULL,
	`tracking_link_version` integer DEFAULT 1 NOT NULL,
	`project_id` integer NOT NULL,
	`channel` text DEFAULT 'web' NOT NULL,
	`status` text DEFAULT 'received' NOT NULL,
	`received_at` integer NOT NULL,
	`due_on` text NOT NULL,
	`wants_swppp` integer DEFAULT false NOT NULL,
	`reports_from` text,
	`reports_to` text,
	`description` text,
	`delivery` text DEFAULT 'electronic' NOT NULL,
	`requester_name` text NOT NULL,
	`requester_email` text,
	`requester_phone` text,
	`requester_address` text,
	`logged_by_user_id` integer,
	`answered_on` text,
	`available_on` text,
	`inspection_place` text,
	`inspection_at` integer,
	`copies_on` text,
	`copies_how` text,
	`bill_issued_at` integer,
	`bill_total_cents` integer,
	`town_limit_cents` integer,
	`actual_cost_statement` text,
	`paid_on` text,
	`payment_method` text,
	`payment_reference` text,
	`fulfilled_on` text,
	`withdrawn_on` text,
	`missed_notice_at` integer,
	`submission_key_hash` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`logged_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `operator_requests_number_uq` ON `operator_requests` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `operator_requests_token_uq` ON `operator_requests` (`tracking_token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `operator_requests_submission_uq` ON `operator_requests` (`submission_key_hash`);--> statement-breakpoint
CREATE INDEX `operator_requests_project_idx` ON `operator_requests` (`project_id`,`status`,`due_on`);--> statement-breakpoint
CREATE INDEX `operator_requests_status_idx` ON `operator_requests` (`status`,`due_on`);--> statement-breakpoint
CREATE TRIGGER `operator_requests_public_insert` AFTER INSERT ON `operator_requests` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `operator_requests_public_update` AFTER UPDATE ON `operator_requests` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `operator_requests_public_delete` AFTER DELETE ON `operator_requests` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
