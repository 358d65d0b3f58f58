import type { SandboxTexts } from './types.js'

// Canadian French: "vous"; "institution financière" for bank, every time; a no-break space (U+00A0)
// before a colon and inside « », a narrow one (U+202F) before ; ! ?, as the Office québécois de la
// langue française writes them (test/locales/glossary.test.ts).

const reconnectNext =
  'Invitez le demandeur à reconnecter son institution financière à partir de votre application. D’ici là, cette page ne change pas d’elle-même\u202f; rechargez-la une fois la reconnexion faite.'
const waitNext = (seconds: number) =>
  `Rien à faire\u00a0: cette page vérifie de nouveau toutes les ${seconds}\u00a0secondes et affiche le rapport dès qu’il est prêt.`
const linksLast =
  'Les liens de rapport sont valides pendant 30\u00a0minutes. L’application qui affiche ce rapport demande un nouveau lien d’elle-même\u202f; si le rapport ne revient pas, rechargez la page.'

/** The sandbox's pages in Canadian French: formal, "vous". */
export const frCA: SandboxTexts = {
  lang: 'fr-CA',
  intl: 'fr-CA',
  mark: 'Environnement de test\u00a0: données simulées, aucune vraie institution financière n’est contactée.',
  widget: {
    exit: 'Quitter',
    step: (at, of) => `Étape ${at} sur ${of}`,
    hint: {
      summary: 'Identifiants de test',
      username: 'Nom d’utilisateur',
      password: 'Mot de passe',
      outcome: 'Résultat',
      complete: 'rapport terminé',
      anythingElse: 'tout autre',
      wrongCredentials: 'identifiants erronés\u00a0: reconnexion requise',
      asksForCode: 'demande le code',
      acquireFails: 'échec de l’obtention des données',
      generationFails: 'échec de la production du rapport',
    },
    chooseBank: 'Choisissez votre institution financière',
    searchLabel: 'Cherchez votre institution financière',
    search: 'Chercher',
    banks: 'Institutions financières',
    cantFind: 'Je ne trouve pas mon institution financière',
    matches: (count, query) =>
      `${count} ${count === 1 ? 'institution financière correspond' : 'institutions financières correspondent'} à «\u00a0${query}\u00a0».`,
    noMatch: (query) =>
      `Aucune institution financière ne correspond à «\u00a0${query}\u00a0». Vérifiez l’orthographe ou cherchez une partie de son nom.`,
    chooseFromList: 'Choisissez votre institution financière dans la liste.',
    signInTo: (bank) => `Connectez-vous à ${bank}`,
    username: 'Nom d’utilisateur',
    password: 'Mot de passe',
    continue: 'Continuer',
    chooseAnotherBank: 'Choisir une autre institution financière',
    wrongPassword:
      'Le nom d’utilisateur ou le mot de passe est erroné. Vérifiez-les, puis réessayez.',
    reconnectNotice: {
      wrongCredentials: (bank) =>
        `Votre dernière connexion à ${bank} n’a pas fonctionné\u00a0: le nom d’utilisateur ou le mot de passe était erroné. Connectez-vous de nouveau pour continuer à partager les renseignements de votre compte.`,
      mfa: (bank) =>
        `Votre dernière connexion à ${bank} n’a pas été terminée\u00a0: le code de vérification n’a pas été entré. Connectez-vous de nouveau pour la terminer.`,
      other: (bank) =>
        `${bank} vous demande de vous connecter de nouveau pour continuer à partager les renseignements de votre compte.`,
    },
    enterCode: 'Entrez le code',
    codeSent: (bank) => `${bank} a envoyé un code à 6\u00a0chiffres à votre téléphone.`,
    sandboxCode: 'Environnement de test\u00a0: le code est',
    code: 'Code',
    verify: 'Vérifier',
    wrongCode: (bank) =>
      `Ce code est erroné. Entrez le code à 6\u00a0chiffres que ${bank} a envoyé à votre téléphone (le plus récent, s’il y en a plusieurs).`,
    connected: 'Connexion réussie',
    isConnected: (bank) => `${bank} est connectée.`,
    returnToApp: 'Vous pouvez retourner à l’application.',
    closeWindow: 'Vous pouvez fermer cette fenêtre.',
    notListedTitle: 'Votre institution financière n’est pas dans la liste',
    notListed:
      'Nous n’avons pas trouvé votre institution financière\u202f; aucun compte n’a donc été connecté.',
    notListedReturn: 'Retournez à l’application pour vous connecter autrement.',
    cannotConnect: 'Connexion impossible',
    badOrigin:
      'Le paramètre origin doit être une origine http(s), par exemple https://lender.example.',
    reconnectLinkInvalid: 'Ce lien de reconnexion n’est pas valide.',
    connectLinkInvalid: 'Ce lien de connexion n’est pas valide.',
    tokenExpired: 'Cette session a expiré. Recommencez à partir de l’application.',
    bankAlreadyChosen:
      'Cette institution financière est déjà choisie. Retournez à la page où vous étiez.',
    cannotSendForm: 'Impossible d’envoyer ce formulaire',
    formUnread: 'Le formulaire n’a pas pu être lu. Réessayez.',
    tooLong:
      'Ce que vous avez entré est trop long pour être envoyé. Entrez-le de nouveau, plus court.',
    backToCode: 'Retour au code',
    backToBank: (bank) => `Retour à ${bank}`,
    backToBanks: 'Retour à la liste des institutions financières',
    sessionEndedTitle: 'Session terminée',
    sessionEnded:
      'Cette session est terminée. Fermez cette fenêtre et recommencez à partir de l’application.',
    sessionExpiredTitle: 'Session expirée',
    sessionExpired:
      'Cette session a expiré après 30\u00a0minutes. Fermez cette fenêtre et recommencez à partir de l’application.',
  },
  oauth: {
    popupIntro: (bank) =>
      `${bank} vous demande de vous connecter sur son propre site, dans une nouvelle fenêtre. Cette page continue d’elle-même quand vous avez terminé.`,
    redirectIntro: (bank) =>
      `${bank} vous demande de vous connecter sur son propre site. Vous quittez cette page pour celle de l’institution financière et revenez ici quand vous avez terminé.`,
    open: 'Ouvrir la page de l’institution financière',
    continueTo: (bank) => `Continuer vers ${bank}`,
    waiting: (bank) => `Terminez la connexion à ${bank} dans la fenêtre qui s’est ouverte.`,
    blocked: (bank) =>
      `Votre navigateur a bloqué la fenêtre de ${bank}. Ouvrez-la avec le bouton ci-dessous.`,
    hint: 'Environnement de test\u00a0: la page de l’institution financière offre Autoriser et Refuser, et vous laisse choisir ce qui suit Autoriser.',
    denied: (bank) =>
      `Vous n’avez pas autorisé ${bank} à partager vos données. Choisissez de nouveau votre institution financière, ou une autre.`,
    closed: (bank) =>
      `La fenêtre de ${bank} a été fermée avant la fin. Choisissez de nouveau votre institution financière pour recommencer.`,
    stateInvalid:
      'Ce retour de votre institution financière ne peut pas servir\u00a0: il a déjà servi, a expiré ou appartient à une autre visite. Recommencez à partir de l’application.',
    badRedirect:
      'Le paramètre redirect_uri doit être une URL http(s) sur l’origine pour laquelle le widget a été ouvert.',
    bankMark:
      'Institution financière de test\u00a0: aucune vraie institution financière, aucune connexion requise.',
    consentTitle: 'Autoriser l’accès à vos comptes\u00a0?',
    consentAsk: (bank) =>
      `L’application d’où vous venez demande à voir vos soldes et vos transactions chez ${bank}, pour vérifier vos revenus.`,
    outcomeLegend: 'Environnement de test\u00a0: ce qui suit Autoriser',
    outcomeComplete: 'Connecter',
    outcomeAcquireFails: 'Connecter, puis l’obtention des données échoue',
    allow: 'Autoriser',
    deny: 'Refuser',
    doneTitle: 'Terminé',
    done: 'Vous pouvez fermer cette fenêtre.',
    overTitle: 'Impossible de continuer',
    over: 'Cette connexion est terminée\u00a0: elle a déjà reçu une réponse, a été annulée ou a expiré. Retournez à l’application et choisissez de nouveau votre institution financière.',
    backToApp: 'Retour à l’application',
  },
  portal: {
    documentTitle: (id) => `Rapport ${id}`,
    heading: 'Rapport de vérification des revenus et des comptes bancaires',
    report: 'Rapport',
    consumer: 'Demandeur',
    referenceDate: 'Date de référence',
    created: 'Créé le',
    status: 'Statut',
    summary: 'Sommaire',
    accounts: 'Comptes',
    institutions: 'Institutions financières',
    netBalance: 'Solde net',
    noAccounts: 'Aucun compte n’est connecté.',
    institution: 'Institution financière',
    type: 'Type',
    accountNumber: 'Numéro de compte',
    routingNumber: 'Numéro d’acheminement',
    ending: (last4) => `se terminant par ${last4}`,
    hidden: 'masqué',
    features: (item) => `Indicateurs\u00a0: ${item}`,
    feature: 'Indicateur',
    value: 'Valeur',
    noFeatures: 'Cet élément n’a aucun indicateur.',
    itemNames: { ibv_validate_metrics: 'Mesures de validation' },
    accountTypes: {
      checking: 'Compte chèques',
      savings: 'Compte d’épargne',
      credit_card: 'Carte de crédit',
      money_market: 'Compte du marché monétaire',
    },
    statusLabels: {
      initiated: 'Démarré',
      reconnect_required: 'Reconnexion requise',
      ibv_data_acquire_failed: 'Données non obtenues',
      ibv_data_acquired: 'Rapport en préparation',
      generation_failed: 'Échec du rapport',
      complete: 'Terminé',
    },
    unknownStatusLabel: 'Statut inconnu',
    statusDescriptions: {
      initiated: 'La demande a été reçue et attend les données de l’institution financière.',
      reconnect_required:
        'La connexion à l’institution financière a échoué à cause d’identifiants erronés ou d’une étape de vérification non terminée. Rien d’autre ne se passe tant que le demandeur n’a pas reconnecté son institution financière.',
      ibv_data_acquire_failed:
        'Les données n’ont pas pu être obtenues de l’institution financière. Le demandeur peut reconnecter son institution financière pour réessayer.',
      ibv_data_acquired:
        'Les données sont téléchargées\u202f; les indicateurs et les pointages sont en cours de calcul.',
      generation_failed:
        'Les indicateurs et les pointages de ce rapport n’ont pas pu être calculés.',
      complete: 'Le rapport est prêt.',
    },
    unknownStatusDescription: (status) =>
      `Le service a indiqué le statut «\u00a0${status}\u00a0», que cette version d’ibv-kit ne connaît pas.`,
    states: {
      initiated: { title: 'Rapport en cours', next: waitNext },
      ibv_data_acquired: { title: 'Rapport en préparation', next: waitNext },
      reconnect_required: {
        title: 'Reconnexion de l’institution financière requise',
        next: () => reconnectNext,
      },
      ibv_data_acquire_failed: {
        title: 'Données de l’institution financière non obtenues',
        next: () =>
          'Aucun rapport ne viendra de cette demande. Invitez le demandeur à reconnecter son institution financière à partir de votre application, ce qui lance une nouvelle demande.',
      },
      generation_failed: {
        title: 'Le rapport n’a pas pu être produit',
        next: () =>
          'Aucun rapport ne viendra de cette demande\u00a0: le service ne fera rien de plus. Lancez une nouvelle demande ou, si le problème se reproduit, communiquez avec l’équipe de soutien.',
      },
    },
    unknownTitle: 'Statut du rapport inconnu',
    checksAgain: (seconds) => `Cette page vérifie de nouveau toutes les ${seconds}\u00a0secondes.`,
    reloadLater: 'Rechargez cette page plus tard.',
    stateDocumentTitle: (title, id) => `${title}\u00a0: rapport ${id}`,
    whatItMeans: 'Ce que cela signifie',
    whatToDoNext: 'Que faire maintenant',
    refused: {
      unknown: {
        title: 'Lien de rapport non valide',
        text: 'Ce lien de rapport n’est pas valide.',
        next: 'Ouvrez de nouveau le rapport à partir de l’application qui l’a affiché\u00a0: elle demande un nouveau lien.',
      },
      expired: {
        title: 'Lien de rapport expiré',
        text: 'Ce lien de rapport a expiré. L’application qui affiche ce rapport en demande un nouveau.',
        next: linksLast,
      },
      wrong_kind: {
        title: 'Lien de rapport non valide',
        text: 'Ce jeton ne peut pas ouvrir de rapport\u00a0: ce n’est pas un jeton de rapport intégré.',
        next: 'L’application doit demander un jeton de rapport intégré (type embedded_report_token) pour cette demande et ouvrir le rapport avec celui-ci.',
      },
    },
    sessionExpired: {
      title: 'Session de rapport expirée',
      text: 'Cette session de rapport a expiré.',
      next: linksLast,
    },
    unavailableTitle: (title) => `Rapport non disponible\u00a0: ${title}`,
  },
}
