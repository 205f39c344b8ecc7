-- Custom SQL migration file, put your code below! --

-- The permanent practices, their inspections, maintenance items and owners' reports are public: they bump public_data_version.
CREATE TRIGGER `stormwater_practices_public_insert` AFTER INSERT ON `stormwater_practices` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `stormwater_practices_public_update` AFTER UPDATE ON `stormwater_practices` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `stormwater_practices_public_delete` AFTER DELETE ON `stormwater_practices` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `practice_inspections_public_insert` AFTER INSERT ON `practice_inspections` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `practice_inspections_public_update` AFTER UPDATE ON `practice_inspections` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `practice_inspections_public_delete` AFTER DELETE ON `practice_inspections` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `practice_maintenance_items_public_insert` AFTER INSERT ON `practice_maintenance_items` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `practice_maintenance_items_public_update` AFTER UPDATE ON `practice_maintenance_items` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `practice_maintenance_items_public_delete` AFTER DELETE ON `practice_maintenance_items` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `practice_maintenance_reports_public_insert` AFTER INSERT ON `practice_maintenance_reports` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `practice_maintenance_reports_public_update` AFTER UPDATE ON `practice_maintenance_reports` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `practice_maintenance_reports_public_delete` AFTER DELETE ON `practice_maintenance_reports` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
