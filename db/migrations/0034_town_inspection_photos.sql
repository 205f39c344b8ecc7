CREATE TABLE `town_inspection_documents` (
	`town_inspection_id` integer NOT NULL,
	`document_id` integer NOT NULL,
	PRIMARY KEY(`town_inspection_id`, `document_id`),
	FOREIGN KEY (`town_inspection_id`) REFERENCES `town_inspections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE cascade
);
