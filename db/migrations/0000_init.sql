CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`actor_user_id` integer,
	`actor_label` text,
	`action` text NOT NULL,
	`entity_type` text NOT NULL,
	`entity_id` text,
	`before_json` text,
	`after_json` text,
	`ip` text,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `audit_log_entity_idx` ON `audit_log` (`entity_type`,`entity_id`,`at`);--> statement-breakpoint
CREATE INDEX `audit_log_at_idx` ON `audit_log` (`at`);--> statement-breakpoint
CREATE INDEX `audit_log_actor_idx` ON `audit_log` (`actor_user_id`,`at`);--> statement-breakpoint
CREATE TABLE `auth_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`purpose` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_by_user_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `auth_tokens_hash_uq` ON `auth_tokens` (`token_hash`);--> statement-breakpoint
CREATE TABLE `closures` (
	`date` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`created_by_user_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `corrective_actions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`opened_in_inspection_id` integer,
	`closed_in_inspection_id` integer,
	`description` text NOT NULL,
	`responsible_party` text,
	`due_on` text,
	`closed_on` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`opened_in_inspection_id`) REFERENCES `inspections`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`closed_in_inspection_id`) REFERENCES `inspections`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `corrective_actions_project_idx` ON `corrective_actions` (`project_id`,`closed_on`);--> statement-breakpoint
CREATE TABLE `documents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`type` text NOT NULL,
	`title` text NOT NULL,
	`filename` text NOT NULL,
	`sha256` text NOT NULL,
	`mime_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`page_count` integer DEFAULT 1 NOT NULL,
	`sheet_size` text DEFAULT 'letter' NOT NULL,
	`large_format_pages` integer DEFAULT 0 NOT NULL,
	`document_date` text,
	`public` integer DEFAULT false NOT NULL,
	`public_proposed` integer,
	`review_status` text DEFAULT 'accepted' NOT NULL,
	`supersedes_id` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`uploaded_by_user_id` integer,
	`uploaded_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`supersedes_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`uploaded_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `documents_project_idx` ON `documents` (`project_id`,`type`,`document_date`);--> statement-breakpoint
CREATE INDEX `documents_sha_idx` ON `documents` (`sha256`);--> statement-breakpoint
CREATE TABLE `enforcement_actions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`type` text NOT NULL,
	`category` text NOT NULL,
	`status` text DEFAULT 'issued' NOT NULL,
	`issued_on` text NOT NULL,
	`issued_by_user_id` integer,
	`issued_by_name` text,
	`cited_section` text,
	`summary` text NOT NULL,
	`required_measures` text,
	`comply_by` text,
	`closed_on` text,
	`lifted_on` text,
	`escalated_to_id` integer,
	`fine_daily_rate_cents` integer,
	`fine_days` integer,
	`fine_assessed_cents` integer,
	`fine_paid_cents` integer DEFAULT 0 NOT NULL,
	`fine_due_on` text,
	`fine_status` text,
	`notice_document_id` integer,
	`public` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`issued_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`escalated_to_id`) REFERENCES `enforcement_actions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`notice_document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `enforcement_project_idx` ON `enforcement_actions` (`project_id`,`issued_on`);--> statement-breakpoint
CREATE INDEX `enforcement_open_idx` ON `enforcement_actions` (`closed_on`,`type`);--> statement-breakpoint
CREATE TABLE `enforcement_violations` (
	`enforcement_action_id` integer NOT NULL,
	`violation_id` integer NOT NULL,
	PRIMARY KEY(`enforcement_action_id`, `violation_id`),
	FOREIGN KEY (`enforcement_action_id`) REFERENCES `enforcement_actions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`violation_id`) REFERENCES `violations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `fee_schedules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`effective_from` text NOT NULL,
	`per_page_cents` integer NOT NULL,
	`large_format_sheet_cents` integer NOT NULL,
	`electronic_cents` integer DEFAULT 0 NOT NULL,
	`cd_cents` integer NOT NULL,
	`usb_cents` integer NOT NULL,
	`staff_hourly_cents` integer,
	`notes` text,
	`created_by_user_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `inspection_notices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`milestone` text NOT NULL,
	`scheduled_for` integer NOT NULL,
	`given_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`given_by_user_id` integer,
	`notes` text,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`given_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `inspection_notices_project_idx` ON `inspection_notices` (`project_id`,`scheduled_for`);--> statement-breakpoint
CREATE TABLE `inspection_practices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`inspection_id` integer NOT NULL,
	`practice` text NOT NULL,
	`practice_type` text NOT NULL,
	`sediment_accumulation_pct` real,
	`condition` text DEFAULT 'good' NOT NULL,
	`notes` text,
	FOREIGN KEY (`inspection_id`) REFERENCES `inspections`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `inspection_practices_inspection_idx` ON `inspection_practices` (`inspection_id`);--> statement-breakpoint
CREATE TABLE `inspections` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`inspected_at` integer NOT NULL,
	`type` text NOT NULL,
	`inspector_name` text NOT NULL,
	`inspector_credential` text,
	`weather` text,
	`rain_since_last_inches` real,
	`storm_event_id` integer,
	`disturbed_acres_active` real,
	`disturbed_acres_inactive` real,
	`temp_stabilized_acres` real,
	`final_stabilized_acres` real,
	`disturbed_areas_notes` text,
	`next_fourteen_days_notes` text,
	`rill_gully_erosion` integer DEFAULT false NOT NULL,
	`sediment_leaving_site` integer DEFAULT false NOT NULL,
	`maintenance_needed` text,
	`deficiencies` text,
	`report_document_id` integer,
	`filed_by_user_id` integer,
	`filed_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`review_status` text DEFAULT 'filed' NOT NULL,
	`review_comment` text,
	`reviewed_by_user_id` integer,
	`reviewed_at` integer,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`storm_event_id`) REFERENCES `storm_events`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`report_document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`filed_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`reviewed_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `inspections_project_idx` ON `inspections` (`project_id`,`inspected_at`);--> statement-breakpoint
CREATE TABLE `invoice_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`invoice_id` integer NOT NULL,
	`code` text NOT NULL,
	`description` text NOT NULL,
	`quantity` real NOT NULL,
	`unit_cents` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`document_id` integer,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `invoice_lines_invoice_idx` ON `invoice_lines` (`invoice_id`);--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`number` text NOT NULL,
	`request_id` integer NOT NULL,
	`fee_schedule_id` integer NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`discount_cents` integer DEFAULT 0 NOT NULL,
	`discount_reason` text,
	`issued_at` integer,
	`issued_by_user_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`request_id`) REFERENCES `records_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`fee_schedule_id`) REFERENCES `fee_schedules`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`issued_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_number_uq` ON `invoices` (`number`);--> statement-breakpoint
CREATE INDEX `invoices_request_idx` ON `invoices` (`request_id`);--> statement-breakpoint
CREATE TABLE `monthly_summaries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`month` text NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`supersedes_id` integer,
	`superseded_at` integer,
	`inspections_done` integer DEFAULT 0 NOT NULL,
	`inspections_required` integer DEFAULT 0 NOT NULL,
	`storm_events` integer DEFAULT 0 NOT NULL,
	`post_storm_inspections` integer DEFAULT 0 NOT NULL,
	`acres_disturbed` real,
	`acres_stabilized` real,
	`corrective_opened` integer DEFAULT 0 NOT NULL,
	`corrective_closed` integer DEFAULT 0 NOT NULL,
	`corrective_open` integer DEFAULT 0 NOT NULL,
	`narrative` text DEFAULT '' NOT NULL,
	`certified_by_name` text,
	`certified_by_title` text,
	`certified_at` integer,
	`document_id` integer,
	`submitted_by_user_id` integer,
	`submitted_at` integer,
	`review_status` text DEFAULT 'filed' NOT NULL,
	`review_comment` text,
	`reviewed_by_user_id` integer,
	`reviewed_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`supersedes_id`) REFERENCES `monthly_summaries`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`submitted_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`reviewed_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `monthly_summaries_project_idx` ON `monthly_summaries` (`project_id`,`month`);--> statement-breakpoint
CREATE INDEX `monthly_summaries_submitted_idx` ON `monthly_summaries` (`submitted_at`);--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`text_body` text NOT NULL,
	`html_body` text,
	`headers_json` text,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`last_error` text,
	`sent_at` integer,
	`message_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `outbox_due_idx` ON `outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `parties` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`role` text NOT NULL,
	`company_name` text NOT NULL,
	`contact_name` text,
	`contact_title` text,
	`phone` text,
	`email` text,
	`license` text,
	`measures` text,
	`certified_on` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `parties_project_idx` ON `parties` (`project_id`,`role`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`invoice_id` integer NOT NULL,
	`received_at` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`method` text NOT NULL,
	`reference` text,
	`recorded_by_user_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`recorded_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `payments_invoice_idx` ON `payments` (`invoice_id`);--> statement-breakpoint
CREATE TABLE `project_members` (
	`project_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`project_id`, `user_id`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `project_members_user_idx` ON `project_members` (`user_id`);--> statement-breakpoint
CREATE TABLE `projects` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`site_address` text NOT NULL,
	`cross_street` text,
	`zip` text,
	`latitude` real,
	`longitude` real,
	`tax_map_parcels` text,
	`kind` text NOT NULL,
	`status` text NOT NULL,
	`nature_of_activity` text,
	`pre_development_land_use` text,
	`post_development_land_use` text,
	`total_site_acres` real,
	`disturbed_acres` real,
	`max_disturbed_at_once_acres` real,
	`existing_impervious_acres` real,
	`future_impervious_acres` real,
	`dec_five_acre_approval` integer DEFAULT false NOT NULL,
	`dec_five_acre_approval_on` text,
	`phasing` text,
	`phase_count` integer,
	`drains_to_ms4` integer DEFAULT false NOT NULL,
	`federal_wetland_buffer` integer DEFAULT false NOT NULL,
	`state_wetland_buffer` integer DEFAULT false NOT NULL,
	`watercourse_buffer` integer DEFAULT false NOT NULL,
	`buffer_notes` text,
	`post_construction_practices` text,
	`planned_start_on` text,
	`planned_completion_on` text,
	`actual_start_on` text,
	`town_permit_no` text,
	`spdes_permit_id` text,
	`noi_received_on` text,
	`final_stabilization_on` text,
	`not_filed_on` text,
	`winter_shutdown_from` text,
	`winter_shutdown_to` text,
	`published` integer DEFAULT true NOT NULL,
	`published_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `projects_slug_uq` ON `projects` (`slug`);--> statement-breakpoint
CREATE INDEX `projects_status_idx` ON `projects` (`published`,`status`,`name`);--> statement-breakpoint
CREATE INDEX `projects_kind_idx` ON `projects` (`published`,`kind`,`name`);--> statement-breakpoint
CREATE INDEX `projects_name_idx` ON `projects` (`published`,`name`);--> statement-breakpoint
CREATE INDEX `projects_updated_idx` ON `projects` (`published`,`updated_at`);--> statement-breakpoint
CREATE INDEX `projects_start_idx` ON `projects` (`published`,`planned_start_on`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `receiving_waters` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`name` text NOT NULL,
	`water_type` text NOT NULL,
	`impaired` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `receiving_waters_project_idx` ON `receiving_waters` (`project_id`);--> statement-breakpoint
CREATE TABLE `records_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`number` text NOT NULL,
	`tracking_token_hash` text NOT NULL,
	`project_id` integer,
	`channel` text DEFAULT 'web' NOT NULL,
	`status` text DEFAULT 'received' NOT NULL,
	`received_at` integer NOT NULL,
	`due_on` text NOT NULL,
	`acknowledged_on` text,
	`promised_on` text,
	`extension_reason` text,
	`description` text,
	`delivery` text DEFAULT 'electronic' NOT NULL,
	`cost_limit_cents` integer,
	`cost_approved_at` integer,
	`requester_name` text NOT NULL,
	`requester_email` text,
	`requester_phone` text,
	`requester_address` text,
	`denied_on` text,
	`denial_reason` text,
	`fulfilled_on` text,
	`withdrawn_on` text,
	`entered_by_user_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`entered_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `records_requests_number_uq` ON `records_requests` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `records_requests_token_uq` ON `records_requests` (`tracking_token_hash`);--> statement-breakpoint
CREATE INDEX `records_requests_due_idx` ON `records_requests` (`status`,`due_on`);--> statement-breakpoint
CREATE INDEX `records_requests_project_idx` ON `records_requests` (`project_id`);--> statement-breakpoint
CREATE TABLE `request_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`request_id` integer NOT NULL,
	`at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`actor_user_id` integer,
	`kind` text NOT NULL,
	`visible_to_requester` integer DEFAULT false NOT NULL,
	`body` text NOT NULL,
	FOREIGN KEY (`request_id`) REFERENCES `records_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `request_events_request_idx` ON `request_events` (`request_id`,`at`);--> statement-breakpoint
CREATE TABLE `request_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`request_id` integer NOT NULL,
	`document_id` integer,
	`description` text,
	`date_from` text,
	`date_to` text,
	`pages` integer,
	`large_format_sheets` integer,
	`released_at` integer,
	FOREIGN KEY (`request_id`) REFERENCES `records_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `request_items_request_idx` ON `request_items` (`request_id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`last_seen_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL,
	`ip` text,
	`user_agent` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `storm_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ended_at` integer NOT NULL,
	`inches` real NOT NULL,
	`gauge` text,
	`source` text DEFAULT 'manual' NOT NULL,
	`recorded_by_user_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`recorded_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `storm_events_ended_idx` ON `storm_events` (`ended_at`);--> statement-breakpoint
CREATE TABLE `swppp_reviews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`document_id` integer,
	`received_on` text NOT NULL,
	`complete_on` text,
	`deficiencies_notified_on` text,
	`deficiencies` text,
	`decision` text,
	`decided_on` text,
	`conditions` text,
	`reasons` text,
	`extended_until` text,
	`extension_note` text,
	`decided_by_user_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`decided_by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `swppp_reviews_project_idx` ON `swppp_reviews` (`project_id`,`received_on`);--> statement-breakpoint
CREATE TABLE `town_inspections` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`notice_id` integer,
	`milestone` text,
	`inspected_on` text NOT NULL,
	`inspector_user_id` integer,
	`outcome` text NOT NULL,
	`findings` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`notice_id`) REFERENCES `inspection_notices`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`inspector_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `town_inspections_project_idx` ON `town_inspections` (`project_id`,`inspected_on`);--> statement-breakpoint
CREATE TABLE `user_roles` (
	`user_id` integer NOT NULL,
	`role` text NOT NULL,
	PRIMARY KEY(`user_id`, `role`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`title` text,
	`password_hash` text,
	`disabled` integer DEFAULT false NOT NULL,
	`last_sign_in_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_uq` ON `users` (`email`);--> statement-breakpoint
CREATE TABLE `violations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`project_id` integer NOT NULL,
	`observed_on` text NOT NULL,
	`description` text NOT NULL,
	`ordinance_section` text,
	`town_inspection_id` integer,
	`corrected_on` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`town_inspection_id`) REFERENCES `town_inspections`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `violations_project_idx` ON `violations` (`project_id`,`observed_on`);