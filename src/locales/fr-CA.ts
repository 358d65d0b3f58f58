import type { IbvLocale } from '../core/locale.js'

// Canadian French, as the Office québécois de la langue française writes it: "institution
// financière" for bank, in every text (buttons too: a credit union is no "banque"), "demandeur" for
// applicant, "vous" in both voices, a no-break space (\u00a0) before a colon and inside « », a narrow
// one (\u202f) before ; ! ?, and the typographic apostrophe (test/locales/glossary.test.ts).
// `{consumer}` stands for a name or for `theApplicant` ("ce demandeur"), which reads right after
// "à" ("Envoyer à ce demandeur"), where "le demandeur" would need "au".

/**
 * Canadian French: every text of every component in both voices, and numbers, money and dates as
 * `fr-CA` writes them. A name the service sends without a label here is shown as sent.
 *
 * @example
 * import { frCA } from 'ibv-kit/locales/fr-CA'
 * frCA.messages.refreshReport // 'Actualiser le rapport'
 */
export const frCA: IbvLocale = {
  code: 'fr-CA',
  formats: { intl: 'fr-CA', namesInWords: false },
  messages: {
    // <EmbeddedReport>
    reportTitle: 'Rapport de vérification des revenus et des comptes bancaires',
    reportLoading: 'Chargement du rapport…',
    reportError: 'Le rapport n’a pas pu être chargé.',
    tryAgain: 'Réessayer',

    // <ReportStatusBadge>
    statusLabels: {
      initiated: 'Démarré',
      reconnect_required: 'Reconnexion requise',
      ibv_data_acquire_failed: 'Données non obtenues',
      ibv_data_acquired: 'Rapport en préparation',
      generation_failed: 'Échec du rapport',
      complete: 'Terminé',
    },
    unknownStatus: 'Statut inconnu',
    statusDescriptions: {
      initiated: 'Les données bancaires sont en cours d’obtention.',
      reconnect_required:
        'La connexion à l’institution financière a échoué à cause d’identifiants erronés ou d’une étape de vérification inachevée. Rien ne se passera avant que le demandeur reconnecte son institution financière.',
      ibv_data_acquire_failed:
        'Les données n’ont pas pu être obtenues de l’institution financière. Le demandeur peut la reconnecter pour réessayer.',
      ibv_data_acquired:
        'Les données bancaires sont arrivées\u202f; le rapport est en préparation.',
      generation_failed: 'Le rapport n’a pas pu être produit à partir des données bancaires.',
      complete: 'Le rapport est prêt.',
    },
    unknownStatusDescription: 'Cette page ne connaît pas encore le statut «\u00a0{status}\u00a0».',
    statusDescriptionsBorrower: {
      initiated: 'En attente des données de votre institution financière.',
      reconnect_required:
        'La connexion à votre institution financière demande votre attention\u00a0: reconnectez-la pour continuer.',
      ibv_data_acquire_failed:
        'Les données de votre institution financière n’ont pas pu être obtenues\u00a0: reconnectez-la pour réessayer.',
      ibv_data_acquired: 'Votre rapport est en préparation.',
      generation_failed: 'Votre rapport n’a pas pu être créé.',
      complete: 'Votre rapport est prêt.',
    },

    // <ReconnectPrompt>, borrower voice
    reconnectTitle: {
      reconnect_required: 'Reconnectez votre institution financière',
      invalid_connection: 'La connexion à votre institution financière ne fonctionne plus',
      data_pull_failed: 'Nous n’avons pas pu obtenir les données de votre institution financière',
      refresh_not_ready: 'Votre rapport a été actualisé récemment',
    },
    reconnectBody: {
      reconnect_required:
        'La connexion à {institution} demande votre attention\u00a0: l’ouverture de session a échoué ou une étape de vérification n’a pas été terminée. Reconnectez-vous pour continuer.',
      invalid_connection:
        'La connexion à {institution} n’est plus valide. Reconnectez-vous pour que le rapport puisse être actualisé.',
      data_pull_failed:
        'Les données de {institution} n’ont pas pu être obtenues. Reconnectez-vous pour réessayer.',
      refresh_not_ready:
        'Votre rapport a été actualisé au cours des dernières 24\u00a0heures. Il est actualisé au plus une fois par jour\u00a0: vous n’avez rien à faire pour l’instant.',
    },
    reconnectAction: 'Reconnecter {institution}',
    yourBank: 'votre institution financière',
    // <ReconnectPrompt>, staff voice
    reconnectTitleStaff: {
      reconnect_required: 'Invitez {consumer} à reconnecter {institution}',
      invalid_connection: 'La connexion à {institution} ne fonctionne plus',
      data_pull_failed: 'Aucune donnée bancaire n’a pu être obtenue de {institution}',
      refresh_not_ready: 'Le rapport a été actualisé au cours des dernières 24\u00a0heures',
    },
    reconnectBodyStaff: {
      reconnect_required:
        'L’ouverture de session auprès de {institution} a échoué ou une étape de vérification n’a pas été terminée. Rien ne se passera avant que {consumer} se reconnecte\u00a0: copiez le lien de connexion et envoyez-le-lui.',
      invalid_connection:
        'La connexion n’est plus valide, le rapport ne peut donc pas être actualisé. Invitez {consumer} à reconnecter {institution} avec le lien de connexion.',
      data_pull_failed:
        'Pour réessayer, invitez {consumer} à reconnecter {institution} avec le lien de connexion.',
      refresh_not_ready:
        'Un rapport peut être actualisé une fois toutes les 24\u00a0heures. Actualisez-le de nouveau quand 24\u00a0heures se seront écoulées depuis la dernière actualisation.',
    },
    reconnectLinkLabel: 'Lien de connexion',
    reconnectCopy: 'Copier le lien',
    reconnectCopied: 'Lien copié.',
    reconnectCopyFailed:
      'Le lien n’a pas pu être copié\u00a0: sélectionnez-le ci-dessus et copiez-le manuellement.',
    reconnectSend: 'Envoyer à {consumer}',
    theApplicant: 'ce demandeur',
    theirBank: 'son institution financière',

    // <ConnectButton> and <ibv-connect-button>
    connectBank: 'Connecter votre institution financière',
    connectTitle: 'Connectez votre institution financière',
    connectFrameTitle: 'Connexion bancaire',
    close: 'Fermer',
    connectError: 'La connexion à l’institution financière n’a pas pu démarrer. Réessayez.',
    widgetLoading: 'Ouverture de la connexion…',
    widgetUnavailable:
      'La connexion à l’institution financière n’a pas pu s’ouvrir\u00a0: le service n’a pas répondu. Réessayez dans un instant.',
    inviteRefused:
      'Ce lien ne peut pas être utilisé\u00a0: il a expiré, a déjà servi ou est incomplet. Demandez-en un nouveau à votre prêteur.',
    connectNoApplicant:
      'Ce bouton n’a aucun demandeur\u00a0: aucune institution financière ne peut être connectée.',

    // <RefreshReportButton>
    refreshReport: 'Actualiser le rapport',
    refreshSubmitted:
      'Actualisation lancée. Le nouveau rapport s’affichera ici dès qu’il sera prêt.',
    refreshNotReady:
      'Le rapport a été actualisé au cours des dernières 24\u00a0heures. Un rapport peut être actualisé une fois toutes les 24\u00a0heures\u00a0: réessayez plus tard.',
    refreshNotReadyAt:
      'Un rapport peut être actualisé une fois toutes les 24\u00a0heures. Le dernier rapport date du {last}, la prochaine actualisation est donc possible à partir du {time} ({clock}).',
    refreshPreparing:
      'Un nouveau rapport est en préparation. Vous pourrez actualiser de nouveau dès qu’il sera prêt.',
    refreshNeedsReconnect:
      'L’actualisation sera possible quand {consumer} aura reconnecté {institution}.',
    refreshConsumerNotFound:
      'Le service ne connaît pas ce demandeur, il n’y a donc rien à actualiser.',
    refreshFailed: 'L’actualisation n’a pas pu démarrer. Réessayez plus tard.',
    refreshUnknown: 'L’actualisation n’a pas fonctionné\u00a0: {message}',
    refreshError:
      'La demande d’actualisation n’a pas pu être envoyée. Vérifiez votre connexion Internet et réessayez.',

    // A report kept on screen while a newer one is prepared
    reportOf: 'Rapport du {date} ({clock})',
    reportKeptPreparing: 'Rapport du {date} ({clock}) — un nouveau rapport est en préparation',
    reportKeptFailed:
      'Rapport du {date} ({clock}) — le nouveau rapport n’a pas pu être préparé. {reason}',
    serviceClock: 'heure du service de vérification',
    serviceClockHint:
      'L’heure du service de vérification est celle de l’horloge du service qui produit les rapports. Elle peut différer de votre fuseau horaire.',

    // <ReportView>
    reportNoAccounts: 'Aucun compte n’est connecté.',
    hiddenPersonalData: 'masqué',
    hiddenEnding: 'masqué, se terminant par {last}',
    itemFeatures: 'Indicateurs\u00a0: {item}',
    featureLabels: {
      average_monthly_income: 'Revenu mensuel moyen',
      income_stability_score: 'Pointage de stabilité du revenu',
      nsf_count_90d: 'Provisions insuffisantes (90\u00a0jours)',
      primary_income_source: 'Source principale de revenu',
    },
    itemNames: { ibv_validate_metrics: 'Mesures de validation' },
    accountTypes: {
      checking: 'Compte chèques',
      savings: 'Compte d’épargne',
      credit_card: 'Carte de crédit',
      money_market: 'Compte du marché monétaire',
    },
    fields: {
      consumer: 'Demandeur',
      referenceDate: 'Date de référence',
      created: 'Créé le',
      report: 'Rapport',
      accountNumber: 'Numéro de compte',
      routingNumber: 'Numéro d’acheminement',
      owner: 'Titulaire',
      accounts: 'Comptes',
      institutions: 'Institutions financières',
      totalBalance: 'Solde net',
      status: 'Statut',
    },
    summary: 'Sommaire',
    feature: 'Indicateur',
    value: 'Valeur',
    filterFeatures: 'Filtrer les indicateurs',
    featuresMatch: 'Indicateurs correspondants\u00a0: {shown} sur {total}',
    noFeatureMatches: 'Aucun indicateur ne correspond au filtre.',
    showPersonalData: 'Afficher les données personnelles',
    copyCsv: 'Copier en CSV',
    downloadCsv: 'Télécharger en CSV',
    copied: 'Tous les indicateurs ({count}) ont été copiés en CSV.',
    downloaded: 'Tous les indicateurs ({count}) ont été téléchargés en CSV.',
    copyFailed: 'Le presse-papiers a refusé la copie\u00a0: utilisez Télécharger en CSV.',

    // <InviteBorrowerButton>
    inviteCreate: 'Inviter {consumer} à connecter son institution financière',
    inviteLinkLabel: 'Lien d’invitation pour {consumer}',
    inviteHint:
      'Avec ce lien, {consumer} connecte son institution financière. Il ne fonctionne qu’une fois.',
    inviteCopy: 'Copier le lien',
    inviteCopied: 'Lien copié.',
    inviteCopyFailed:
      'Le lien n’a pas pu être copié\u00a0: sélectionnez-le ci-dessus et copiez-le manuellement.',
    inviteSend: 'Envoyer à {consumer}',
    inviteExpires: 'Expire le {date}',
    inviteError: 'Le lien d’invitation n’a pas pu être créé. Réessayez.',
    inviteForbidden: 'Vous n’avez pas l’autorisation d’inviter ce demandeur.',
    inviteNoName: 'ce demandeur',
    inviteStates: {
      sent: 'Lien d’invitation envoyé le {date}\u00a0: {consumer} ne l’a pas encore ouvert.',
      opened:
        'Lien d’invitation envoyé le {date}\u00a0: {consumer} l’a ouvert, mais n’a pas encore connecté son institution financière.',
      connected:
        'Lien d’invitation envoyé le {date}\u00a0: {consumer} a connecté son institution financière avec ce lien.',
      expired:
        'Lien d’invitation envoyé le {date}\u00a0: il a expiré avant que {consumer} connecte son institution financière.',
    },
  },
}

export default frCA
