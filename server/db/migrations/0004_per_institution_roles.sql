-- Roles move from the account to its memberships (ADR 0007). Super Administrator, global by
-- nature, becomes an account flag; every other role of an account is copied onto each of its
-- memberships, so existing accounts keep exactly the permissions they had.
ALTER TABLE "account_institutions" ADD COLUMN "roles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "is_super_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "accounts" SET "is_super_admin" = true WHERE 'Super Administrator' = ANY("roles");--> statement-breakpoint
UPDATE "account_institutions" ai SET "roles" = array_remove(a."roles", 'Super Administrator')
  FROM "accounts" a WHERE a."id" = ai."account_id";--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "roles";
