CREATE TABLE `pdf_text_pages` (
	`sha256` text NOT NULL,
	`page` integer NOT NULL,
	`text` text NOT NULL,
	PRIMARY KEY(`sha256`, `page`),
	FOREIGN KEY (`sha256`) REFERENCES `pdf_texts`(`sha256`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `pdf_texts` (
	`sha256` text PRIMARY KEY NOT NULL,
	`outcome` text NOT NULL,
	`page_count` integer DEFAULT 0 NOT NULL,
	`read_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
