CREATE TABLE "town_inspection_documents" (
	"tenant_id" integer DEFAULT (current_setting('app.tenant'))::integer NOT NULL,
	"town_inspection_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	CONSTRAINT "town_inspection_documents_tenant_id_town_inspection_id_document_id_pk" PRIMARY KEY("tenant_id","town_inspection_id","document_id")
);
--> statement-breakpoint
ALTER TABLE "town_inspection_documents" ADD CONSTRAINT "town_inspection_documents_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "town_inspection_documents" ADD CONSTRAINT "town_inspection_documents_town_inspection_id_town_inspections_id_fk" FOREIGN KEY ("town_inspection_id") REFERENCES "public"."town_inspections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "town_inspection_documents" ADD CONSTRAINT "town_inspection_documents_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;