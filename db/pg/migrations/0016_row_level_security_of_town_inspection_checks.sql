-- Custom SQL migration file, put your code below! --
-- A town inspection's checklist answers are read only by the transaction's tenant, as 0001 has every other table (decision 0080, section 5).
ALTER TABLE "town_inspection_checks" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "town_inspection_checks" FORCE ROW LEVEL SECURITY;
CREATE POLICY "town_inspection_checks_tenant" ON "town_inspection_checks" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
