ALTER TABLE `invoices` ADD `voided_at` integer;--> statement-breakpoint
ALTER TABLE `invoices` ADD `void_reason` text;--> statement-breakpoint
ALTER TABLE `records_requests` ADD `respond_by` text;--> statement-breakpoint
ALTER TABLE `records_requests` ADD `tracking_link_version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `records_requests` ADD `submission_key_hash` text;--> statement-breakpoint
ALTER TABLE `records_requests` ADD `submission_fingerprint` text;--> statement-breakpoint
ALTER TABLE `records_requests` ADD `estimate_cents` integer;--> statement-breakpoint
ALTER TABLE `records_requests` ADD `cost_approval_requested_at` integer;--> statement-breakpoint
ALTER TABLE `records_requests` ADD `cost_approved_cents` integer;--> statement-breakpoint
CREATE INDEX `records_requests_queue_idx` ON `records_requests` ((respond_by is null),`respond_by`,`due_on`,`received_at`,`id`,`status`);--> statement-breakpoint
CREATE INDEX `records_requests_status_respond_idx` ON `records_requests` (`status`,`respond_by`,`due_on`,`received_at`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `records_requests_submission_uq` ON `records_requests` (`submission_key_hash`);--> statement-breakpoint
ALTER TABLE `request_items` ADD `document_type` text;--> statement-breakpoint
ALTER TABLE `request_items` ADD `file_sha256` text;--> statement-breakpoint
ALTER TABLE `request_items` ADD `file_name` text;--> statement-breakpoint
ALTER TABLE `request_items` ADD `file_mime_type` text;--> statement-breakpoint
ALTER TABLE `request_items` ADD `file_size_bytes` integer;--> statement-breakpoint
ALTER TABLE `request_items` ADD `added_by_user_id` integer REFERENCES users(id);