CREATE TABLE "counties" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"ins_code" integer NOT NULL,
	"nuts3" text NOT NULL,
	"region" text NOT NULL,
	"seat_uat_id" integer,
	"uat_id" integer,
	"label" geometry(Point, 3844),
	"geom" geometry(MultiPolygon, 3844),
	CONSTRAINT "counties_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"iso_code" text NOT NULL,
	CONSTRAINT "countries_iso_code_unique" UNIQUE("iso_code")
);
--> statement-breakpoint
CREATE TABLE "localities" (
	"id" integer PRIMARY KEY NOT NULL,
	"uat_id" integer NOT NULL,
	"county_id" integer NOT NULL,
	"name" text NOT NULL,
	"search_name" text NOT NULL,
	"type" text NOT NULL,
	"is_uat_seat" boolean DEFAULT false NOT NULL,
	"environment" text NOT NULL,
	"postal_code" text
);
--> statement-breakpoint
CREATE TABLE "territorial_units" (
	"id" integer PRIMARY KEY NOT NULL,
	"county_id" integer NOT NULL,
	"name" text NOT NULL,
	"search_name" text NOT NULL,
	"type" text NOT NULL,
	"is_county_seat" boolean DEFAULT false NOT NULL,
	"environment" text NOT NULL,
	"parent_id" integer,
	"siruta_name" text NOT NULL,
	"label" geometry(Point, 3844),
	"geom" geometry(MultiPolygon, 3844)
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'active' NOT NULL,
	"type" text NOT NULL,
	"county_id" integer,
	"uat_id" integer,
	"locality_id" integer,
	"is_test" boolean DEFAULT false NOT NULL,
	"logo_file_id" integer,
	"external_link" text,
	"citizen_dashboard_visible" boolean DEFAULT true NOT NULL,
	"payment_order_details" text,
	"useful_links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"citizenship" text DEFAULT 'romanian' NOT NULL,
	"personal_numeric_code" text,
	"county_id" integer,
	"locality_id" integer,
	"village_id" integer,
	"sector" text,
	"street" text,
	"street_number" text,
	"postal_code" text,
	"staircase" text,
	"block" text,
	"floor" text,
	"apartment" text,
	"country_id" integer,
	"city" text,
	"address" text,
	"passport_number" text,
	"company_registration_code" text,
	"trade_registry_number" text,
	"company_name" text,
	"iban" text,
	"bank" text,
	"architect_licence" text,
	"staff_badge_number" text,
	"id_card_series" text,
	"id_card_number" text,
	"id_card_issue_date" text,
	"id_card_expiry_date" text,
	"id_card_issuer" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"delegated_organisation_id" integer,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text,
	"last_name" text,
	"phone" text,
	"photo_file_id" integer,
	"user_type" text DEFAULT 'citizen' NOT NULL,
	"account_type" text DEFAULT 'personal' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"organisation_id" integer,
	"is_organisation_admin" boolean DEFAULT false NOT NULL,
	"parent_user_id" integer,
	"secondary_role" text,
	"email_confirmed_at" timestamp with time zone,
	"phone_confirmed_at" timestamp with time zone,
	"enrolled" boolean DEFAULT false NOT NULL,
	"profile_completed" boolean DEFAULT false NOT NULL,
	"profile_needs_update" boolean DEFAULT false NOT NULL,
	"failed_login_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"password_changed_at" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" integer,
	"organisation_id" integer,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"ip" text,
	"request_id" text
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"purpose" text NOT NULL,
	"owner_user_id" integer,
	"organisation_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "outbox_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"to" text NOT NULL,
	"subject" text,
	"text" text NOT NULL,
	"html" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "seed_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	"detail" jsonb
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "localities" ADD CONSTRAINT "localities_uat_id_territorial_units_id_fk" FOREIGN KEY ("uat_id") REFERENCES "public"."territorial_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "localities" ADD CONSTRAINT "localities_county_id_counties_id_fk" FOREIGN KEY ("county_id") REFERENCES "public"."counties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "territorial_units" ADD CONSTRAINT "territorial_units_county_id_counties_id_fk" FOREIGN KEY ("county_id") REFERENCES "public"."counties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_county_id_counties_id_fk" FOREIGN KEY ("county_id") REFERENCES "public"."counties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_uat_id_territorial_units_id_fk" FOREIGN KEY ("uat_id") REFERENCES "public"."territorial_units"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_locality_id_localities_id_fk" FOREIGN KEY ("locality_id") REFERENCES "public"."localities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_delegated_organisation_id_organisations_id_fk" FOREIGN KEY ("delegated_organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "counties_geom_idx" ON "counties" USING gist ("geom");--> statement-breakpoint
CREATE INDEX "localities_uat_idx" ON "localities" USING btree ("uat_id");--> statement-breakpoint
CREATE INDEX "localities_county_search_idx" ON "localities" USING btree ("county_id","search_name");--> statement-breakpoint
CREATE INDEX "territorial_units_county_idx" ON "territorial_units" USING btree ("county_id");--> statement-breakpoint
CREATE INDEX "territorial_units_search_idx" ON "territorial_units" USING btree ("search_name");--> statement-breakpoint
CREATE INDEX "territorial_units_geom_idx" ON "territorial_units" USING gist ("geom");--> statement-breakpoint
CREATE UNIQUE INDEX "organisations_name_unique" ON "organisations" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_unique" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_organisation_idx" ON "users" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "audit_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "audit_actor_idx" ON "audit_log" USING btree ("actor_user_id","at");--> statement-breakpoint
CREATE INDEX "files_owner_idx" ON "files" USING btree ("owner_user_id");--> statement-breakpoint
CREATE INDEX "outbox_to_idx" ON "outbox_messages" USING btree ("to","created_at");