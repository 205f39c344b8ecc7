-- Custom SQL migration file, put your code below! --
-- Decision 0080, section 5. The roles are the cluster's, made once by a superuser (db/pg/roles.sql:
-- BYPASSRLS can only be given by one); these migrations run as portal_owner, which owns every table and
-- grants: portal_app (the server: rows of its tenant only, data statements only, never the registry) and
-- portal_system (BYPASSRLS: the outbox claim, the jobs' "which tenants have work", the registry).
GRANT USAGE ON SCHEMA "public" TO "portal_app", "portal_system";
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA "public" TO "portal_app", "portal_system";
--> statement-breakpoint
REVOKE ALL ON "tenants" FROM "portal_app";
--> statement-breakpoint
GRANT USAGE ON ALL SEQUENCES IN SCHEMA "public" TO "portal_app", "portal_system";
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA "public" GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO "portal_app", "portal_system";
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA "public" GRANT USAGE ON SEQUENCES TO "portal_app", "portal_system";
