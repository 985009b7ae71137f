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
  },
};
