CREATE TABLE `photo_facts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`document_id` integer NOT NULL,
	`taken_at` integer,
	`latitude` real,
	`longitude` real,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `photo_facts_document_idx` ON `photo_facts` (`document_id`);