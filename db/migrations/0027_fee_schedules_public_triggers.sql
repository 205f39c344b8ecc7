-- Custom SQL migration file, put your code below! ---
-- The help pages quote the fee schedule in force (decision 0077): a new schedule is a public change, so
-- cached pages that show fees (help, the request form) are answered afresh.
CREATE TRIGGER `fee_schedules_public_insert` AFTER INSERT ON `fee_schedules` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `fee_schedules_public_update` AFTER UPDATE ON `fee_schedules` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `fee_schedules_public_delete` AFTER DELETE ON `fee_schedules` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
