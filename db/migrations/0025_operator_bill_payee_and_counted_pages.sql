ALTER TABLE `operator_requests` ADD `bill_payee` text;--> statement-breakpoint
ALTER TABLE `operator_requests` ADD `bill_how_to_pay` text;--> statement-breakpoint
ALTER TABLE `operator_requests` ADD `bill_pages_counted` integer;--> statement-breakpoint
ALTER TABLE `operator_requests` ADD `bill_sheets_counted` integer;