CREATE TABLE "collector_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"bank" text NOT NULL,
	"iban" text,
	"provider_username" text NOT NULL,
	"provider_password_encrypted" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer,
	"kind" text NOT NULL,
	"order_id" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_reconciliations" (
	"id" serial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"portal_total" numeric(14, 2) NOT NULL,
	"gateway_total" numeric(14, 2) NOT NULL,
	"portal_count" integer NOT NULL,
	"gateway_count" integer NOT NULL,
	"differences" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ledger_balanced" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_reconciliations_day_unique" UNIQUE("day")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"application_id" integer,
	"application_type_id" integer,
	"type" text NOT NULL,
	"status" text DEFAULT 'CREATED' NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text DEFAULT 'RON' NOT NULL,
	"description" text NOT NULL,
	"client_name" text,
	"email" text,
	"personal_code" text,
	"idempotency_key" text NOT NULL,
	"gateway_order_id" text,
	"redirect_url" text,
	"provider_transaction_id" text,
	"collector_account_id" integer,
	"document_number" text,
	"paid_on" date,
	"proof_file_id" integer,
	"link_token_hash" text,
	"failure_reason" text,
	"created_by" integer,
	"settled_by" integer,
	"settled_at" timestamp with time zone,
	"settlement_source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_username" text NOT NULL,
	"order_id" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text DEFAULT 'RON' NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"card_last4" text,
	"transaction_id" text,
	"return_url" text NOT NULL,
	"callback_url" text NOT NULL,
	"callback_attempts" integer DEFAULT 0 NOT NULL,
	"callback_delivered_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "taxes" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"entry_into_force" date NOT NULL,
	"decision_number" text,
	"decision_date" date,
	"justification" text,
	"price_model" text NOT NULL,
	"base" text DEFAULT 'none' NOT NULL,
	"moment" text DEFAULT 'application' NOT NULL,
	"purpose" text,
	"fixed_value" numeric(14, 2),
	"percentage_value" numeric(9, 4),
	"ranges" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "tax_inputs" jsonb;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "discount_name" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "payment_type" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "transaction_number" text;--> statement-breakpoint
ALTER TABLE "collector_accounts" ADD CONSTRAINT "collector_accounts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_application_type_id_application_types_id_fk" FOREIGN KEY ("application_type_id") REFERENCES "public"."application_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_collector_account_id_collector_accounts_id_fk" FOREIGN KEY ("collector_account_id") REFERENCES "public"."collector_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_proof_file_id_files_id_fk" FOREIGN KEY ("proof_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_settled_by_users_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taxes" ADD CONSTRAINT "taxes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taxes" ADD CONSTRAINT "taxes_category_id_tax_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."tax_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collector_accounts_organisation_idx" ON "collector_accounts" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_key_unique" ON "payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_order_unique" ON "payments" USING btree ("gateway_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_link_token_unique" ON "payments" USING btree ("link_token_hash");--> statement-breakpoint
CREATE INDEX "payments_application_idx" ON "payments" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_organisation_created_idx" ON "payments" USING btree ("organisation_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_pending_idx" ON "payments" USING btree ("created_at") WHERE "payments"."status" = 'CREATED';--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_gateway_orders_merchant_order_unique" ON "sandbox_gateway_orders" USING btree ("merchant_username","order_id");--> statement-breakpoint
CREATE INDEX "sandbox_gateway_orders_created_idx" ON "sandbox_gateway_orders" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_categories_name_unique" ON "tax_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "taxes_version_unique" ON "taxes" USING btree ("organisation_id","category_id",lower("name"),coalesce("purpose", ''),"entry_into_force");--> statement-breakpoint
CREATE INDEX "taxes_category_idx" ON "taxes" USING btree ("category_id");