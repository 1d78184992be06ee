CREATE TABLE "trading_halts" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer,
	"reason" text NOT NULL,
	"square_off" boolean DEFAULT false NOT NULL,
	"halted_by" integer,
	"halted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lifted_by" integer,
	"lifted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "trading_halts" ADD CONSTRAINT "trading_halts_account_id_accounts_trabot_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("trabot_account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_halts" ADD CONSTRAINT "trading_halts_halted_by_users_id_fk" FOREIGN KEY ("halted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trading_halts" ADD CONSTRAINT "trading_halts_lifted_by_users_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trading_halts_active_idx" ON "trading_halts" USING btree (coalesce("account_id", 0)) WHERE "trading_halts"."lifted_at" is null;