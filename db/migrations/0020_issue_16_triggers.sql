-- Custom SQL migration file, put your code below! --

-- What residents can report (the officer edits the list later), and the public page cache
-- notices reports, their photos, their steps and the list.
INSERT INTO `site_report_categories` (`code`, `label`, `description`, `sort_order`) VALUES ('muddy_water', 'Muddy water leaving the site', 'Brown or cloudy water running off the site into a street, ditch, drain or stream.', 1);
--> statement-breakpoint
INSERT INTO `site_report_categories` (`code`, `label`, `description`, `sort_order`) VALUES ('mud_on_road', 'Mud or sediment on the road', 'Soil tracked or washed onto a street or sidewalk.', 2);
--> statement-breakpoint
INSERT INTO `site_report_categories` (`code`, `label`, `description`, `sort_order`) VALUES ('dust', 'Dust', 'Dust blowing off the site.', 3);
--> statement-breakpoint
INSERT INTO `site_report_categories` (`code`, `label`, `description`, `sort_order`) VALUES ('stop_work', 'Work during a stop-work order', 'Work going on at a site under a stop-work order.', 4);
--> statement-breakpoint
INSERT INTO `site_report_categories` (`code`, `label`, `description`, `sort_order`) VALUES ('silt_fence', 'Missing or damaged silt fence', 'A silt fence or other barrier down, torn, buried or missing.', 5);
--> statement-breakpoint
INSERT INTO `site_report_categories` (`code`, `label`, `description`, `sort_order`) VALUES ('other', 'Other', 'Anything else about erosion, sediment or runoff at a construction site.', 6);
--> statement-breakpoint
CREATE TRIGGER `site_reports_public_insert` AFTER INSERT ON `site_reports` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `site_reports_public_update` AFTER UPDATE ON `site_reports` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `site_reports_public_delete` AFTER DELETE ON `site_reports` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `site_report_photos_public_insert` AFTER INSERT ON `site_report_photos` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `site_report_photos_public_update` AFTER UPDATE ON `site_report_photos` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `site_report_photos_public_delete` AFTER DELETE ON `site_report_photos` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `site_report_events_public_insert` AFTER INSERT ON `site_report_events` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `site_report_events_public_update` AFTER UPDATE ON `site_report_events` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `site_report_events_public_delete` AFTER DELETE ON `site_report_events` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `site_report_categories_public_insert` AFTER INSERT ON `site_report_categories` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `site_report_categories_public_update` AFTER UPDATE ON `site_report_categories` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `site_report_categories_public_delete` AFTER DELETE ON `site_report_categories` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
