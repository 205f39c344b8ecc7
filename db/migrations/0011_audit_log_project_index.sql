-- Custom SQL migration file, put your code below! --

-- A project's history (projectHistory) also lists changes to its parties, documents, enforcement
-- actions and so on, found by the project id in their before/after JSON: index that expression so the
-- staff project page does not read the whole audit log. (drizzle-kit cannot write an expression index.)
CREATE INDEX `audit_log_project_idx` ON `audit_log` (coalesce(json_extract(`after_json`, '$.projectId'), json_extract(`before_json`, '$.projectId')));
