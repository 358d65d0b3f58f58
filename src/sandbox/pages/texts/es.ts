import type { SandboxTexts } from './types.js'

const reconnectNext =
  'Pida al solicitante que vuelva a conectar su banco desde su aplicación. Esta página no cambia por sí sola hasta entonces; vuelva a cargarla cuando el solicitante haya vuelto a conectar su banco.'
const waitNext = (seconds: number) =>
  `No tiene que hacer nada: esta página vuelve a comprobar cada ${seconds} segundos y muestra el informe en cuanto esté listo.`
const linksLast =
  'Los enlaces de informe duran 30 minutos. La aplicación que muestra este informe pide un enlace nuevo por sí sola; si el informe no vuelve a aparecer, vuelva a cargar la página.'

/** The sandbox's pages in Spanish (United States): formal, "usted". */
export const es: SandboxTexts = {
  lang: 'es',
  intl: 'es-US',
  mark: 'Entorno de prueba: datos simulados, no se contacta a ningún banco real.',
  widget: {
    exit: 'Salir',
    step: (at, of) => `Paso ${at} de ${of}`,
    hint: {
      summary: 'Credenciales de prueba',
      username: 'Usuario',
      password: 'Contraseña',
      outcome: 'Resultado',
      complete: 'informe completo',
      anythingElse: 'cualquier otra',
      wrongCredentials: 'credenciales incorrectas: hay que volver a conectar',
      asksForCode: 'pide el código',
      acquireFails: 'falla la obtención de datos',
      generationFails: 'falla la generación del informe',
    },
    chooseBank: 'Elija su banco',
    searchLabel: 'Busque su banco',
    search: 'Buscar',
    banks: 'Bancos',
    cantFind: 'No encuentro mi banco',
    matches: (count, query) =>
      `${count} ${count === 1 ? 'banco coincide' : 'bancos coinciden'} con “${query}”.`,
    noMatch: (query) =>
      `Ningún banco coincide con “${query}”. Revise la ortografía o busque solo una parte del nombre.`,
    chooseFromList: 'Elija su banco de la lista.',
    signInTo: (bank) => `Inicie sesión en ${bank}`,
    username: 'Usuario',
    password: 'Contraseña',
    continue: 'Continuar',
    chooseAnotherBank: 'Elegir otro banco',
    wrongPassword: 'El usuario o la contraseña no son correctos. Revíselos e inténtelo de nuevo.',
    reconnectNotice: {
      wrongCredentials: (bank) =>
        `Su último inicio de sesión en ${bank} no funcionó: el usuario o la contraseña no eran correctos. Vuelva a iniciar sesión para seguir compartiendo la información de su cuenta.`,
      mfa: (bank) =>
        `Su último inicio de sesión en ${bank} quedó sin terminar: no se ingresó el código de verificación. Vuelva a iniciar sesión para terminarlo.`,
      other: (bank) =>
        `${bank} le pide que vuelva a iniciar sesión para seguir compartiendo la información de su cuenta.`,
    },
    enterCode: 'Ingrese el código',
    codeSent: (bank) => `${bank} envió un código de 6 dígitos a su teléfono.`,
    sandboxCode: 'Entorno de prueba: el código es',
    code: 'Código',
    verify: 'Verificar',
    wrongCode: (bank) =>
      `Ese código no es correcto. Ingrese el código de 6 dígitos que ${bank} envió a su teléfono; si envió más de uno, el más reciente.`,
    connected: 'Conectado',
    isConnected: (bank) => `${bank} está conectado.`,
    returnToApp: 'Puede volver a la aplicación.',
    closeWindow: 'Puede cerrar esta ventana.',
    notListedTitle: 'Su banco no aparece en la lista',
    notListed: 'No encontramos su banco, así que no se conectó ninguna cuenta.',
    notListedReturn: 'Vuelva a la aplicación para conectarse de otra forma.',
    cannotConnect: 'No se puede conectar',
    badOrigin: 'El parámetro origin debe ser un origen http(s), como https://lender.example.',
    reconnectLinkInvalid: 'Este enlace para volver a conectar no es válido.',
    connectLinkInvalid: 'Este enlace de conexión no es válido.',
    tokenExpired: 'Esta sesión venció. Vuelva a empezar desde la aplicación.',
    bankAlreadyChosen: 'Ya eligió este banco. Vuelva a la página en la que estaba.',
    cannotSendForm: 'No se puede enviar este formulario',
    formUnread: 'No se pudo leer el formulario. Inténtelo de nuevo.',
    tooLong: 'Lo que ingresó es demasiado largo para enviarlo. Vuelva a ingresarlo, más corto.',
    backToCode: 'Volver al código',
    backToBank: (bank) => `Volver a ${bank}`,
    backToBanks: 'Volver a la lista de bancos',
    sessionEndedTitle: 'Sesión terminada',
    sessionEnded:
      'Esta sesión terminó. Cierre esta ventana y vuelva a empezar desde la aplicación.',
    sessionExpiredTitle: 'Sesión vencida',
    sessionExpired:
      'Esta sesión venció a los 30 minutos. Cierre esta ventana y vuelva a empezar desde la aplicación.',
  },
  oauth: {
    popupIntro: (bank) =>
      `${bank} le pide iniciar sesión en su propio sitio web, en una ventana nueva. Esta página sigue sola cuando termine allí.`,
    redirectIntro: (bank) =>
      `${bank} le pide iniciar sesión en su propio sitio web. Saldrá de esta página hacia la del banco y volverá aquí al terminar.`,
    open: 'Abrir la página del banco',
    continueTo: (bank) => `Continuar a ${bank}`,
    waiting: (bank) => `Termine de iniciar sesión en ${bank} en la ventana que se abrió.`,
    blocked: (bank) =>
      `Su navegador bloqueó la ventana con la página de ${bank}. Ábrala con el botón de abajo.`,
    hint: 'Entorno de prueba: la página del banco tiene Permitir y Rechazar, y le deja elegir qué pasa después de Permitir.',
    denied: (bank) =>
      `No permitió que ${bank} comparta sus datos. Elija su banco de nuevo, u otro.`,
    closed: (bank) =>
      `La ventana con la página de ${bank} se cerró antes de terminar. Elija su banco de nuevo para volver a empezar.`,
    stateInvalid:
      'Este regreso de su banco no se puede usar: ya se usó, venció o pertenece a otra visita. Vuelva a empezar desde la aplicación.',
    badRedirect:
      'El parámetro redirect_uri debe ser una URL http(s) en el origen para el que se abrió el widget.',
    bankMark: 'Banco de prueba: ningún banco real, no hace falta iniciar sesión.',
    consentTitle: '¿Permitir el acceso a sus cuentas?',
    consentAsk: (bank) =>
      `La aplicación de la que viene pide ver sus saldos y movimientos en ${bank}, para verificar sus ingresos.`,
    outcomeLegend: 'Entorno de prueba: qué pasa después de Permitir',
    outcomeComplete: 'Conectar',
    outcomeAcquireFails: 'Conectar, y luego falla la obtención de datos',
    allow: 'Permitir',
    deny: 'Rechazar',
    doneTitle: 'Listo',
    done: 'Puede cerrar esta ventana.',
    overTitle: 'No se puede continuar',
    over: 'Este inicio de sesión terminó: ya se respondió, se canceló o venció. Vuelva a la aplicación y elija su banco de nuevo.',
    backToApp: 'Volver a la aplicación',
  },
  portal: {
    documentTitle: (id) => `Informe ${id}`,
    heading: 'Informe de verificación de ingresos y cuentas bancarias',
    report: 'Informe',
    consumer: 'Solicitante',
    referenceDate: 'Fecha de referencia',
    created: 'Creado',
    status: 'Estado',
    summary: 'Resumen',
    accounts: 'Cuentas',
    institutions: 'Bancos',
    netBalance: 'Saldo neto',
    noAccounts: 'No hay cuentas conectadas.',
    institution: 'Banco',
    type: 'Tipo',
    accountNumber: 'Número de cuenta',
    routingNumber: 'Número de ruta bancaria',
    ending: (last4) => `termina en ${last4}`,
    hidden: 'oculto',
    features: (item) => `Indicadores: ${item}`,
    feature: 'Indicador',
    value: 'Valor',
    noFeatures: 'Este elemento no tiene indicadores.',
    itemNames: { ibv_validate_metrics: 'Métricas de validación' },
    accountTypes: {
      checking: 'Cuenta de cheques',
      savings: 'Cuenta de ahorros',
      credit_card: 'Tarjeta de crédito',
      money_market: 'Cuenta del mercado monetario',
    },
    statusLabels: {
      initiated: 'Iniciado',
      reconnect_required: 'Requiere volver a conectar',
      ibv_data_acquire_failed: 'Error al obtener datos',
      ibv_data_acquired: 'Generando informe',
      generation_failed: 'Error en el informe',
      complete: 'Completo',
    },
    unknownStatusLabel: 'Estado desconocido',
    statusDescriptions: {
      initiated: 'Se recibió la solicitud y está esperando los datos del banco.',
      reconnect_required:
        'La conexión con el banco falló por credenciales incorrectas o por un paso de verificación sin terminar. No pasará nada más hasta que el solicitante vuelva a conectar su banco.',
      ibv_data_acquire_failed:
        'No se pudieron obtener los datos del banco. El solicitante puede volver a conectar su banco para intentarlo de nuevo.',
      ibv_data_acquired:
        'Los datos del banco ya se descargaron; se están calculando los indicadores y los puntajes.',
      generation_failed: 'No se pudieron calcular los indicadores ni los puntajes de este informe.',
      complete: 'El informe está listo.',
    },
    unknownStatusDescription: (status) =>
      `El servicio indicó el estado "${status}", que esta versión de ibv-kit no conoce.`,
    states: {
      initiated: { title: 'Informe en curso', next: waitNext },
      ibv_data_acquired: { title: 'Generando el informe', next: waitNext },
      reconnect_required: {
        title: 'Hay que volver a conectar el banco',
        next: () => reconnectNext,
      },
      ibv_data_acquire_failed: {
        title: 'No se pudieron obtener los datos del banco',
        next: () =>
          'Esta solicitud no producirá ningún informe. Pida al solicitante que vuelva a conectar su banco desde su aplicación; eso inicia una solicitud nueva.',
      },
      generation_failed: {
        title: 'No se pudo generar el informe',
        next: () =>
          'Esta solicitud no producirá ningún informe: el servicio no hará nada más. Inicie una solicitud nueva o, si vuelve a ocurrir, comuníquese con el equipo de soporte.',
      },
    },
    unknownTitle: 'Estado del informe desconocido',
    checksAgain: (seconds) => `Esta página vuelve a comprobar cada ${seconds} segundos.`,
    reloadLater: 'Vuelva a cargar esta página más tarde.',
    stateDocumentTitle: (title, id) => `${title}: informe ${id}`,
    whatItMeans: 'Qué significa',
    whatToDoNext: 'Qué hacer ahora',
    refused: {
      unknown: {
        title: 'Enlace de informe no válido',
        text: 'Este enlace de informe no es válido.',
        next: 'Vuelva a abrir el informe desde la aplicación que lo mostró: esa aplicación pide un enlace nuevo.',
      },
      expired: {
        title: 'Enlace de informe vencido',
        text: 'Este enlace de informe venció. La aplicación que muestra este informe pide uno nuevo.',
        next: linksLast,
      },
      wrong_kind: {
        title: 'Enlace de informe no válido',
        text: 'Este token no puede abrir un informe: no es un token de informe integrado.',
        next: 'La aplicación debe pedir un token de informe integrado (tipo embedded_report_token) para esta solicitud y abrir el informe con él.',
      },
    },
    sessionExpired: {
      title: 'Sesión de informe vencida',
      text: 'Esta sesión de informe venció.',
      next: linksLast,
    },
    unavailableTitle: (title) => `Informe no disponible: ${title}`,
  },
}
