-- Custom SQL migration file, put your code below! --
-- Decision 0080, section 7: anything residents can see bumps the tenant's public_data_version row and
-- tells every process (`pg_notify('public_data', '<tenant>:<version>')`, delivered at commit). The SQLite
-- triggers (db/migrations 0007, 0009, 0018, 0020, 0022, 0027) fire per row; here one trigger per statement
-- and public table, except settings, whose job:, seq: and alerts: keys are not public (a row trigger with
-- the same WHEN). A statement that changed no row still bumps: a page dropped for nothing, never one kept
-- stale. With no app.tenant (a BYPASSRLS role writing across tenants), every tenant's version goes up.
CREATE FUNCTION "bump_public_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tenant integer := nullif(current_setting('app.tenant', true), '')::integer;
  bumped record;
BEGIN
  IF tenant IS NULL THEN
    FOR bumped IN UPDATE "public_data_version" SET "version" = "version" + 1 RETURNING "tenant_id", "version" LOOP
      PERFORM pg_notify('public_data', bumped."tenant_id" || ':' || bumped."version");
    END LOOP;
  ELSE
    INSERT INTO "public_data_version" ("tenant_id", "id", "version") VALUES (tenant, 1, 1)
      ON CONFLICT ("tenant_id", "id") DO UPDATE SET "version" = "public_data_version"."version" + 1
      RETURNING "tenant_id", "version" INTO bumped;
    PERFORM pg_notify('public_data', bumped."tenant_id" || ':' || bumped."version");
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "closures_public" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "closures" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();
--> statement-breakpoint
CREATE TRIGGER "corrective_actions_public" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "corrective_actions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();
--> statement-breakpoint
CREATE TRIGGER "documents_public" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "documents" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();
--> statement-breakpoint
CREATE TRIGGER "enforcement_actions_public" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "enforcement_actions" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();
--> statement-breakpoint
CREATE TRIGGER "enforcement_documents_public" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "enforcement_documents" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();
--> statement-breakpoint
CREATE TRIGGER "enforcement_violations_public" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "enforcement_violations" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();
--> statement-breakpoint
CREATE TRIGGER "fee_schedules_public" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "fee_schedules" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();
--> statement-breakpoint
CREATE TRIGGER "fine_payments_public" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "fine_payments" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();
--> statement-breakpoint
CREATE TRIGGER "inspection_inactive_areas_public" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "inspection_inactive_areas" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();
--> statement-breakpoint
CREATE TRIGGER "inspection_notices_public" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "inspection_notices" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();
--> statement-breakpoint
CREATE TRIGGER "inspection_practices_public" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "inspection_practices" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();
--> statement-breakpoint
CREATE TRIGGER "inspections_public" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "inspections" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();
--> statement-breakpoint
CREATE TRIGGER "monthly_summaries_public" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "monthly_summaries" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();
--> statement-breakpoint
CREATE TRIGGER "monthly_summary_documents_public" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "monthly_summary_documents" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();
--> statement-breakpoint
CREATE TRIGGER "operator_requests_public" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "operator_requests" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();
--> statement-breakpoint
CREATE TRIGGER "parties_public" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "parties" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();
--> statement-breakpoint
CREATE TRIGGER "practice_agreement_files_public" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "practice_agreement_files" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();
--> statement-breakpoint
CREATE TRIGGER "practice_inspections_public" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "practice_inspections" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();
--> statement-breakpoint
CREATE TRIGGER "practice_maintenance_items_public" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "practice_maintenance_items" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();
--> statement-breakpoint
CREATE TRIGGER "practice_maintenance_reports_public" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "practice_maintenance_reports" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();
--> statement-breakpoint
CREATE TRIGGER "projects_public" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "projects" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();
--> statement-breakpoint
CREATE TRIGGER "receiving_waters_public" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "receiving_waters" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();
--> statement-breakpoint
CREATE TRIGGER "site_report_categories_public" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_report_categories" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();
--> statement-breakpoint
CREATE TRIGGER "site_report_events_public" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_report_events" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();
--> statement-breakpoint
CREATE TRIGGER "site_report_photos_public" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_report_photos" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();
--> statement-breakpoint
CREATE TRIGGER "site_reports_public" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_reports" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();
--> statement-breakpoint
CREATE TRIGGER "storm_events_public" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "storm_events" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();
--> statement-breakpoint
CREATE TRIGGER "stormwater_practices_public" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "stormwater_practices" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();
--> statement-breakpoint
CREATE TRIGGER "swppp_reviews_public" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "swppp_reviews" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();
--> statement-breakpoint
CREATE TRIGGER "town_inspections_public" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "town_inspections" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();
--> statement-breakpoint
CREATE TRIGGER "violations_public" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "violations" FOR EACH STATEMENT EXECUTE FUNCTION "bump_public_data_version"();
--> statement-breakpoint
CREATE TRIGGER "settings_public_insert" AFTER INSERT ON "settings" FOR EACH ROW WHEN (NEW."key" NOT LIKE 'job:%' AND NEW."key" NOT LIKE 'seq:%' AND NEW."key" NOT LIKE 'alerts:%') EXECUTE FUNCTION "bump_public_data_version"();
--> statement-breakpoint
CREATE TRIGGER "settings_public_update" AFTER UPDATE ON "settings" FOR EACH ROW WHEN (NEW."key" NOT LIKE 'job:%' AND NEW."key" NOT LIKE 'seq:%' AND NEW."key" NOT LIKE 'alerts:%') EXECUTE FUNCTION "bump_public_data_version"();
--> statement-breakpoint
CREATE TRIGGER "settings_public_delete" AFTER DELETE ON "settings" FOR EACH ROW WHEN (OLD."key" NOT LIKE 'job:%' AND OLD."key" NOT LIKE 'seq:%' AND OLD."key" NOT LIKE 'alerts:%') EXECUTE FUNCTION "bump_public_data_version"();
