-- Custom SQL migration file, put your code below! --

-- The clerk's free-text search over requests (number, requester's name and email, description) as a
-- trigram index: the same substring matches as LIKE '%…%', without reading every request (three
-- characters or more; shorter searches still scan). Staff only: never read by a public route.
CREATE VIRTUAL TABLE `records_requests_fts` USING fts5(`number`, `requester_name`, `requester_email`, `description`, content='records_requests', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `records_requests_fts` (`records_requests_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `records_requests_fts_insert` AFTER INSERT ON `records_requests` BEGIN
  INSERT INTO `records_requests_fts` (rowid, `number`, `requester_name`, `requester_email`, `description`) VALUES (new.`id`, new.`number`, new.`requester_name`, new.`requester_email`, new.`description`);
END;
--> statement-breakpoint
CREATE TRIGGER `records_requests_fts_delete` AFTER DELETE ON `records_requests` BEGIN
  INSERT INTO `records_requests_fts` (`records_requests_fts`, rowid, `number`, `requester_name`, `requester_email`, `description`) VALUES ('delete', old.`id`, old.`number`, old.`requester_name`, old.`requester_email`, old.`description`);
END;
--> statement-breakpoint
CREATE TRIGGER `records_requests_fts_update` AFTER UPDATE OF `number`, `requester_name`, `requester_email`, `description` ON `records_requests` BEGIN
  INSERT INTO `records_requests_fts` (`records_requests_fts`, rowid, `number`, `requester_name`, `requester_email`, `description`) VALUES ('delete', old.`id`, old.`number`, old.`requester_name`, old.`requester_email`, old.`description`);
  INSERT INTO `records_requests_fts` (rowid, `number`, `requester_name`, `requester_email`, `description`) VALUES (new.`id`, new.`number`, new.`requester_name`, new.`requester_email`, new.`description`);
END;
