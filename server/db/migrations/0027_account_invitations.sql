ALTER TABLE "accounts" ADD COLUMN "invited_account_id" integer;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_invited_account_id_accounts_id_fk" FOREIGN KEY ("invited_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_invited_idx" ON "accounts" USING btree ("invited_account_id") WHERE "accounts"."invited_account_id" is not null;--> statement-breakpoint
CREATE INDEX "accounts_email_idx" ON "accounts" USING btree (lower("email"));