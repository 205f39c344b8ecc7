CREATE TABLE `town_inspection_checks` (
	`town_inspection_id` integer NOT NULL,
	`item` text NOT NULL,
	`answer` text NOT NULL,
	PRIMARY KEY(`town_inspection_id`, `item`),
	FOREIGN KEY (`town_inspection_id`) REFERENCES `town_inspections`(`id`) ON UPDATE no action ON DELETE cascade
);
