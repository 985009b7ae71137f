-- Issue 33: the seeded lists' French descriptions for the institutions created before them. Written by
-- seededFrenchDescriptionsSql() in server/db/seed/reference-data.ts (server/test/seeded-french-descriptions.test.ts keeps them equal).
UPDATE "genders" AS t SET "descriptions" = coalesce(t."descriptions", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('Female', 'Femme'),
  ('Male', 'Homme'),
  ('Other or undisclosed gender', 'Autre genre ou genre non déclaré'),
  ('Not recorded', 'Non renseigné')
) AS v(en, fr)
WHERE t."description" = v.en AND nullif(btrim(t."descriptions" ->> 'fr'), '') IS NULL;--> statement-breakpoint
UPDATE "marital_statuses" AS t SET "descriptions" = coalesce(t."descriptions", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('Never married', 'Jamais marié(e)'),
  ('Married or in a civil partnership', 'Marié(e) ou lié(e) par une union civile'),
  ('Divorced', 'Divorcé(e)'),
  ('Widowed', 'Veuf ou veuve'),
  ('Legally separated', 'Séparé(e) légalement'),
  ('Not recorded', 'Non renseigné')
) AS v(en, fr)
WHERE t."description" = v.en AND nullif(btrim(t."descriptions" ->> 'fr'), '') IS NULL;--> statement-breakpoint
UPDATE "vital_statuses" AS t SET "descriptions" = coalesce(t."descriptions", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('Living participant', 'Participant vivant'),
  ('Deceased participant', 'Participant décédé'),
  ('Vital status not known', 'Statut vital inconnu')
) AS v(en, fr)
WHERE t."description" = v.en AND nullif(btrim(t."descriptions" ->> 'fr'), '') IS NULL;--> statement-breakpoint
UPDATE "patient_types" AS t SET "descriptions" = coalesce(t."descriptions", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('Seen without admission', 'Vu sans hospitalisation'),
  ('Admitted to a ward', 'Hospitalisé dans un service'),
  ('Enrolled for research only', 'Inclus uniquement pour la recherche'),
  ('Healthy control participant', 'Participant témoin en bonne santé')
) AS v(en, fr)
WHERE t."description" = v.en AND nullif(btrim(t."descriptions" ->> 'fr'), '') IS NULL;--> statement-breakpoint
UPDATE "priorities" AS t SET "descriptions" = coalesce(t."descriptions", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('Processed in normal turnaround', 'Traité dans le délai habituel'),
  ('Processed ahead of routine work', 'Traité avant le travail de routine'),
  ('Immediate processing required', 'Traitement immédiat requis')
) AS v(en, fr)
WHERE t."description" = v.en AND nullif(btrim(t."descriptions" ->> 'fr'), '') IS NULL;--> statement-breakpoint
UPDATE "races" AS t SET "descriptions" = coalesce(t."descriptions", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('American Indian or Alaska Native', 'Amérindien ou autochtone d''Alaska'),
  ('Asian', 'Asiatique'),
  ('Black or African American', 'Noir ou Afro-Américain'),
  ('Native Hawaiian or Other Pacific Islander', 'Autochtone d''Hawaï ou d''une autre île du Pacifique'),
  ('White', 'Blanc'),
  ('Another race', 'Autre race'),
  ('Not reported', 'Non déclaré')
) AS v(en, fr)
WHERE t."description" = v.en AND nullif(btrim(t."descriptions" ->> 'fr'), '') IS NULL;--> statement-breakpoint
UPDATE "ethnicities" AS t SET "descriptions" = coalesce(t."descriptions", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('Hispanic or Latino', 'Hispanique ou latino'),
  ('Not Hispanic or Latino', 'Ni hispanique ni latino'),
  ('Not reported', 'Non déclaré')
) AS v(en, fr)
WHERE t."description" = v.en AND nullif(btrim(t."descriptions" ->> 'fr'), '') IS NULL;--> statement-breakpoint
UPDATE "consent_purposes" AS t SET "descriptions" = coalesce(t."descriptions", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('Use of the samples and data in future research studies', 'Utilisation des échantillons et des données dans de futures études de recherche'),
  ('Genetic and genomic analysis of the samples', 'Analyse génétique et génomique des échantillons'),
  ('Use by or with commercial partners', 'Utilisation par des partenaires commerciaux ou avec eux')
) AS v(en, fr)
WHERE t."description" = v.en AND nullif(btrim(t."descriptions" ->> 'fr'), '') IS NULL;--> statement-breakpoint
UPDATE "position_labeling_options" AS t SET "descriptions" = coalesce(t."descriptions", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('Positions numbered in one sequence', 'Positions numérotées en une seule suite'),
  ('Positions addressed by row and column', 'Positions repérées par ligne et par colonne')
) AS v(en, fr)
WHERE t."description" = v.en AND nullif(btrim(t."descriptions" ->> 'fr'), '') IS NULL;--> statement-breakpoint
UPDATE "anatomic_sites" AS t SET "descriptions" = coalesce(t."descriptions", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('Peripheral blood', 'Sang périphérique'),
  ('Breast tissue', 'Tissu mammaire'),
  ('Uterine cervix', 'Col utérin'),
  ('Large intestine', 'Gros intestin'),
  ('Lung', 'Poumon'),
  ('Liver', 'Foie'),
  ('Prostate gland', 'Glande prostatique'),
  ('Skin', 'Peau'),
  ('Mouth and saliva', 'Bouche et salive'),
  ('Site not specified', 'Site non précisé')
) AS v(en, fr)
WHERE t."description" = v.en AND nullif(btrim(t."descriptions" ->> 'fr'), '') IS NULL;--> statement-breakpoint
UPDATE "pathological_statuses" AS t SET "descriptions" = coalesce(t."descriptions", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('Tumour tissue', 'Tissu tumoral'),
  ('Normal tissue', 'Tissu normal'),
  ('Benign lesion', 'Lésion bénigne'),
  ('Dysplasia or pre-malignant lesion', 'Dysplasie ou lésion prémaligne'),
  ('Status not specified', 'Statut non précisé')
) AS v(en, fr)
WHERE t."description" = v.en AND nullif(btrim(t."descriptions" ->> 'fr'), '') IS NULL;--> statement-breakpoint
UPDATE "specimen_collection_procedures" AS t SET "descriptions" = coalesce(t."descriptions", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('Blood drawn from a vein', 'Sang prélevé dans une veine'),
  ('Needle or incisional biopsy', 'Biopsie à l''aiguille ou incisionnelle'),
  ('Tissue removed at surgery', 'Tissu retiré lors d''une chirurgie'),
  ('Aspirate with a fine needle', 'Aspiration à l''aiguille fine'),
  ('Swab collection', 'Prélèvement par écouvillon'),
  ('Clean-catch urine', 'Urine de milieu de jet'),
  ('Passive drool or spit kit', 'Salive recueillie par écoulement passif ou kit de crachat')
) AS v(en, fr)
WHERE t."description" = v.en AND nullif(btrim(t."descriptions" ->> 'fr'), '') IS NULL;--> statement-breakpoint
UPDATE "sub_sample_lineages" AS t SET "descriptions" = coalesce(t."descriptions", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('Part of the parent sample, same specimen type', 'Partie de l''échantillon parent, même type d''échantillon'),
  ('New specimen type derived from the parent sample', 'Nouveau type d''échantillon dérivé de l''échantillon parent')
) AS v(en, fr)
WHERE t."description" = v.en AND nullif(btrim(t."descriptions" ->> 'fr'), '') IS NULL;--> statement-breakpoint
UPDATE "payment_categories" AS t SET "descriptions" = coalesce(t."descriptions", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('Paid by the participant', 'Payé par le participant'),
  ('No charge', 'Sans frais'),
  ('Half of the tariff', 'Moitié du tarif'),
  ('Billed after service', 'Facturé après le service'),
  ('Covered by an insurer', 'Pris en charge par un assureur')
) AS v(en, fr)
WHERE t."description" = v.en AND nullif(btrim(t."descriptions" ->> 'fr'), '') IS NULL;--> statement-breakpoint
UPDATE "data_types" AS t SET "descriptions" = coalesce(t."descriptions", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('One line of free text', 'Une ligne de texte libre'),
  ('Several lines of free text', 'Plusieurs lignes de texte libre'),
  ('A time of day', 'Une heure de la journée'),
  ('A calendar date', 'Une date du calendrier'),
  ('A date with a time', 'Une date avec une heure'),
  ('A yes/no tick', 'Une case à cocher oui/non'),
  ('Several choices from a list', 'Plusieurs choix dans une liste'),
  ('One choice from a list', 'Un choix dans une liste'),
  ('One choice from a drop-down', 'Un choix dans une liste déroulante')
) AS v(en, fr)
WHERE t."description" = v.en AND nullif(btrim(t."descriptions" ->> 'fr'), '') IS NULL;--> statement-breakpoint
UPDATE "collection_protocol_event_unit_of_measurements" AS t SET "descriptions" = coalesce(t."descriptions", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('Minutes after enrolment', 'Minutes après l''inclusion'),
  ('Hours after enrolment', 'Heures après l''inclusion'),
  ('Days after enrolment', 'Jours après l''inclusion'),
  ('Weeks after enrolment', 'Semaines après l''inclusion'),
  ('Months (30 days) after enrolment', 'Mois (30 jours) après l''inclusion'),
  ('Years (365 days) after enrolment', 'Années (365 jours) après l''inclusion')
) AS v(en, fr)
WHERE t."description" = v.en AND nullif(btrim(t."descriptions" ->> 'fr'), '') IS NULL;--> statement-breakpoint
UPDATE "unit_of_measurement_types" AS t SET "descriptions" = coalesce(t."descriptions", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('Liquid volume', 'Volume de liquide'),
  ('Weight of a specimen', 'Poids d''un échantillon'),
  ('Number of items', 'Nombre d''éléments'),
  ('Amount per volume', 'Quantité par volume')
) AS v(en, fr)
WHERE t."description" = v.en AND nullif(btrim(t."descriptions" ->> 'fr'), '') IS NULL;--> statement-breakpoint
UPDATE "unit_of_measurements" AS t SET "descriptions" = coalesce(t."descriptions", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('One thousandth of a litre', 'Un millième de litre'),
  ('One millionth of a litre', 'Un millionième de litre'),
  ('One thousandth of a gram', 'Un millième de gramme'),
  ('Gram', 'Gramme'),
  ('One millionth of a gram', 'Un millionième de gramme'),
  ('Number of pieces, slides or cores', 'Nombre de pièces, de lames ou de carottes'),
  ('Number of cells', 'Nombre de cellules'),
  ('Clinical chemistry concentration', 'Concentration en biochimie clinique'),
  ('Molar concentration', 'Concentration molaire'),
  ('Haemoglobin concentration', 'Concentration d''hémoglobine'),
  ('Cell count', 'Numération cellulaire')
) AS v(en, fr)
WHERE t."description" = v.en AND nullif(btrim(t."descriptions" ->> 'fr'), '') IS NULL;--> statement-breakpoint
UPDATE "specimen_type_categories" AS t SET "descriptions" = coalesce(t."descriptions", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('Body fluids', 'Liquides biologiques'),
  ('Solid tissue', 'Tissu solide'),
  ('Cells', 'Cellules'),
  ('Extracted nucleic acids', 'Acides nucléiques extraits')
) AS v(en, fr)
WHERE t."description" = v.en AND nullif(btrim(t."descriptions" ->> 'fr'), '') IS NULL;--> statement-breakpoint
UPDATE "specimen_types" AS t SET "descriptions" = coalesce(t."descriptions", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('EDTA whole blood', 'Sang total sur EDTA'),
  ('Serum from clotted blood', 'Sérum de sang coagulé'),
  ('EDTA plasma', 'Plasma sur EDTA'),
  ('Clean-catch urine', 'Urine de milieu de jet'),
  ('Whole saliva', 'Salive totale'),
  ('Leukocyte layer', 'Couche de leucocytes'),
  ('Snap-frozen tissue', 'Tissu congelé instantanément'),
  ('Formalin-fixed paraffin-embedded block', 'Bloc fixé au formol et inclus en paraffine'),
  ('Stained or unstained section', 'Coupe colorée ou non colorée'),
  ('Peripheral blood mononuclear cells', 'Cellules mononucléées du sang périphérique'),
  ('Liquid-based cytology cells', 'Cellules de cytologie en milieu liquide'),
  ('Extracted DNA', 'ADN extrait'),
  ('Extracted RNA', 'ARN extrait')
) AS v(en, fr)
WHERE t."description" = v.en AND nullif(btrim(t."descriptions" ->> 'fr'), '') IS NULL;--> statement-breakpoint
UPDATE "phone_number_type_categories" AS t SET "descriptions" = coalesce(t."descriptions", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('The participant''s own numbers', 'Numéros du participant lui-même'),
  ('Work numbers', 'Numéros professionnels'),
  ('Someone to call in an emergency', 'Personne à appeler en cas d''urgence')
) AS v(en, fr)
WHERE t."description" = v.en AND nullif(btrim(t."descriptions" ->> 'fr'), '') IS NULL;--> statement-breakpoint
UPDATE "phone_number_types" AS t SET "descriptions" = coalesce(t."descriptions", '{}'::jsonb) || jsonb_build_object('fr', v.fr)
FROM (VALUES
  ('Mobile phone', 'Téléphone portable'),
  ('Home landline', 'Téléphone fixe du domicile'),
  ('Office landline', 'Téléphone fixe du bureau'),
  ('Mobile phone issued by an employer', 'Téléphone portable fourni par un employeur'),
  ('Closest relative', 'Parent le plus proche'),
  ('Person caring for the participant', 'Personne qui s''occupe du participant')
) AS v(en, fr)
WHERE t."description" = v.en AND nullif(btrim(t."descriptions" ->> 'fr'), '') IS NULL;
