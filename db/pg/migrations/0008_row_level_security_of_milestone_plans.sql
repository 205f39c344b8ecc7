-- Custom SQL migration file, put your code below! --
-- The planned milestones answer only the transaction's tenant, as 0001 has every other table (decision 0080, section 5).
ALTER TABLE "milestone_plans" ENABLE ROW LEVEL SECURITY;
ALTER TABLE "milestone_plans" FORCE ROW LEVEL SECURITY;
CREATE POLICY "milestone_plans_tenant" ON "milestone_plans" USING ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer) WITH CHECK ("tenant_id" = nullif(current_setting('app.tenant', true), '')::integer);
