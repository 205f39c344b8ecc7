-- Custom SQL migration file, put your code below! --
-- Applications and their charges are read only by the transaction's tenant, as 0001 has every other table (decision 0080, section 5).
ALTER TABLE "permit_applications" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "permit_applications" FORCE ROW LEVEL SECURITY;
CREATE POLICY "permit_applications_tenant" ON "permit_applications" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
ALTER TABLE "application_charges" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "application_charges" FORCE ROW LEVEL SECURITY;
CREATE POLICY "application_charges_tenant" ON "application_charges" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
