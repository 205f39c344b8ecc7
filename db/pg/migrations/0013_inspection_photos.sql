CREATE TABLE "inspection_photos" (
	"tenant_id" integer DEFAULT (current_setting('app.tenant'))::integer NOT NULL,
	"inspection_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	CONSTRAINT "inspection_photos_tenant_id_inspection_id_document_id_pk" PRIMARY KEY("tenant_id","inspection_id","document_id")
);
--> statement-breakpoint
ALTER TABLE "inspection_photos" ADD CONSTRAINT "inspection_photos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_photos" ADD CONSTRAINT "inspection_photos_inspection_id_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_photos" ADD CONSTRAINT "inspection_photos_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;