ALTER TABLE `site_report_categories` ADD `response_business_days` integer;--> statement-breakpoint
ALTER TABLE `site_reports` ADD `respond_by` text;--> statement-breakpoint
-- The times the categories this portal ships with aim for (decision 0100): sediment already in a road or
-- washing toward a drain or stream is answered the next business day, the rest within a working week. A
-- category the officer added keeps no promise until the officer sets one.
UPDATE `site_report_categories` SET `response_business_days` = 1 WHERE `code` IN ('muddy_water', 'mud_on_road');
--> statement-breakpoint
UPDATE `site_report_categories` SET `response_business_days` = 5 WHERE `code` IN ('dust', 'stop_work', 'silt_fence', 'other');
