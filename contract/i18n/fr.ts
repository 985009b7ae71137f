import type { Catalogue } from './catalogues';
import { LANGUAGE_CHOICES } from './languages';

/**
 * French, complete: typed `Catalogue`, so a key English has and French lacks fails the compiler.
 * Typography: a (narrow) no-break space before ':', '?', '!' and ';' (U+202F / U+00A0), « » quotes.
 */
export const fr: Catalogue = {
  shell: {
    appName: 'Biobanking LIMS',
    skipToContent: 'Aller au contenu principal',
    toggleNavigation: 'Afficher ou masquer la navigation',
    mainNavigation: 'Principale',
    nav: {
      '/': 'Accueil',
      '/collection-protocols': 'Protocoles de collecte',
      '/orders': 'Demandes',
      '/shipment/overview': 'Expéditions',
      '/configuration': 'Configuration',
      '/patients': 'Participants',
      '/report': 'Rapports',
      '/distribution-protocols': 'Distribution',
      '/catalogue': 'Catalogue',
      '/queries': 'Requêtes',
      '/setting': 'Paramètres',
      '/accounts': 'Comptes',
    },
    quick: {
      barcodeGenerator: 'Générateur de codes-barres',
      newOrder: 'Nouvelle demande',
      newParticipant: 'Nouveau participant',
    },
    account: {
      menu: '{{name}}\u00a0: menu du compte',
      changePassword: 'Changer le mot de passe',
      logout: 'Se déconnecter',
      language: 'Langue',
      languageSaved: 'Les écrans sont maintenant en {{language}}.',
    },
    institution: {
      label: 'Établissement',
      prefix: 'Établissement\u00a0: ',
      change: "Changer d'établissement",
      loading: "Chargement de l'établissement",
      gone: "L'établissement que vous aviez choisi ne vous est plus accessible. Choisissez-en un autre.",
      loadFailed: "Votre établissement n'a pas pu être chargé\u00a0: {{reason}}",
    },
    picker: {
      title: 'Établissements',
      intro: "Choisissez l'établissement dans lequel vous voulez travailler.",
      search: 'Rechercher un établissement',
      loadFailed: "Les établissements n'ont pas pu être chargés",
      tryAgain: 'Réessayer',
      noMatch: 'Aucun établissement ne correspond à «\u00a0{{search}}\u00a0».',
      none: "Votre compte n'appartient à aucun établissement actif. Demandez à un administrateur de vous y ajouter.",
      showing: '{{shown}} sur {{total}}\u00a0; recherchez pour réduire la liste.',
    },
    session: {
      loadingAccount: 'Chargement de votre compte',
      accountFailed: "Votre compte n'a pas pu être chargé",
      tryAgain: 'Réessayer',
    },
    form: {
      submit: 'Valider',
      submitAnother: 'Valider et en créer un autre',
    },
    errors: {
      notificationTitle: 'Erreur',
      unreachable: 'Le serveur est injoignable. Vérifiez votre connexion.',
      requestFailed: 'La requête a échoué ({{status}}).',
    },
  },
  auth: {
    login: {
      tagline: 'Connectez-vous à votre portail',
      signedOut: 'Déconnecté',
      email: 'E-mail',
      password: 'Mot de passe',
      stayLoggedIn: 'Rester connecté\u00a0?',
      submit: 'Se connecter',
      rights: '© 2021. Tous droits réservés.',
      about: 'À propos',
    },
    changePassword: {
      title: 'Changer votre mot de passe',
      current: 'Mot de passe actuel',
      new: 'Nouveau mot de passe',
      confirm: 'Confirmer le nouveau mot de passe',
      consequence: 'Vos autres sessions sont déconnectées.',
      done: 'Votre mot de passe a été changé.',
    },
  },
  messages: {
    required: '*obligatoire',
    requiredSelect: '*Obligatoire',
    code2: 'Le code doit comporter 2 caractères au plus',
    abbreviation4: "L'abréviation doit comporter 4 caractères au plus",
    badLogin: "Nom d'utilisateur ou mot de passe incorrect.",
    oldPasswordWrong: "L'ancien mot de passe est incorrect.",
    internal: 'Erreur interne du serveur.',
    invalidIp: 'Adresse IP non valide',
    invalidId: 'Doit être un nombre entier de 1 à 2147483647',
    nulCharacter: 'Ne doit pas contenir de caractère NUL',
    controlCharacter:
      'Ne doit pas contenir de caractères de contrôle, de sauts de ligne ni de marques de direction invisibles',
    controlCharacterMultiline:
      'Ne doit pas contenir de caractères de contrôle (hors tabulation et saut de ligne) ni de forçages de direction invisibles',
    invalidDate: 'Date non valide',
    dateFormat: 'Utilisez le format de date AAAA-MM-JJ',
    enterNumber: 'Saisissez un nombre',
    enterWholeNumber: 'Saisissez un nombre entier',
    collectedFuture: 'La date de collecte ne peut pas être dans le futur',
    wholeNumber: 'Doit être un nombre entier de -2147483648 à 2147483647',
    badValue: 'Une valeur de la requête ne peut pas être enregistrée.',
    unknownQueryParameter: "N'est pas un paramètre de requête de cet appel",
    noQueryParameters: "Cet appel n'accepte aucun paramètre de requête",
    unknownLanguage: `Langue inconnue de ce serveur\u00a0: choisissez parmi ${LANGUAGE_CHOICES}`,
    idList: 'Identifiants séparés par des virgules (ou paramètre répété), chacun un nombre entier de 1 à 2147483647',
  },
  fields: {
    Language: 'Langue',
    OldPassword: 'Ancien mot de passe',
    NewPassword: 'Nouveau mot de passe',
    ConfirmPassword: 'Confirmation du mot de passe',
    UserName: "Nom d'utilisateur",
    Password: 'Mot de passe',
  },
  records: {
    Record: 'Enregistrement',
    Institution: 'Établissement',
    Participant: 'Participant',
    Account: 'Compte',
    Invitation: 'Invitation',
    MRN: 'Numéro de dossier',
    race: 'Race',
    ethnicity: 'Ethnicité',
    'phone number': 'Numéro de téléphone',
    // samples, storage, shipments
    'Collected sample': 'Échantillon prélevé',
    'Box position': 'Position de boîte',
    Occupancy: 'Occupation de position',
    'Storage container': 'Conteneur de stockage',
    Shipment: 'Expédition',
    'Shipment item': "Élément d'expédition",
  },
  problems: {
    // Platform's generic problems (server/platform/errors.ts).
    unauthorized: "Vous n'êtes pas connecté ou votre session a expiré.",
    forbidden: "Vous n'avez pas l'autorisation de faire ceci.",
    not_found: '{{what}} introuvable.',
    stale_stamp: "Cet enregistrement a été modifié par quelqu'un d'autre. Rechargez-le et réessayez.",
    unique_violation: 'Un enregistrement avec la même valeur existe déjà.',
    reference_missing: "Un enregistrement référencé n'existe pas.",
    validation: '{{field}}\u00a0: {{message}}',
    validation_unnamed: '{{message}}',
    body_too_large: 'Le corps de la requête dépasse ce que cette requête accepte ({{limit}}).',
    invalid_json: "Le corps de la requête n'est pas du JSON valide.",
    internal: 'Erreur interne du serveur.',
    invalid_url: "L'adresse de la requête n'est pas valide.",
    unknown_query: 'Paramètre de requête inconnu «\u00a0{{name}}\u00a0»',
    statement_timeout:
      'La base de données a mis trop de temps à répondre et la requête a été arrêtée. Réessayez, ou affinez la recherche.',
    database_busy:
      "Le serveur est trop occupé pour répondre : aucune connexion à la base de données ne s'est libérée à temps. Réessayez dans un instant.",
    // auth (server/modules/auth/auth.errors.ts)
    'auth.invalid_credentials': "Nom d'utilisateur ou mot de passe incorrect.",
    'auth.throttled_seconds': 'Trop de tentatives de connexion échouées. Réessayez dans {{seconds}}\u00a0s.',
    'auth.throttled_minutes': 'Trop de tentatives de connexion échouées. Réessayez dans {{minutes}}\u00a0min.',
    'auth.session_expired': 'Votre session a expiré. Reconnectez-vous.',
    'auth.session_idle': 'Votre session a pris fin après {{minutes}}\u00a0min sans activité. Reconnectez-vous.',
    'auth.old_password_wrong': "L'ancien mot de passe est incorrect.",
    // participants (server/modules/participants/participants.errors.ts)
    'participants.mrn_taken_same': 'Le numéro de dossier {{mrn}} est déjà enregistré pour un autre participant.',
    'participants.mrn_taken_other':
      'Le numéro de dossier {{mrn}} est déjà enregistré pour le participant au numéro de dossier {{owner}}.',
    'participants.mrn_taken_site':
      'Le numéro de dossier {{mrn}} est déjà enregistré sur ce site pour le participant au numéro de dossier {{owner}}.',
    'participants.child_duplicate_mrn': 'Ce numéro de dossier est déjà enregistré pour le participant.',
    'participants.child_duplicate_race': 'Cette race est déjà enregistrée pour le participant.',
    'participants.child_duplicate_ethnicity': 'Cette ethnicité est déjà enregistrée pour le participant.',
    'participants.child_duplicate_phone_number': 'Ce numéro de téléphone est déjà enregistré pour le participant.',
    // samples (server/modules/samples/samples.errors.ts)
    'samples.sample_id_taken': "L'identifiant d'échantillon {{sampleId}} est déjà utilisé dans cet établissement.",
    'samples.sample_id_twice': "L'identifiant d'échantillon {{sampleId}} est donné à deux lignes.",
    'samples.overdraw':
      "Il reste {{remaining}}\u00a0{{unit}} de l'échantillon {{sampleId}}\u00a0; {{wanted}}\u00a0{{unit}} ne peuvent pas y être prélevés.",
    'samples.over_return':
      "L'échantillon {{sampleId}} ne peut pas contenir plus que les {{collected}}\u00a0{{unit}} prélevés.",
    'samples.outside_dates_between':
      'Le protocole {{protocol}} se déroule du {{start}} au {{end}}\u00a0; la date de prélèvement {{day}} est en dehors.',
    'samples.outside_dates_from':
      'Le protocole {{protocol}} commence le {{start}}\u00a0; la date de prélèvement {{day}} est en dehors.',
    'samples.outside_dates_until':
      "Le protocole {{protocol}} s'achève le {{end}}\u00a0; la date de prélèvement {{day}} est en dehors.",
    'samples.future_date':
      "La date de prélèvement ne peut pas être dans le futur\u00a0: le {{day}} est après aujourd'hui ({{today}}).",
    'samples.not_enrolled': "{{name}} n'est pas inclus dans ce protocole\u00a0: incluez d'abord le participant.",
    'samples.participant_disabled': '{{name}} est désactivé dans ce protocole.',
    'samples.event_not_in_protocol': 'Choisissez un événement de ce protocole.',
    'samples.site_not_in_protocol':
      "Choisissez l'un des sites du protocole (ajoutez d'abord le site dans la page Sites).",
    'samples.site_required':
      "Choisissez le site de l'établissement où les échantillons ont été prélevés (l'événement n'en indique aucun).",
    'samples.aliquot_type': "Une aliquote a le type d'échantillon de son parent.",
    'samples.aliquot_unit_unknown': "Cette unité ne peut pas être convertie dans l'unité du parent.",
    'samples.aliquot_unit_types':
      "{{child}} et {{parent}} ne peuvent pas être convertis l'un dans l'autre\u00a0: types d'unité différents.",
    'samples.aliquot_unit_factor':
      "{{child}} et {{parent}} ne peuvent pas être convertis l'un dans l'autre\u00a0: indiquez un facteur de conversion pour {{missing}} dans Configuration > Unité de mesure.",
    'samples.aliquot_unit_factor_both':
      "{{child}} et {{parent}} ne peuvent pas être convertis l'un dans l'autre\u00a0: indiquez un facteur de conversion pour {{child}} et pour {{parent}} dans Configuration > Unité de mesure.",
    'samples.lineage_required': "Choisissez la lignée de sous-échantillon d'une ligne enfant.",
    'samples.unit_required': "Choisissez l'unité de mesure d'un échantillon.",
    'samples.row_parent': "La ligne {{key}} désigne une ligne parente qui n'est pas listée avant elle.",
    'samples.row_key': 'La clé de ligne {{key}} est utilisée deux fois.',
    'samples.in_transit':
      "L'échantillon {{sampleId}} fait partie de l'expédition «\u00a0{{shipment}}\u00a0»\u00a0: il ne peut être ni aliquoté ni sous-échantillonné avant que l'expédition soit réceptionnée ou annulée.",
    'samples.held_elsewhere':
      "L'échantillon {{sampleId}} a été réceptionné par {{holder}}\u00a0: il est sous sa garde et ne peut donc pas être aliquoté ni sous-échantillonné ici.",
    'samples.received_type_unknown_specimen_type':
      "L'échantillon {{sampleId}} ne peut pas être accepté\u00a0: son type d'échantillon «\u00a0{{value}}\u00a0» ne figure pas dans la liste de votre établissement. Ajoutez-le dans Configuration, puis acceptez à nouveau.",
    'samples.received_type_unknown_unit':
      "L'échantillon {{sampleId}} ne peut pas être accepté\u00a0: son unité «\u00a0{{value}}\u00a0» ne figure pas dans la liste de votre établissement. Ajoutez-la dans Configuration, puis acceptez à nouveau.",
    'samples.held_elsewhere_use_adjusted':
      "L'échantillon {{sampleId}} a été réceptionné par {{holder}}\u00a0: il est sous sa garde et ne peut donc plus être ajusté ici.",
    'samples.held_elsewhere_use_labelled':
      "L'échantillon {{sampleId}} a été réceptionné par {{holder}}\u00a0: il est sous sa garde et ne peut donc plus être étiqueté ici.",
    'samples.received_consent_blocked':
      "Échantillon {{sampleId}}\u00a0: le consentement de son donneur dans l'établissement expéditeur n'en permet pas d'autre usage, il ne peut donc pas être étiqueté.",
    'samples.parent_disabled': "L'échantillon {{sampleId}} est désactivé\u00a0: rien ne peut y être prélevé.",
    // storage (server/modules/storage/storage.errors.ts)
    'storage.code_taken_here': 'Le code {{code}} est déjà utilisé ici.',
    'storage.code_taken_in': 'Le code {{code}} est déjà utilisé dans {{parent}}.',
    'storage.code_taken_container': 'Le code {{code}} est déjà utilisé par un autre conteneur de stockage.',
    'storage.full_containers':
      '{{parent}} est plein\u00a0: il contient au plus {{capacity}} conteneurs (lignes x colonnes).',
    'storage.full_shelves':
      '{{parent}} est plein\u00a0: il contient au plus {{capacity}} étagères (lignes x colonnes).',
    'storage.full_racks': '{{parent}} est plein\u00a0: il contient au plus {{capacity}} racks (lignes x colonnes).',
    'storage.full_drawers': '{{parent}} est plein\u00a0: il contient au plus {{capacity}} tiroirs (lignes x colonnes).',
    'storage.full_boxes': '{{parent}} est plein\u00a0: il contient au plus {{capacity}} boîtes (lignes x colonnes).',
    'storage.too_small':
      "{{count}} éléments actifs sont à l'intérieur\u00a0: lignes x colonnes ({{capacity}}) ne peut pas être inférieur.",
    'storage.box_layout_fixed':
      "Les lignes, colonnes, l'étiquetage et l'ordre de remplissage d'une boîte ne peuvent pas changer\u00a0: ses positions existent déjà. Créez plutôt une nouvelle boîte.",
    'storage.wrong_parent_container': 'Un conteneur est au niveau supérieur\u00a0: il ne se range dans rien.',
    'storage.wrong_parent_shelf': 'Une étagère se range dans un conteneur.',
    'storage.wrong_parent_rack': 'Un rack se range sur une étagère.',
    'storage.wrong_parent_drawer': 'Un tiroir se range dans un rack.',
    'storage.wrong_parent_box': 'Une boîte se range sur une étagère, dans un rack ou dans un tiroir.',
    'storage.has_children_container': "Ce conteneur contient encore des éléments actifs\u00a0: désactivez-les d'abord.",
    'storage.has_children_shelf': "Cette étagère contient encore des éléments actifs\u00a0: désactivez-les d'abord.",
    'storage.has_children_rack': "Ce rack contient encore des éléments actifs\u00a0: désactivez-les d'abord.",
    'storage.has_children_drawer': "Ce tiroir contient encore des éléments actifs\u00a0: désactivez-les d'abord.",
    'storage.has_children_box': "Cette boîte contient encore des éléments actifs\u00a0: désactivez-les d'abord.",
    'storage.parent_disabled_container': "Le conteneur au-dessus est désactivé\u00a0: activez-le d'abord.",
    'storage.parent_disabled_shelf': "L'étagère au-dessus est désactivée\u00a0: activez-la d'abord.",
    'storage.parent_disabled_rack': "Le rack au-dessus est désactivé\u00a0: activez-le d'abord.",
    'storage.parent_disabled_drawer': "Le tiroir au-dessus est désactivé\u00a0: activez-le d'abord.",
    'storage.parent_disabled_box': "La boîte au-dessus est désactivée\u00a0: activez-la d'abord.",
    'storage.unknown_option':
      "L'option d'étiquetage des positions {{title}} n'a pas de règle d'étiquetage\u00a0: choisissez Linéaire ou Deux dimensions.",
    'storage.unknown_schema':
      "Le schéma d'étiquetage {{title}} n'a pas de règle d'étiquetage\u00a0: choisissez Chiffres, Lettres ou Romain (majuscules ou minuscules).",
    'storage.column_schema_required':
      "Schéma d'étiquetage des colonnes\u00a0: *Obligatoire (seule une boîte linéaire numérote ses positions à partir du seul schéma des lignes).",
    'storage.position_occupied_by':
      "La position {{code}} de {{box}} est déjà occupée par l'échantillon {{occupant}}\u00a0: choisissez une position libre.",
    'storage.position_occupied_unknown':
      'La position {{code}} de {{box}} est déjà occupée\u00a0: choisissez une position libre.',
    'storage.sample_placed':
      "L'échantillon {{sampleId}} est déjà stocké en {{where}}\u00a0: retirez-le d'abord de cet emplacement.",
    'storage.sample_in_transit':
      "L'échantillon {{sampleId}} fait partie de l'expédition ouverte {{shipment}}\u00a0: il pourra être stocké une fois réceptionné.",
    'storage.sample_disabled': "L'échantillon {{sampleId}} est désactivé\u00a0: il ne peut pas être stocké.",
    'storage.sample_held_elsewhere':
      "L'échantillon {{sampleId}} a été réceptionné par {{holder}}\u00a0: il est sous sa garde et ne peut plus être stocké ici.",
    'storage.received_consent_withdrawn':
      "Échantillon {{sampleId}}\u00a0: son donneur a retiré son consentement dans l'établissement expéditeur, il ne peut donc pas être stocké.",
    'storage.box_disabled': "{{box}} est désactivée\u00a0: activez la boîte avant d'y stocker des échantillons.",
    'storage.box_lacks_room_one':
      "{{box}} a {{free}} position libre\u00a0; {{wanted}} échantillons n'y tiennent pas. Rien n'a été placé.",
    'storage.box_lacks_room_other':
      "{{box}} a {{free}} positions libres\u00a0; {{wanted}} échantillons n'y tiennent pas. Rien n'a été placé.",
    'storage.box_occupied_one': "Cette boîte contient encore {{n}} échantillon\u00a0: retirez-le d'abord.",
    'storage.box_occupied_other': "Cette boîte contient encore {{n}} échantillons\u00a0: retirez-les d'abord.",
    'storage.already_vacated': "L'échantillon {{sampleId}} a déjà été retiré de la position {{code}}.",
    'storage.rack_scan_invalid_one':
      "La lecture comporte {{n}} ligne en erreur\u00a0: corrigez-la et relancez la lecture. Rien n'a été modifié.",
    'storage.rack_scan_invalid_other':
      "La lecture comporte {{n}} lignes en erreur\u00a0: corrigez-les et relancez la lecture. Rien n'a été modifié.",
    'storage.rack_scan_stale':
      "La boîte ou ses échantillons ont changé depuis la lecture du scan\u00a0: relisez le scan avant de l'appliquer. Rien n'a été modifié.",
    'storage.rack_scan_position_held':
      "La position {{code}} contient encore l'échantillon {{sampleId}}, que le scan ne trouve pas\u00a0: choisissez de retirer les échantillons manquants, ou retirez-le d'abord. Rien n'a été modifié.",
    'storage.position_mismatch': "StorageContainerBoxPositionId désigne une autre position que l'adresse.",
    // shipments (server/modules/shipments/shipments.errors.ts)
    'shipments.same_institution': "Choisissez un autre établissement pour recevoir l'expédition.",
    'shipments.sending_institution': "Une expédition part de l'établissement dans lequel vous travaillez.",
    'shipments.receiving_institution': "Choisissez un établissement existant pour recevoir l'expédition.",
    'shipments.receiving_site': "Choisissez un site actif de l'établissement destinataire.",
    'shipments.sending_site': "Choisissez un site actif de votre établissement comme site d'expédition.",
    'shipments.protocol': 'Choisissez un protocole de collecte de votre établissement.',
    'shipments.no_items': "Ajoutez au moins un échantillon avant d'envoyer l'expédition.",
    'shipments.sample_not_found': 'Échantillon prélevé {{id}} introuvable.',
    'shipments.in_open_shipment':
      "L'échantillon {{sampleId}} fait déjà partie de l'expédition ouverte «\u00a0{{shipment}}\u00a0».",
    'shipments.sample_disabled': "L'échantillon {{sampleId}} est désactivé et ne peut pas être expédié.",
    'shipments.nothing_left': "Il ne reste rien de l'échantillon {{sampleId}} à expédier.",
    'shipments.received_elsewhere':
      "L'échantillon {{sampleId}} a été réceptionné par {{receiver}}\u00a0: il n'est plus ici pour être expédié.",
    'shipments.too_many': 'Une expédition contient au plus {{max}} échantillons.',
    'shipments.not_draft': "Les échantillons ne s'ajoutent qu'à une expédition en brouillon.",
    'shipments.not_receivable_draft':
      'Cette expédition est en brouillon\u00a0: ses éléments ne peuvent être ni réceptionnés ni refusés.',
    'shipments.not_receivable_received':
      'Cette expédition est réceptionnée\u00a0: ses éléments ne peuvent plus être réceptionnés ni refusés.',
    'shipments.not_receivable_cancelled':
      'Cette expédition est annulée\u00a0: ses éléments ne peuvent être ni réceptionnés ni refusés.',
    'shipments.item_processed_received': "L'échantillon {{sampleId}} est déjà réceptionné.",
    'shipments.item_processed_rejected': "L'échantillon {{sampleId}} est déjà refusé.",
    'shipments.item_processed_cancelled': "L'échantillon {{sampleId}} est déjà annulé.",
    'shipments.item_not_in_shipment': "L'élément {{itemId}} ne fait pas partie de cette expédition.",
    'shipments.item_stale':
      "L'échantillon {{sampleId}} a été modifié par quelqu'un d'autre\u00a0: rechargez l'expédition et réessayez.",
    'shipments.items_refused_received': "Rien n'a été réceptionné\u00a0: des échantillons sont refusés ({{samples}}).",
    'shipments.items_refused_received_more':
      "Rien n'a été réceptionné\u00a0: des échantillons sont refusés ({{samples}} et {{more}} autres).",
    'shipments.items_refused_received_more_one':
      "Rien n'a été réceptionné\u00a0: des échantillons sont refusés ({{samples}} et 1 autre).",
    'shipments.items_refused_rejected_more_one':
      "Rien n'a été refusé\u00a0: des échantillons ne peuvent pas l'être ({{samples}} et 1 autre).",
    'shipments.items_refused_rejected':
      "Rien n'a été refusé\u00a0: des échantillons ne peuvent pas l'être ({{samples}}).",
    'shipments.items_refused_rejected_more':
      "Rien n'a été refusé\u00a0: des échantillons ne peuvent pas l'être ({{samples}} et {{more}} autres).",
    'shipments.receiver_only': "Seul l'établissement destinataire réceptionne ou refuse des éléments.",
    'shipments.sender_only': "Seul l'établissement expéditeur modifie cette expédition.",
    'shipments.cannot_cancel_received': 'Cette expédition est réceptionnée et ne peut pas être annulée.',
    'shipments.cannot_cancel_partially_received':
      'Cette expédition est partiellement réceptionnée et ne peut pas être annulée.',
    'shipments.cannot_cancel_cancelled': 'Cette expédition est déjà annulée.',
    'shipments.processed_items':
      'Des éléments de cette expédition ont déjà été réceptionnés ou refusés\u00a0: elle ne peut pas être annulée.',
    'shipments.manifest_not_sent_draft':
      'Cette expédition est en brouillon\u00a0: seule une expédition envoyée a un manifeste pour une autre installation.',
    'shipments.manifest_not_sent_cancelled':
      'Cette expédition est annulée\u00a0: seule une expédition envoyée a un manifeste pour une autre installation.',
    'shipments.manifest_invalid': "Ce fichier n'est pas un manifeste d'expédition que ce système peut importer.",
    'shipments.manifest_wrong_signer':
      'Ce manifeste indique provenir de {{title}} ({{abbreviation}}) mais il est signé par {{signer}} ({{signerAbbreviation}})\u00a0: refusé.',
    'shipments.manifest_wrong_receiver':
      'Ce manifeste est adressé à {{title}} ({{abbreviation}}), pas à votre établissement.',
    'shipments.manifest_imported': "Ce manifeste a déjà été importé comme l'expédition «\u00a0{{name}}\u00a0».",
    'shipments.receipt_invalid': "Ce fichier n'est pas un accusé de réception que ce système peut importer.",
    'shipments.receipt_wrong_signer':
      'Cet accusé de réception indique provenir de {{receiver}} mais il est signé par {{signer}}\u00a0: refusé.',
    'shipments.receipt_other_shipment_receiver':
      'Cet accusé de réception ne concerne pas cette expédition\u00a0: il provient de {{from}} ({{fromAbbreviation}}), et cette expédition a été envoyée à {{to}}.',
    'shipments.receipt_other_shipment_manifest':
      "Cet accusé de réception ne concerne pas cette expédition\u00a0: il répond au manifeste {{sha}}…, qui n'a pas été exporté pour cette expédition.",
    'shipments.receipt_other_shipment_sample':
      "Cet accusé de réception ne concerne pas cette expédition\u00a0: l'échantillon {{sampleId}} n'en fait pas partie.",
    'shipments.receipt_conflict_received_rejected':
      "L'échantillon {{sampleId}} est réceptionné ici mais refusé dans l'accusé de réception\u00a0: rien n'a été modifié.",
    'shipments.receipt_conflict_rejected_received':
      "L'échantillon {{sampleId}} est refusé ici mais réceptionné dans l'accusé de réception\u00a0: rien n'a été modifié.",
    'shipments.receipt_conflict_cancelled_received':
      "L'échantillon {{sampleId}} est annulé ici mais réceptionné dans l'accusé de réception\u00a0: rien n'a été modifié.",
    'shipments.receipt_conflict_cancelled_rejected':
      "L'échantillon {{sampleId}} est annulé ici mais refusé dans l'accusé de réception\u00a0: rien n'a été modifié.",
    'shipments.receipt_not_imported':
      "Seule une expédition importée depuis le manifeste d'une autre installation a un fichier d'accusé de réception\u00a0: celle-ci est réceptionnée ici directement.",
    'shipments.receipt_not_ready':
      'Des éléments de cette expédition sont encore en attente\u00a0: un accusé de réception est émis une fois chaque élément réceptionné ou refusé.',
    'shipments.manifest_no_site': "Votre établissement n'a aucun site actif pour réceptionner l'expédition.",
  },
  samples: {
    kind: { primary: 'primaire', aliquot: 'aliquote', derivative: 'dérivé' },
    badge: {
      consentWithdrawn: 'Consentement retiré',
      inShipment: 'En expédition',
      inDraftShipment: 'Dans une expédition en brouillon ({{name}})',
      inTransit: 'En transit (expédition {{name}})',
    },
    heldBy: 'Détenu par {{title}}',
    heldBySince: 'Détenu par {{title}} depuis le {{since}}',
    refusal: {
      consent:
        'Le donneur de {{sampleId}} a retiré son consentement\u00a0: aucun sous-échantillon ne peut y être prélevé.',
      inTransit:
        "{{sampleId}} fait partie de l'expédition «\u00a0{{shipment}}\u00a0»\u00a0: aucun sous-échantillon avant sa réception ou son annulation.",
      disabled: '{{sampleId}} est désactivé\u00a0: rien ne peut y être prélevé.',
    },
    participant: {
      title: 'Échantillons prélevés',
      collectOne: 'Prélever un échantillon',
      collectSpecimen: 'Prélever les échantillons',
      consentWithdrawn: 'Consentement retiré\u00a0: plus aucun échantillon ne peut être prélevé chez ce participant.',
      empty: "Aucun échantillon prélevé chez ce participant pour l'instant.",
    },
    list: {
      title: 'Échantillons prélevés',
      intro:
        'Les échantillons de ce protocole avec leurs aliquotes et dérivés\u00a0; dépliez un échantillon pour les voir.',
      allocate: 'Ranger',
      collect: 'Prélever un échantillon',
      search: "Rechercher par identifiant d'échantillon",
      emptyCollect: 'Aucun échantillon prélevé pour l\u2019instant\u00a0: prélevez le premier.',
      empty: "Aucun échantillon prélevé pour l'instant.",
      parentFailed: "L'échantillon parent n'a pas pu être chargé",
      close: 'Fermer',
    },
    tree: {
      sampleId: "Identifiant d'échantillon",
      specimenType: "Type d'échantillon",
      collected: 'Prélevé',
      remaining: 'Restant',
      collectedDate: 'Date de prélèvement',
      event: 'Événement',
      collectedAmount: 'Quantité prélevée',
      remainingAmount: 'Quantité restante',
      unit: 'Unité',
      loadFailed: "Les échantillons n'ont pas pu être chargés",
      tryAgain: 'Réessayer',
      loading: 'Chargement des échantillons',
      name: 'Échantillons prélevés',
      cellLabel: '{{label}}\u00a0:',
      primary_one: '{{formatted}} échantillon primaire',
      primary_other: '{{formatted}} échantillons primaires',
      pageLabel: 'Page {{page}}',
      loadingChildren: 'Chargement des sous-échantillons…',
      childrenFailed: "Les sous-échantillons n'ont pas pu être chargés\u00a0: {{reason}}",
      noChildren: "Aucun sous-échantillon pour l'instant.",
      children: 'Sous-échantillons',
      row: 'Échantillon {{sampleId}}',
      collapse: 'Replier {{sampleId}}',
      expand: 'Déplier {{sampleId}}',
      addChild: 'Créer un sous-échantillon',
      addChildOf: 'Créer un sous-échantillon de {{sampleId}}',
    },
    collect: {
      title: 'Prélever les échantillons',
      collectAnyway: 'Prélever quand même',
      outsideNote:
        'Prélever quand même\u00a0? Les échantillons sont enregistrés comme prélevés en dehors des dates du protocole.',
      collected_one: '{{count}} échantillon prélevé pour {{event}}.',
      collected_other: '{{count}} échantillons prélevés pour {{event}}.',
      theEvent: "l'événement",
      step1: 'Choisir les échantillons requis',
      step1Description: "Choisissez l'événement",
      event: 'Événement',
      loading: 'Chargement…',
      chooseEvent: 'Choisissez un événement',
      noEvents: "Ce protocole n'a pas encore d'événement",
      chooseEventHint: 'Choisissez un événement pour voir les échantillons qu\u2019il prévoit.',
      loadingRequirements: 'Chargement des échantillons requis',
      requirementsFailed: "Les échantillons requis n'ont pas pu être chargés",
      noRequirements: 'Cet événement ne prévoit aucun échantillon',
      noRequirementsHint: 'Ajoutez-les dans la page Événements du protocole avant de prélever pour cet événement.',
      cancel: 'Annuler',
      next: 'Suivant',
      step2: 'Prélever les échantillons',
      step2Description: 'Quantités et identifiants',
      rowsHint:
        "{{event}}\u00a0: un échantillon par ligne\u00a0; les lignes en retrait sont prises sur la ligne au-dessus. Laissez un identifiant d'échantillon vide pour en générer un.",
      site: "Site de l'établissement",
      siteFallback: 'Site {{id}}',
      chooseSite: 'Choisissez un site',
      noSites: "Ce protocole n'a pas encore de site",
      collectedDate: 'Date de prélèvement',
      collectedTime: 'Heure de prélèvement',
      rows: 'Échantillons à prélever',
      row: 'Ligne {{n}}\u00a0: {{name}}',
      fromRow: ' de la ligne {{n}}',
      sampleId: "Identifiant d'échantillon",
      generated: 'Généré si vide',
      quantity: 'Quantité',
      parentAmountUsed: 'Quantité prise sur le parent',
      none: 'Aucune',
      back: 'Retour',
      submit: 'Valider',
    },
    detail: {
      loading: "Chargement de l'échantillon",
      notFound: 'Échantillon introuvable',
      loadFailed: "L'échantillon n'a pas pu être chargé",
      noSuch: "Aucun échantillon {{id}} n'appartient à {{protocol}}.",
      all: 'Tous les échantillons prélevés',
      back: 'Échantillons prélevés',
      title: 'Échantillon {{sampleId}}',
      createSubSample: 'Créer un sous-échantillon',
      adjust: 'Ajustement manuel',
      withdrawnTitle: 'Le donneur a retiré son consentement\u00a0: cet échantillon ne peut plus être utilisé.',
      withdrawnText: 'Les ajustements restent possibles, pour enregistrer du matériel détruit ou perdu.',
      heldTitle: '{{held}}.',
      heldText: 'Le tube est sous sa garde\u00a0: il ne peut plus être stocké, aliquoté, expédié ni étiqueté ici.',
      specimenType: "Type d'échantillon",
      collectedAmount: 'Quantité prélevée',
      remainingAmount: 'Quantité restante',
      collected: 'Prélevé le',
      donor: 'Donneur',
      mrn: ' (numéro de dossier {{mrn}})',
      event: 'Événement',
      site: "Site de l'établissement",
      parent: 'Parent',
      usedFromParent: ' · {{amount}} pris sur le parent',
      children: 'Sous-échantillons',
      loadingChildren: 'Chargement des sous-échantillons',
      childrenFailed: "Les sous-échantillons n'ont pas pu être chargés\u00a0: {{reason}}",
      noChildren: 'Aucun sous-échantillon.',
      left: '{{remaining}} restants sur {{collected}}',
      childCount_one: '{{count}} sous-échantillon',
      childCount_other: '{{count}} sous-échantillons',
      history: 'Historique',
      open: 'Ouvrir {{sampleId}}',
      by: 'Par {{name}}',
      amount: 'Quantité {{amount}}',
      remainingAfter: 'Restant ensuite\u00a0: {{amount}}',
    },
    custody: {
      position: 'Position de stockage',
      loadingPosition: 'Chargement de la position de stockage',
      positionFailed: "La position de stockage n'a pas pu être chargée\u00a0: {{reason}}",
      openBox: 'Ouvrir la boîte',
      notStored: 'Non rangé',
      suggest: 'Proposer une position',
      noSuggestion: 'Aucune proposition\u00a0: {{reason}}',
      suggestedSameKind:
        "Proposée (une boîte contenant des échantillons de ce protocole de ce type d'échantillon)\u00a0:",
      suggestedFirstFree:
        "Proposée (aucune boîte ne contient encore d'échantillons semblables\u00a0; la première position libre)\u00a0:",
      openSuggested: 'Ouvrir la boîte proposée',
      orders: 'Demandes',
      orderTests: 'Demander des analyses',
      newOrder: 'Nouvelle demande',
      loadingOrders: 'Chargement des demandes',
      ordersFailed: "Les demandes n'ont pas pu être chargées\u00a0: {{reason}}",
      noOrders: 'Aucune demande sur cet échantillon.',
      noOrdersDonor: ' Demander des analyses demande un panel sur cet échantillon pour son code donneur.',
      noOrdersHint:
        " Pour demander une analyse, ouvrez Nouvelle demande et cherchez {{sampleId}} sous IDENTIFIANT D'ÉCHANTILLON PRÉLEVÉ.",
      ordered: 'Demandée le',
      panels: 'Panels',
      releaseState: 'État de validation',
      orderedOn: 'Demandée le {{date}}',
      newest:
        "Les {{shown}} plus récentes sur {{total}} demandes\u00a0; Demandes > IDENTIFIANT D'ÉCHANTILLON PRÉLEVÉ les liste toutes.",
    },
    timeline: {
      loading: 'Chargement en cours\u00a0: {{what}}',
      failed: 'Échec du chargement ({{what}})\u00a0: {{reason}}',
      reason: 'Motif\u00a0: {{reason}}',
      event: {
        collected: 'Prélevé',
        aliquoted: 'Aliquoté',
        derived: 'Dérivé',
        adjusted: 'Ajusté',
        allocated: 'Rangé',
        vacated: 'Retiré du stockage',
        shipped: 'Expédié',
        received: 'Réceptionné',
        rejected: 'Refusé à la réception',
        shipment_cancelled: 'Expédition annulée',
        consent_withdrawn: 'Consentement retiré',
        consent_given_again: 'Consentement redonné',
        label_printed: 'Étiquette imprimée',
      },
    },
    allocate: {
      title: "Rangement d'échantillons prélevés",
      scanLabel: "Identifiant d'échantillon",
      scanPlaceholder: "Scannez ou saisissez l'identifiant de l'échantillon",
      find: 'Rechercher',
      noSample: "Aucun échantillon d'identifiant {{sampleId}} dans {{protocol}}.",
      close: 'Fermer',
      consent: 'Le donneur a retiré son consentement\u00a0: cet échantillon ne peut pas être stocké.',
      inTransit:
        "Il fait partie de l'expédition «\u00a0{{shipment}}\u00a0»\u00a0: c'est son destinataire qui le stockera.",
      stored: '{{sampleId}} rangé en {{location}}.',
      remaining: '{{amount}} restants',
      finding: "Recherche d'une position libre",
      suggestFailed: "Aucune position n'a pu être proposée\u00a0: {{reason}}",
      storedNow: 'Actuellement rangé en {{location}}.',
      moveHint: "Pour le déplacer, retirez-le d'abord de cette position (Configuration > Conteneur de stockage).",
      noFree: 'Aucune position libre dans aucune boîte.',
      noFreeHint: 'Ajoutez une boîte dans Configuration > Conteneur de stockage.',
      sameKind: "Une boîte contenant des échantillons de ce protocole de ce type d'échantillon\u00a0:",
      firstFree: "Aucune boîte ne contient encore d'échantillons semblables\u00a0; la première position libre\u00a0:",
      openBox: 'Ouvrir la boîte',
      position: 'Position',
      suggested: 'Proposée\u00a0: la première position libre',
      submit: 'Ranger',
    },
  },
};
