-- Issue 33: the seeded lists' French titles for the institutions created before them. Written by
-- seededFrenchTitlesSql() in server/db/seed/reference-data.ts (server/test/seeded-french-titles.test.ts keeps them equal).
UPDATE "genders" AS t SET "titles" = coalesce(t."titles", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('Female', 'Femme'),
  ('Male', 'Homme'),
  ('Other', 'Autre'),
  ('Unknown', 'Inconnu')
) AS v(en, fr)
WHERE t."title" = v.en AND nullif(btrim(t."titles" ->> 'fr'), '') IS NULL;--> statement-breakpoint
UPDATE "marital_statuses" AS t SET "titles" = coalesce(t."titles", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('Single', 'Célibataire'),
  ('Married', 'Marié(e)'),
  ('Divorced', 'Divorcé(e)'),
  ('Widowed', 'Veuf ou veuve'),
  ('Separated', 'Séparé(e)'),
  ('Unknown', 'Inconnu')
) AS v(en, fr)
WHERE t."title" = v.en AND nullif(btrim(t."titles" ->> 'fr'), '') IS NULL;--> statement-breakpoint
UPDATE "vital_statuses" AS t SET "titles" = coalesce(t."titles", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('Alive', 'Vivant'),
  ('Dead', 'Décédé'),
  ('Unknown', 'Inconnu')
) AS v(en, fr)
WHERE t."title" = v.en AND nullif(btrim(t."titles" ->> 'fr'), '') IS NULL;--> statement-breakpoint
UPDATE "patient_types" AS t SET "titles" = coalesce(t."titles", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('Outpatient', 'Ambulatoire'),
  ('Inpatient', 'Hospitalisé'),
  ('Research Participant', 'Participant à la recherche'),
  ('Healthy Volunteer', 'Volontaire sain')
) AS v(en, fr)
WHERE t."title" = v.en AND nullif(btrim(t."titles" ->> 'fr'), '') IS NULL;--> statement-breakpoint
UPDATE "priorities" AS t SET "titles" = coalesce(t."titles", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('STAT', 'Immédiat')
) AS v(en, fr)
WHERE t."title" = v.en AND nullif(btrim(t."titles" ->> 'fr'), '') IS NULL;--> statement-breakpoint
UPDATE "races" AS t SET "titles" = coalesce(t."titles", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('American Indian or Alaska Native', 'Amérindien ou autochtone d''Alaska'),
  ('Asian', 'Asiatique'),
  ('Black or African American', 'Noir ou Afro-Américain'),
  ('Native Hawaiian or Other Pacific Islander', 'Autochtone d''Hawaï ou d''une autre île du Pacifique'),
  ('White', 'Blanc'),
  ('Other', 'Autre'),
  ('Unknown', 'Inconnu')
) AS v(en, fr)
WHERE t."title" = v.en AND nullif(btrim(t."titles" ->> 'fr'), '') IS NULL;--> statement-breakpoint
UPDATE "ethnicities" AS t SET "titles" = coalesce(t."titles", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('Hispanic or Latino', 'Hispanique ou latino'),
  ('Not Hispanic or Latino', 'Ni hispanique ni latino'),
  ('Unknown', 'Inconnu')
) AS v(en, fr)
WHERE t."title" = v.en AND nullif(btrim(t."titles" ->> 'fr'), '') IS NULL;--> statement-breakpoint
UPDATE "consent_purposes" AS t SET "titles" = coalesce(t."titles", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('Future research', 'Recherche future'),
  ('Genetic research', 'Recherche génétique'),
  ('Commercial use', 'Usage commercial')
) AS v(en, fr)
WHERE t."title" = v.en AND nullif(btrim(t."titles" ->> 'fr'), '') IS NULL;--> statement-breakpoint
UPDATE "labeling_schemas" AS t SET "titles" = coalesce(t."titles", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('Numbers', 'Chiffres'),
  ('Letters Upper Case', 'Lettres majuscules'),
  ('Letters Lower Case', 'Lettres minuscules'),
  ('Roman Upper Case', 'Chiffres romains majuscules'),
  ('Roman Lower Case', 'Chiffres romains minuscules')
) AS v(en, fr)
WHERE t."title" = v.en AND nullif(btrim(t."titles" ->> 'fr'), '') IS NULL;--> statement-breakpoint
UPDATE "position_labeling_options" AS t SET "titles" = coalesce(t."titles", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('Linear', 'Linéaire'),
  ('Two Dimensional', 'Deux dimensions')
) AS v(en, fr)
WHERE t."title" = v.en AND nullif(btrim(t."titles" ->> 'fr'), '') IS NULL;--> statement-breakpoint
UPDATE "anatomic_sites" AS t SET "titles" = coalesce(t."titles", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('Blood', 'Sang'),
  ('Breast', 'Sein'),
  ('Cervix Uteri', 'Col de l''utérus'),
  ('Colon', 'Côlon'),
  ('Lung', 'Poumon'),
  ('Liver', 'Foie'),
  ('Skin', 'Peau'),
  ('Oral Cavity', 'Cavité buccale'),
  ('Not Specified', 'Non précisé')
) AS v(en, fr)
WHERE t."title" = v.en AND nullif(btrim(t."titles" ->> 'fr'), '') IS NULL;--> statement-breakpoint
UPDATE "pathological_statuses" AS t SET "titles" = coalesce(t."titles", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('Malignant', 'Malin'),
  ('Non-Malignant', 'Non malin'),
  ('Benign', 'Bénin'),
  ('Pre-Malignant', 'Prémalin'),
  ('Not Specified', 'Non précisé')
) AS v(en, fr)
WHERE t."title" = v.en AND nullif(btrim(t."titles" ->> 'fr'), '') IS NULL;--> statement-breakpoint
UPDATE "specimen_collection_procedures" AS t SET "titles" = coalesce(t."titles", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('Venipuncture', 'Ponction veineuse'),
  ('Biopsy', 'Biopsie'),
  ('Surgical Resection', 'Résection chirurgicale'),
  ('Fine Needle Aspiration', 'Cytoponction à l''aiguille fine'),
  ('Swab', 'Écouvillonnage'),
  ('Urine Collection', 'Recueil d''urine'),
  ('Saliva Collection', 'Recueil de salive')
) AS v(en, fr)
WHERE t."title" = v.en AND nullif(btrim(t."titles" ->> 'fr'), '') IS NULL;--> statement-breakpoint
UPDATE "sub_sample_lineages" AS t SET "titles" = coalesce(t."titles", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('Aliquot', 'Aliquote'),
  ('Derived', 'Dérivé')
) AS v(en, fr)
WHERE t."title" = v.en AND nullif(btrim(t."titles" ->> 'fr'), '') IS NULL;--> statement-breakpoint
UPDATE "payment_categories" AS t SET "titles" = coalesce(t."titles", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('Out of Pocket', 'À la charge du participant'),
  ('Free', 'Gratuit'),
  ('Half', 'Demi-tarif'),
  ('Post Payment', 'Paiement différé'),
  ('Insurance', 'Assurance')
) AS v(en, fr)
WHERE t."title" = v.en AND nullif(btrim(t."titles" ->> 'fr'), '') IS NULL;--> statement-breakpoint
UPDATE "data_types" AS t SET "titles" = coalesce(t."titles", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('Single Line Text', 'Texte sur une ligne'),
  ('Multi Line Text', 'Texte sur plusieurs lignes'),
  ('Time Picker', 'Heure'),
  ('Date Picker', 'Date'),
  ('Date Time Picker', 'Date et heure'),
  ('Checkbox', 'Case à cocher'),
  ('Checkbox List', 'Cases à cocher'),
  ('Radio List', 'Boutons radio'),
  ('Select', 'Liste déroulante')
) AS v(en, fr)
WHERE t."title" = v.en AND nullif(btrim(t."titles" ->> 'fr'), '') IS NULL;--> statement-breakpoint
UPDATE "collection_protocol_event_unit_of_measurements" AS t SET "titles" = coalesce(t."titles", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('Hour', 'Heure'),
  ('Day', 'Jour'),
  ('Week', 'Semaine'),
  ('Month', 'Mois'),
  ('Year', 'An')
) AS v(en, fr)
WHERE t."unit_name" = v.en AND nullif(btrim(t."titles" ->> 'fr'), '') IS NULL;--> statement-breakpoint
UPDATE "unit_of_measurement_types" AS t SET "titles" = coalesce(t."titles", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('Mass', 'Masse'),
  ('Count', 'Nombre')
) AS v(en, fr)
WHERE t."title" = v.en AND nullif(btrim(t."titles" ->> 'fr'), '') IS NULL;--> statement-breakpoint
UPDATE "unit_of_measurements" AS t SET "titles" = coalesce(t."titles", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('Milligram', 'Milligramme'),
  ('Gram', 'Gramme'),
  ('Microgram', 'Microgramme'),
  ('Count', 'Nombre'),
  ('Cells', 'Cellules'),
  ('Milligram per decilitre', 'Milligramme par décilitre'),
  ('Millimole per litre', 'Millimole par litre'),
  ('Gram per decilitre', 'Gramme par décilitre'),
  ('Cells per microlitre', 'Cellules par microlitre')
) AS v(en, fr)
WHERE t."unit_name" = v.en AND nullif(btrim(t."titles" ->> 'fr'), '') IS NULL;--> statement-breakpoint
UPDATE "specimen_type_categories" AS t SET "titles" = coalesce(t."titles", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('Fluid', 'Liquide biologique'),
  ('Tissue', 'Tissu'),
  ('Cell', 'Cellules'),
  ('Molecular', 'Moléculaire')
) AS v(en, fr)
WHERE t."title" = v.en AND nullif(btrim(t."titles" ->> 'fr'), '') IS NULL;--> statement-breakpoint
UPDATE "specimen_types" AS t SET "titles" = coalesce(t."titles", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('Whole Blood', 'Sang total'),
  ('Serum', 'Sérum'),
  ('Saliva', 'Salive'),
  ('Buffy Coat', 'Couche leucocytaire'),
  ('Fresh Frozen Tissue', 'Tissu congelé frais'),
  ('FFPE Block', 'Bloc FFPE'),
  ('Tissue Slide', 'Lame de tissu'),
  ('Cervical Cells', 'Cellules cervicales'),
  ('DNA', 'ADN'),
  ('RNA', 'ARN')
) AS v(en, fr)
WHERE t."title" = v.en AND nullif(btrim(t."titles" ->> 'fr'), '') IS NULL;--> statement-breakpoint
UPDATE "phone_number_type_categories" AS t SET "titles" = coalesce(t."titles", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('Personal', 'Personnel'),
  ('Work', 'Professionnel'),
  ('Emergency Contact', 'Contact d''urgence')
) AS v(en, fr)
WHERE t."title" = v.en AND nullif(btrim(t."titles" ->> 'fr'), '') IS NULL;--> statement-breakpoint
UPDATE "phone_number_types" AS t SET "titles" = coalesce(t."titles", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('Mobile', 'Portable'),
  ('Home', 'Domicile'),
  ('Office', 'Bureau'),
  ('Work Mobile', 'Portable professionnel'),
  ('Next of Kin', 'Proche parent'),
  ('Caregiver', 'Aidant')
) AS v(en, fr)
WHERE t."title" = v.en AND nullif(btrim(t."titles" ->> 'fr'), '') IS NULL;
