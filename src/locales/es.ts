import type { IbvLocale } from '../core/locale.js'

// Spanish for lenders in the United States. The staff voice addresses the loan officer as
// "usted" and says "solicitante" and "banco"; the borrower voice is formal ("usted", "su banco").
// `{consumer}` stands for a name or for `theApplicant` ("este solicitante"), which reads right
// after "a" ("Enviar a este solicitante"), where "el solicitante" would need "al".

/**
 * Spanish (United States): every text of every component in both voices, and numbers, money and
 * dates as `es-US` writes them. A name the service sends without a label here is shown as sent.
 *
 * @example
 * import { es } from 'ibv-kit/locales/es'
 * es.messages.refreshReport // 'Actualizar informe'
 */
export const es: IbvLocale = {
  code: 'es',
  formats: { intl: 'es-US', namesInWords: false },
  messages: {
    // <EmbeddedReport>
    reportTitle: 'Informe de verificación de ingresos y cuentas bancarias',
    reportLoading: 'Cargando el informe…',
    reportError: 'No se pudo cargar el informe.',
    tryAgain: 'Intentar de nuevo',

    // <ReportStatusBadge>
    statusLabels: {
      initiated: 'Iniciado',
      reconnect_required: 'Requiere volver a conectar',
      ibv_data_acquire_failed: 'Error al obtener datos',
      ibv_data_acquired: 'Generando informe',
      generation_failed: 'Error en el informe',
      complete: 'Completo',
    },
    unknownStatus: 'Estado desconocido',
    statusDescriptions: {
      initiated: 'Se están obteniendo los datos bancarios.',
      reconnect_required:
        'La conexión con el banco falló por credenciales incorrectas o por un paso de verificación sin terminar. No ocurrirá nada más hasta que el solicitante vuelva a conectar el banco.',
      ibv_data_acquire_failed:
        'No se pudieron obtener los datos del banco. El solicitante puede volver a conectar el banco para intentarlo de nuevo.',
      ibv_data_acquired: 'Los datos bancarios llegaron; se está generando el informe.',
      generation_failed: 'No se pudo generar el informe con los datos bancarios.',
      complete: 'El informe está listo.',
    },
    unknownStatusDescription: 'Esta página aún no conoce el estado “{status}”.',
    statusDescriptionsBorrower: {
      initiated: 'Esperando los datos de su banco.',
      reconnect_required:
        'La conexión con su banco requiere atención: vuelva a conectar su banco para continuar.',
      ibv_data_acquire_failed:
        'No se pudieron obtener los datos de su banco: vuelva a conectarlo para intentarlo de nuevo.',
      ibv_data_acquired: 'Se está generando su informe.',
      generation_failed: 'No se pudo crear su informe.',
      complete: 'Su informe está listo.',
    },

    // <ReconnectPrompt>, borrower voice
    reconnectTitle: {
      reconnect_required: 'Vuelva a conectar su banco',
      invalid_connection: 'La conexión con su banco dejó de funcionar',
      data_pull_failed: 'No pudimos obtener los datos de su banco',
      refresh_not_ready: 'Su informe se actualizó hace poco',
    },
    reconnectBody: {
      reconnect_required:
        'La conexión con {institution} requiere atención: no se pudo iniciar sesión o no se terminó un paso de verificación. Vuelva a conectarse para continuar.',
      invalid_connection:
        'La conexión con {institution} ya no es válida. Vuelva a conectarse para que el informe se pueda actualizar.',
      data_pull_failed:
        'No se pudieron obtener los datos de {institution}. Vuelva a conectarse para intentarlo de nuevo.',
      refresh_not_ready:
        'Su informe se actualizó en las últimas 24 horas. Se actualiza como máximo una vez al día, así que no tiene que hacer nada por ahora.',
    },
    reconnectAction: 'Volver a conectar {institution}',
    yourBank: 'su banco',
    // <ReconnectPrompt>, staff voice
    reconnectTitleStaff: {
      reconnect_required: 'Pida a {consumer} que vuelva a conectar {institution}',
      invalid_connection: 'La conexión con {institution} dejó de funcionar',
      data_pull_failed: 'No se pudieron obtener datos bancarios de {institution}',
      refresh_not_ready: 'El informe se actualizó en las últimas 24 horas',
    },
    reconnectBodyStaff: {
      reconnect_required:
        'No se pudo iniciar sesión en {institution} o no se terminó un paso de verificación. No ocurrirá nada más hasta que {consumer} vuelva a conectar su banco: copie el enlace de conexión y envíeselo.',
      invalid_connection:
        'La conexión ya no es válida, así que el informe no se puede actualizar. Pida a {consumer} que vuelva a conectar {institution} con el enlace de conexión.',
      data_pull_failed:
        'Pida a {consumer} que vuelva a conectar {institution} con el enlace de conexión para intentarlo de nuevo.',
      refresh_not_ready:
        'Un informe se puede actualizar una vez cada 24 horas. Vuelva a actualizarlo cuando hayan pasado 24 horas desde la última actualización.',
    },
    reconnectLinkLabel: 'Enlace de conexión',
    reconnectCopy: 'Copiar enlace',
    reconnectCopied: 'Enlace copiado.',
    reconnectCopyFailed: 'No se pudo copiar el enlace: selecciónelo arriba y cópielo manualmente.',
    reconnectSend: 'Enviar a {consumer}',
    theApplicant: 'este solicitante',
    theirBank: 'su banco',

    // <ConnectButton> and <ibv-connect-button>
    connectBank: 'Conectar su banco',
    connectTitle: 'Conecte su banco',
    connectFrameTitle: 'Conexión bancaria',
    close: 'Cerrar',
    connectError: 'No se pudo iniciar la conexión con el banco. Inténtelo de nuevo.',
    widgetLoading: 'Abriendo la conexión con el banco…',
    widgetUnavailable:
      'No se pudo abrir la conexión con el banco: el servicio no respondió. Inténtelo de nuevo en un momento.',
    inviteRefused:
      'Este enlace no se puede usar: venció, ya se usó o está incompleto. Pida uno nuevo a su prestamista.',
    connectNoApplicant: 'Este botón no tiene solicitante: no se puede conectar ningún banco.',

    // <RefreshReportButton>
    refreshReport: 'Actualizar informe',
    refreshSubmitted: 'Actualización iniciada. El nuevo informe aparecerá aquí cuando esté listo.',
    refreshNotReady:
      'El informe se actualizó en las últimas 24 horas. Los informes se pueden actualizar una vez cada 24 horas: inténtelo más tarde.',
    refreshNotReadyAt:
      'Los informes se pueden actualizar una vez cada 24 horas. El último informe es del {last}, así que la próxima actualización será posible a partir del {time} ({clock}).',
    refreshPreparing:
      'Se está preparando un nuevo informe. Podrá volver a actualizar cuando esté listo.',
    refreshNeedsReconnect:
      'Podrá actualizar cuando {consumer} haya vuelto a conectar {institution}.',
    refreshConsumerNotFound:
      'El servicio no conoce a este solicitante, así que no hay nada que actualizar.',
    refreshFailed: 'No se pudo iniciar la actualización. Inténtelo más tarde.',
    refreshUnknown: 'La actualización no funcionó: {message}',
    refreshError:
      'No se pudo enviar la actualización. Revise su conexión a internet e inténtelo de nuevo.',

    // A report kept on screen while a newer one is prepared
    reportOf: 'Informe del {date} ({clock})',
    reportKeptPreparing: 'Informe del {date} ({clock}) — se está preparando un nuevo informe',
    reportKeptFailed:
      'Informe del {date} ({clock}) — no se pudo preparar el nuevo informe. {reason}',
    serviceClock: 'hora del servicio de verificación',
    serviceClockHint:
      'La hora del servicio de verificación es la del reloj del servicio que genera los informes. Puede no coincidir con su zona horaria.',

    // <ReportView>
    reportNoAccounts: 'No hay cuentas conectadas.',
    hiddenPersonalData: 'oculto',
    hiddenEnding: 'oculto, termina en {last}',
    itemFeatures: 'Indicadores: {item}',
    featureLabels: {
      average_monthly_income: 'Ingreso mensual promedio',
      income_stability_score: 'Puntaje de estabilidad de ingresos',
      nsf_count_90d: 'Rechazos por fondos insuficientes (90 días)',
      primary_income_source: 'Fuente principal de ingresos',
    },
    itemNames: { ibv_validate_metrics: 'Métricas de validación' },
    accountTypes: {
      checking: 'Cuenta de cheques',
      savings: 'Cuenta de ahorros',
      credit_card: 'Tarjeta de crédito',
      money_market: 'Cuenta del mercado monetario',
    },
    fields: {
      consumer: 'Solicitante',
      referenceDate: 'Fecha de referencia',
      created: 'Creado',
      report: 'Informe',
      accountNumber: 'Número de cuenta',
      routingNumber: 'Número de ruta bancaria',
      owner: 'Titular',
      accounts: 'Cuentas',
      institutions: 'Bancos',
      totalBalance: 'Saldo neto',
      status: 'Estado',
    },
    summary: 'Resumen',
    feature: 'Indicador',
    value: 'Valor',
    filterFeatures: 'Filtrar indicadores',
    featuresMatch: 'Indicadores que coinciden: {shown} de {total}',
    noFeatureMatches: 'Ningún indicador coincide con el filtro.',
    showPersonalData: 'Mostrar datos personales',
    copyCsv: 'Copiar CSV',
    downloadCsv: 'Descargar CSV',
    copied: 'Se copiaron todos los indicadores ({count}) en CSV.',
    downloaded: 'Se descargaron todos los indicadores ({count}) en CSV.',
    copyFailed: 'El portapapeles no lo permitió: use Descargar CSV.',

    // <InviteBorrowerButton>
    inviteCreate: 'Invitar a {consumer} a conectar su banco',
    inviteLinkLabel: 'Enlace de invitación para {consumer}',
    inviteHint: 'Con este enlace, {consumer} conecta su banco. Solo funciona una vez.',
    inviteCopy: 'Copiar enlace',
    inviteCopied: 'Enlace copiado.',
    inviteCopyFailed: 'No se pudo copiar el enlace: selecciónelo arriba y cópielo manualmente.',
    inviteSend: 'Enviar a {consumer}',
    inviteExpires: 'Vence el {date}',
    inviteError: 'No se pudo crear el enlace de invitación. Inténtelo de nuevo.',
    inviteForbidden: 'No tiene permiso para invitar a este solicitante.',
    inviteNoName: 'este solicitante',
    inviteStates: {
      sent: 'Enlace de invitación enviado el {date}: {consumer} aún no lo abrió.',
      opened:
        'Enlace de invitación enviado el {date}: {consumer} lo abrió, pero aún no conectó su banco.',
      connected:
        'Enlace de invitación enviado el {date}: {consumer} conectó su banco con este enlace.',
      expired:
        'Enlace de invitación enviado el {date}: venció antes de que {consumer} conectara su banco.',
    },
  },
}

export default es
