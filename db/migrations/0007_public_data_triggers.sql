-- Custom SQL migration file, put your code below! --

-- Anything residents can see bumps public_data_version (the public page cache checks it).
INSERT INTO `public_data_version` (`id`, `version`) VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER `projects_public_insert` AFTER INSERT ON `projects` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `projects_public_update` AFTER UPDATE ON `projects` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `projects_public_delete` AFTER DELETE ON `projects` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `receiving_waters_public_insert` AFTER INSERT ON `receiving_waters` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `receiving_waters_public_update` AFTER UPDATE ON `receiving_waters` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `receiving_waters_public_delete` AFTER DELETE ON `receiving_waters` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `parties_public_insert` AFTER INSERT ON `parties` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `parties_public_update` AFTER UPDATE ON `parties` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `parties_public_delete` AFTER DELETE ON `parties` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `documents_public_insert` AFTER INSERT ON `documents` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `documents_public_update` AFTER UPDATE ON `documents` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `documents_public_delete` AFTER DELETE ON `documents` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `swppp_reviews_public_insert` AFTER INSERT ON `swppp_reviews` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `swppp_reviews_public_update` AFTER UPDATE ON `swppp_reviews` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `swppp_reviews_public_delete` AFTER DELETE ON `swppp_reviews` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `storm_events_public_insert` AFTER INSERT ON `storm_events` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `storm_events_public_update` AFTER UPDATE ON `storm_events` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `storm_events_public_delete` AFTER DELETE ON `storm_events` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `inspections_public_insert` AFTER INSERT ON `inspections` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `inspections_public_update` AFTER UPDATE ON `inspections` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `inspections_public_delete` AFTER DELETE ON `inspections` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `inspection_practices_public_insert` AFTER INSERT ON `inspection_practices` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `inspection_practices_public_update` AFTER UPDATE ON `inspection_practices` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `inspection_practices_public_delete` AFTER DELETE ON `inspection_practices` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `corrective_actions_public_insert` AFTER INSERT ON `corrective_actions` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `corrective_actions_public_update` AFTER UPDATE ON `corrective_actions` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `corrective_actions_public_delete` AFTER DELETE ON `corrective_actions` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `monthly_summaries_public_insert` AFTER INSERT ON `monthly_summaries` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `monthly_summaries_public_update` AFTER UPDATE ON `monthly_summaries` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `monthly_summaries_public_delete` AFTER DELETE ON `monthly_summaries` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `monthly_summary_documents_public_insert` AFTER INSERT ON `monthly_summary_documents` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `monthly_summary_documents_public_update` AFTER UPDATE ON `monthly_summary_documents` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `monthly_summary_documents_public_delete` AFTER DELETE ON `monthly_summary_documents` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `inspection_inactive_areas_public_insert` AFTER INSERT ON `inspection_inactive_areas` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `inspection_inactive_areas_public_update` AFTER UPDATE ON `inspection_inactive_areas` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `inspection_inactive_areas_public_delete` AFTER DELETE ON `inspection_inactive_areas` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `inspection_notices_public_insert` AFTER INSERT ON `inspection_notices` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `inspection_notices_public_update` AFTER UPDATE ON `inspection_notices` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `inspection_notices_public_delete` AFTER DELETE ON `inspection_notices` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `town_inspections_public_insert` AFTER INSERT ON `town_inspections` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `town_inspections_public_update` AFTER UPDATE ON `town_inspections` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `town_inspections_public_delete` AFTER DELETE ON `town_inspections` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `violations_public_insert` AFTER INSERT ON `violations` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `violations_public_update` AFTER UPDATE ON `violations` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `violations_public_delete` AFTER DELETE ON `violations` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `enforcement_actions_public_insert` AFTER INSERT ON `enforcement_actions` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `enforcement_actions_public_update` AFTER UPDATE ON `enforcement_actions` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `enforcement_actions_public_delete` AFTER DELETE ON `enforcement_actions` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `enforcement_violations_public_insert` AFTER INSERT ON `enforcement_violations` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `enforcement_violations_public_update` AFTER UPDATE ON `enforcement_violations` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `enforcement_violations_public_delete` AFTER DELETE ON `enforcement_violations` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `enforcement_documents_public_insert` AFTER INSERT ON `enforcement_documents` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `enforcement_documents_public_update` AFTER UPDATE ON `enforcement_documents` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `enforcement_documents_public_delete` AFTER DELETE ON `enforcement_documents` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `fine_payments_public_insert` AFTER INSERT ON `fine_payments` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `fine_payments_public_update` AFTER UPDATE ON `fine_payments` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `fine_payments_public_delete` AFTER DELETE ON `fine_payments` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `closures_public_insert` AFTER INSERT ON `closures` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `closures_public_update` AFTER UPDATE ON `closures` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `closures_public_delete` AFTER DELETE ON `closures` BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `settings_public_insert` AFTER INSERT ON `settings` WHEN new.`key` NOT LIKE 'job:%' BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `settings_public_update` AFTER UPDATE ON `settings` WHEN new.`key` NOT LIKE 'job:%' BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
--> statement-breakpoint
CREATE TRIGGER `settings_public_delete` AFTER DELETE ON `settings` WHEN old.`key` NOT LIKE 'job:%' BEGIN UPDATE `public_data_version` SET `version` = `version` + 1 WHERE `id` = 1; END;
