CREATE TABLE `swppp_review_comments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`review_id` integer NOT NULL,
	`notice_on` text NOT NULL,
	`section` text,
	`page` integer,
	`comment` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`review_id`) REFERENCES `swppp_reviews`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `swppp_review_comments_review_idx` ON `swppp_review_comments` (`review_id`,`notice_on`);