ALTER TABLE "unit_of_measurements" ADD COLUMN "conversion_factor" double precision;--> statement-breakpoint
-- Factors of the seeded units (base: mL, g, mg/dL), matched by symbol within their seeded type so a renamed or re-typed unit is left for the institution to set.
UPDATE "unit_of_measurements" u SET "conversion_factor" = f.factor
FROM (VALUES ('Volume', 'mL', 1::double precision), ('Volume', 'µL', 0.001), ('Volume', 'L', 1000),
             ('Mass', 'g', 1), ('Mass', 'mg', 0.001), ('Mass', 'µg', 0.000001), ('Mass', 'kg', 1000),
             ('Concentration', 'mg/dL', 1), ('Concentration', 'g/dL', 1000)) AS f(type_title, symbol, factor),
     "unit_of_measurement_types" t
WHERE t."id" = u."unit_of_measurement_type_id" AND t."institution_id" = u."institution_id"
  AND t."title" = f.type_title AND u."unit_symbol" = f.symbol AND u."conversion_factor" IS NULL;
