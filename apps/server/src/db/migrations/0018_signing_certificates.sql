CREATE TABLE "signing_certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"subject_key" text NOT NULL,
	"organisation_id" integer,
	"user_id" integer,
	"subject_name" text NOT NULL,
	"serial" text NOT NULL,
	"certificate_pem" text NOT NULL,
	"encrypted_key" text NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"replaced_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signing_certificates" ADD CONSTRAINT "signing_certificates_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_certificates" ADD CONSTRAINT "signing_certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "signing_certificates_serial_unique" ON "signing_certificates" USING btree ("serial");--> statement-breakpoint
CREATE UNIQUE INDEX "signing_certificates_current_unique" ON "signing_certificates" USING btree ("subject_key") WHERE "signing_certificates"."replaced_at" IS NULL;--> statement-breakpoint
CREATE INDEX "signing_certificates_subject_idx" ON "signing_certificates" USING btree ("subject_key");