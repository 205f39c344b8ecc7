-- Custom SQL migration file, put your code below! --

-- Settings that residents never see must not empty the public page cache: records-request and invoice
-- number counters (seq:…, bumped by every submission), the alert dispatcher's bookkeeping (alerts:…)
-- and job bookkeeping (job:…).
DROP TRIGGER `settings_public_insert`;
--> statement-breakpoint
DROP TRIGGER `settings_public_update`;
--> statement-breakpoint
DROP TRIGGER `settings_public_delete`;
--> statement-breakpoint
CREATE TRIGGER `settings_public_insert` AFTER INSERT ON `settings` WHEN new.`key` NOT LIKE 'job:%' AND new.`key` NOT LIKE 'seq:%' AND new.`key` NOT LIKE 'alerts:%' BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `settings_public_update` AFTER UPDATE ON `settings` WHEN new.`key` NOT LIKE 'job:%' AND new.`key` NOT LIKE 'seq:%' AND new.`key` NOT LIKE 'alerts:%' BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `settings_public_delete` AFTER DELETE ON `settings` WHEN old.`key` NOT LIKE 'job:%' AND old.`key` NOT LIKE 'seq:%' AND old.`key` NOT LIKE 'alerts:%' BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
