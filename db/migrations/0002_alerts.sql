CREATE TABLE `alert_deliveries` (
	`subscription_id` integer NOT NULL,
	`event_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`sent_at` integer,
	`outbox_id` integer,
	PRIMARY KEY(`subscription_id`, `event_id`),
	FOREIGN KEY (`subscription_id`) REFERENCES `alert_subscriptions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `alert_events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`outbox_id`) REFERENCES `outbox`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `alert_deliveries_pending_idx` ON `alert_deliveries` (`sent_at`,`subscription_id`);--> statement-breakpoint
CREATE TABLE `alert_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`entity_id` integer NOT NULL,
	`project_id` integer NOT NULL,
	`occurred_at` integer NOT NULL,
	`title` text NOT NULL,
	`summary` text NOT NULL,
	`path` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `alert_events_entity_uq` ON `alert_events` (`kind`,`entity_id`);--> statement-breakpoint
CREATE INDEX `alert_events_project_idx` ON `alert_events` (`project_id`);--> statement-breakpoint
CREATE TABLE `alert_subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`target` text NOT NULL,
	`project_id` integer,
	`latitude` real,
	`longitude` real,
	`radius_miles` real,
	`label` text,
	`frequency` text DEFAULT 'immediate' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`confirm_token_hash` text NOT NULL,
	`confirm_expires_at` integer NOT NULL,
	`confirmed_at` integer,
	`unsubscribe_token` text NOT NULL,
	`unsubscribed_at` integer,
	`last_digest_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `alert_subscriptions_confirm_uq` ON `alert_subscriptions` (`confirm_token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `alert_subscriptions_unsubscribe_uq` ON `alert_subscriptions` (`unsubscribe_token`);--> statement-breakpoint
CREATE INDEX `alert_subscriptions_match_idx` ON `alert_subscriptions` (`status`,`target`,`project_id`);--> statement-breakpoint
CREATE INDEX `alert_subscriptions_email_idx` ON `alert_subscriptions` (`email`);