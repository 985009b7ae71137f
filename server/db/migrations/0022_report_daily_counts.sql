CREATE TABLE "report_daily_counts" (
	"institution_id" integer NOT NULL,
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	"day" date NOT NULL,
	"payment_category_id" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "report_daily_counts_pk" PRIMARY KEY("institution_id","kind","day","ref_id","payment_category_id")
);
