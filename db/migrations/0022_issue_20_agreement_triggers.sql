-- Custom SQL migration file, put your code below! --

-- A practice's agreement or easement file is shown on its public page: it bumps public_data_version.
CREATE TRIGGER `practice_agreement_files_public_insert` AFTER INSERT ON `practice_agreement_files` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `practice_agreement_files_public_update` AFTER UPDATE ON `practice_agreement_files` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `practice_agreement_files_public_delete` AFTER DELETE ON `practice_agreement_files` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
