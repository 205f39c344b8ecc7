CREATE TABLE `inspection_photos` (
	`inspection_id` integer NOT NULL,
	`document_id` integer NOT NULL,
	PRIMARY KEY(`inspection_id`, `document_id`),
	FOREIGN KEY (`inspection_id`) REFERENCES `inspections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade
);
