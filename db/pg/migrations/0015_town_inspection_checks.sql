CREATE TABLE "town_inspection_checks" (
	"tenant_id" integer DEFAULT (current_setting('app.tenant'))::integer NOT NULL,
	"town_inspection_id" integer NOT NULL,
	"item" text NOT NULL,
	"answer" text NOT NULL,
	CONSTRAINT "town_inspection_checks_tenant_id_town_inspection_id_item_pk" PRIMARY KEY("tenant_id","town_inspection_id","item")
);
--> statement-breakpoint
ALTER TABLE "town_inspection_checks" ADD CONSTRAINT "town_inspection_checks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "town_inspection_checks" ADD CONSTRAINT "town_inspection_checks_town_inspection_id_town_inspections_id_fk" FOREIGN KEY ("town_inspection_id") REFERENCES "public"."town_inspections"("id") ON DELETE cascade ON UPDATE no action;