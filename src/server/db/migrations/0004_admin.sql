CREATE TABLE "instruments" (
	"symbol" text NOT NULL,
	"series" text NOT NULL,
	"name" text,
	"isin" text,
	"open" numeric(18, 4),
	"high" numeric(18, 4),
	"low" numeric(18, 4),
	"close" numeric(18, 4),
	"last" numeric(18, 4),
	"prevclose" numeric(18, 4),
	"tottrdqty" bigint,
	"bhav_date" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "instruments_pk" PRIMARY KEY("symbol","series")
);
--> statement-breakpoint
CREATE TABLE "manual_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"signal_id" integer NOT NULL,
	"side" text NOT NULL,
	"portion" numeric(6, 4) NOT NULL,
	"order_type" text NOT NULL,
	"limit_price" numeric(18, 4),
	"trigger_price" numeric(18, 4),
	"trade_type" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "manual_orders_side_check" CHECK ("manual_orders"."side" in ('entry', 'exit'))
);
--> statement-breakpoint
CREATE TABLE "tokens" (
	"name" text PRIMARY KEY NOT NULL,
	"value_enc" text NOT NULL,
	"secret" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warnings" (
	"warning_id" serial PRIMARY KEY NOT NULL,
	"warning_message" text NOT NULL,
	"warning_data" text,
	"warning_timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"delete_ind" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "manual_orders" ADD CONSTRAINT "manual_orders_signal_id_signals_signal_id_fk" FOREIGN KEY ("signal_id") REFERENCES "public"."signals"("signal_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_orders" ADD CONSTRAINT "manual_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "manual_orders_status_idx" ON "manual_orders" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "manual_orders_signal_idx" ON "manual_orders" USING btree ("signal_id");--> statement-breakpoint
CREATE INDEX "warnings_deleted_id_idx" ON "warnings" USING btree ("delete_ind","warning_id");--> statement-breakpoint
CREATE UNIQUE INDEX "algo_subscriptions_account_algo_uq" ON "algo_subscriptions" USING btree ("trabot_account_id","algo_id");--> statement-breakpoint
CREATE INDEX "enquiries_type_id_idx" ON "enquiries" USING btree ("type","id");