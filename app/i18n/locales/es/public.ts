import type { TranslationOf } from "~/i18n/config";
import type en from "~/i18n/locales/en/public";

// Spanish for families and caregivers: usted, plain words, never word for word.
export default {
  englishOnly: "Por ahora, este contenido solo está disponible en inglés.",
  cta: {
    requestCare: "Solicitar cuidado",
    startCareRequest: "Comenzar su solicitud de cuidado",
    startApplication: "Comenzar su solicitud",
    findCare: "Buscar cuidado",
    becomeCaregiver: "Trabaje como cuidador",
    howItWorks: "Cómo funciona",
    contactUs: "Contáctenos",
    requestThisCaregiver: "Solicitar a esta persona",
  },
  marketing: {
    services: {
      "personal-care": {
        summary: "Ayuda respetuosa para bañarse, vestirse, arreglarse, ir al baño y moverse con seguridad por la casa.",
        includes: {
          0: "Baño, ducha e higiene bucal al ritmo que marque su ser querido",
          1: "Ayuda para vestirse, arreglarse y con la incontinencia, siempre con discreción",
          2: "Traslados seguros desde la cama, la silla y la silla de ruedas",
          3: "Recordatorios de medicamentos a las horas que indica el plan de cuidado",
        },
        goodFor:
          "Personas que se recuperan de una cirugía o enfermedad, o que viven con una enfermedad crónica o demencia.",
      },
      companionship: {
        summary:
          "Una cara conocida para conversar, pasear, compartir pasatiempos y salir, para que ningún día se haga largo ni solitario.",
        includes: {
          0: "Conversación, juegos, lectura en voz alta y pasatiempos en común",
          1: "Paseos, mandados y salidas para ver a amistades o ir a misa o al culto",
          2: "Recordatorios amables para comer, beber agua y mantener sus rutinas",
          3: "Una nota breve para la familia después de cada visita",
        },
        goodFor: "Personas mayores que viven solas y familias que viven lejos o trabajan muchas horas.",
      },
      housekeeping: {
        summary: "Limpieza ligera para que la casa esté limpia, ordenada y segura para moverse.",
        includes: {
          0: "Lavar la ropa, cambiar las sábanas y ordenar las áreas comunes",
          1: "Limpiar la cocina y el baño después de las tareas de cuidado",
          2: "Despejar los pasillos y detectar riesgos de tropiezos",
          3: "Sacar la basura y el reciclaje",
        },
        goodFor: "Cualquier persona a quien las tareas de la casa ya le cansan o le resultan riesgosas.",
      },
      "meal-preparation": {
        summary:
          "Comidas frescas y caseras que siguen la dieta indicada, los gustos de su cultura y los consejos del médico.",
        includes: {
          0: "Planear juntos el menú y hacer las compras del súper",
          1: "Cocinar para dietas para diabéticos, bajas en sodio, blandas o en puré",
          2: "Platillos de su propia cultura y recetas de la familia",
          3: "Ayuda para comer y atención a que tome suficientes líquidos",
        },
        goodFor: "Personas con dietas especiales, poco apetito o dificultad para estar de pie frente a la estufa.",
      },
      transportation: {
        summary: "Transporte de puerta a puerta y acompañamiento a citas, la farmacia, tiendas y visitas sociales.",
        includes: {
          0: "Transporte a citas médicas, de diálisis y de terapia",
          1: "Acompañarle durante la cita y tomar notas para la familia",
          2: "Idas a la farmacia y al súper",
          3: "Salidas a reuniones familiares, servicios religiosos y centros comunitarios",
        },
        goodFor: "Personas que ya no manejan o que necesitan un brazo firme para subir y bajar del carro.",
      },
    },
    trust: {
      vettedCaregivers: {
        title: "Cuidadores verificados",
        text: "Entrevistamos y evaluamos a cada cuidador antes de que pueda aceptar una sola visita.",
      },
      identityVerification: {
        title: "Verificación de identidad",
        text: "Comparamos una identificación oficial con foto con la persona que presenta la solicitud.",
      },
      referenceChecks: {
        title: "Verificación de referencias",
        text: "Hablamos con empleadores o clientes anteriores sobre su responsabilidad y la calidad de su cuidado.",
      },
      criminalRecordChecks: {
        title: "Verificación de antecedentes penales",
        text: "Revisamos los delitos graves de los últimos 10 años y los delitos menores de los últimos 5 años.",
      },
      ongoingMonitoring: {
        title: "Seguimiento continuo",
        text: "Las verificaciones continúan después de la aprobación, y la familia que recibe cada visita la califica.",
      },
      certifiedTraining: {
        title: "Capacitación certificada",
        text: "Los cuidadores completan nuestros módulos de capacitación antes de su primer trabajo.",
      },
      "247HumanSupport": {
        title: "Atención humana 24/7",
        text: "Una persona real contesta el teléfono de día y de noche, incluidos fines de semana y días festivos.",
      },
    },
    impact: {
      hoursOfCareDelivered: "horas de cuidado brindadas",
      familiesSupported: "familias atendidas",
      topRatedCaregivers: "cuidadores con las mejores calificaciones",
      languagesSpoken: "idiomas que hablamos",
    },
    clientSteps: {
      shareYourCareNeeds: {
        title: "Cuéntenos qué cuidado necesita",
        text: "Díganos quién necesita cuidado, qué ayuda necesita, su idioma y cultura, y cuándo. Toma solo unos minutos.",
      },
      getMatched: {
        title: "Reciba opciones a su medida",
        text: "Le sugerimos cuidadores verificados que se ajustan a las necesidades de salud, el horario, el idioma y las preferencias que nos dio, y le explicamos por qué.",
      },
      bookAndReceiveCare: {
        title: "Reserve y reciba el cuidado",
        text: "Confirme a su cuidador, vea el presupuesto antes de reservar y siga cada visita desde su panel.",
      },
    },
    caregiverSteps: {
      applyOnline: {
        title: "Presente su solicitud en línea",
        text: "La solicitud toma unos 2 minutos: sus datos, experiencia, disponibilidad y documentos.",
      },
      getApprovedAndTrained: {
        title: "Obtenga la aprobación y capacítese",
        text: "Verificamos su identidad, referencias y antecedentes; la revisión suele tardar de 5 a 7 días hábiles. Después completa nuestra capacitación.",
      },
      acceptJobsNearYou: {
        title: "Acepte trabajos cerca de usted",
        text: "Elija las visitas que se ajustan a su horario y a la distancia que puede recorrer, y reciba pago por cada visita completada.",
      },
    },
    testimonials: {
      t1: {
        role: "Hija de una clienta, Chicago",
        quote:
          "Mi mamá habla casi solo español. Tendly le encontró una cuidadora que comparte su idioma y su cocina. Espera con gusto cada visita.",
      },
      t2: {
        role: "Cliente, Phoenix",
        quote:
          "Después de mi cirugía de cadera necesité ayuda durante seis semanas. La cuidadora llegaba puntual cada mañana y sabía exactamente cómo ayudarme a moverme con seguridad.",
      },
      t3: {
        role: "Cuidadora, Houston",
        quote:
          "La solicitud fue rápida y la capacitación de verdad me sirvió. Elijo trabajos que se acomodan al horario escolar de mis hijos.",
      },
      t4: {
        role: "Hijo de un cliente, Atlanta",
        quote:
          "Vivo a dos estados de distancia. Las notas de las visitas me cuentan cómo está mi papá, y puedo llamar a soporte a cualquier hora cuando me preocupo.",
      },
      t5: {
        role: "Esposa de un cliente, Chicago",
        quote:
          "Cuidar a mi esposo con demencia me estaba agotando. Tres tardes de compañía a la semana me devolvieron mi vida.",
      },
    },
    testimonialSummary: { rating: "4.9/5", from: "más de 100 familias" },
  },
  home: {
    metaTitle: "Tendly: cuidado a domicilio de confianza para sus seres queridos",
    metaDescription:
      "Encuentre y reserve cuidadores a domicilio verificados para cuidado personal, compañía, limpieza, comidas y transporte, con atención humana 24/7.",
    hero: {
      eyebrow: "Cuidado a domicilio, hecho con el corazón",
      title: "Cuidado a domicilio de confianza para sus seres queridos",
      intro:
        "Cuidadores verificados para cuidado personal, compañía, limpieza, comidas y transporte, elegidos según las necesidades, el idioma y la cultura de su ser querido, con una persona real al teléfono 24/7.",
      findCareNow: "Buscar cuidado ahora",
      joinAsCaregiver: "Trabaje como cuidador",
    },
    trust: {
      title: "Confianza y seguridad",
      intro: "Verificamos a cada cuidador de Tendly antes de que conozca a su familia, y también después.",
      carousel: "Verificaciones de confianza y seguridad",
      howWeKeepYouSafe: "Cómo protegemos a su familia",
    },
    services: {
      title: "Nuestros servicios",
      intro: "Ayuda con la vida diaria en casa, desde unas pocas horas a la semana hasta todo el día.",
      carousel: "Tarjetas de servicios",
    },
    howItWorks: {
      title: "Cómo funciona",
      showStepsFor: "Ver los pasos para",
      client: "Soy cliente",
      caregiver: "Soy cuidador",
      step: "Paso {{number}}: ",
    },
    impact: {
      title: "Nuestro impacto",
      getCare: "Consiga cuidado para su familia",
    },
    providers: {
      title: "Conozca a nuestros cuidadores",
      intro:
        "Algunos de nuestros cuidadores, cada uno con sus antecedentes verificados y las calificaciones que le dieron las familias.",
      none: "Los perfiles de nuestros cuidadores aparecerán aquí en cuanto se aprueben.",
      carousel: "Perfiles de cuidadores",
      requestCaregiver: "Solicitar un cuidador",
      browseAll: "Ver todos los cuidadores",
    },
    testimonials: {
      title: "Lo que dicen las familias",
      summary: "<strong>{{rating}}</strong> de {{from}}",
      carousel: "Testimonios de familias",
      rated: "Calificación: {{stars}} de 5",
    },
  },
  services: {
    metaTitle: "Servicios de cuidado a domicilio",
    metaDescription:
      "Cuidado personal, compañía, limpieza, preparación de comidas y transporte con cuidadores verificados de Tendly, desde unas horas a la semana hasta cuidado con residencia en casa.",
    title: "Nuestros servicios",
    intro:
      "Elija un servicio o combine varios en un solo plan de cuidado. Cada visita la realiza un cuidador verificado y capacitado, y usted puede cambiar el plan cuando cambien las necesidades.",
    onThisPage: "Servicios en esta página",
    included: "Qué incluye",
    oftenChosenBy: "Suelen elegirlo:",
    caregiversOffering: "Cuidadores que ofrecen {{service}}",
    notIncludedTitle: "Lo que nuestros cuidadores no hacen",
    notIncluded:
      "Los cuidadores de Tendly brindan cuidado no médico. No ponen inyecciones, no curan heridas, no manejan vías intravenosas ni ajustan dosis de medicamentos. Sí pueden recordarle a su ser querido que tome sus medicamentos, notar cambios e informarle a usted y a su enfermera o médico. Si necesita enfermería especializada, le explicamos cómo combinarla con nuestro cuidado.",
  },
  providers: {
    metaTitle: "Encuentre un cuidador cerca de usted",
    metaDescription:
      "Vea cuidadores de Tendly verificados y con antecedentes revisados según el servicio, el idioma y la distancia desde su código postal (ZIP), y lea sus perfiles y calificaciones.",
    title: "Encuentre un cuidador",
    intro:
      "Cada cuidador que aparece aquí pasó las verificaciones de identidad, referencias y antecedentes penales. Filtre según la ayuda que necesita, el idioma que hablan y la distancia que recorren.",
    filter: "Filtrar cuidadores",
    service: "Servicio",
    anyService: "Cualquier servicio",
    language: "Idioma",
    anyLanguage: "Cualquier idioma",
    zip: "Código postal (ZIP)",
    zipFormat: "Escriba un código postal (ZIP) de 5 dígitos.",
    zipUnknown: "No reconocemos ese código postal (ZIP). Revíselo e inténtelo de nuevo.",
    distance: "Distancia",
    within: "A menos de {{miles}} millas",
    sortBy: "Ordenar por",
    bestRated: "Mejor calificados",
    nearest: "Más cercanos (requiere un código postal)",
    show: "Mostrar cuidadores",
    clear: "Quitar filtros",
    none: "No se encontraron cuidadores",
    results_one: "{{count}} cuidador",
    results_other: "{{count}} cuidadores",
    resultsNear_one: "{{count}} cuidador a menos de {{miles}} millas de {{city}}, {{state}} {{zip}}",
    resultsNear_other: "{{count}} cuidadores a menos de {{miles}} millas de {{city}}, {{state}} {{zip}}",
    checkZip: "Revise el código postal (ZIP) e inténtelo de nuevo.",
    noMatch:
      "Todavía no hay un cuidador aprobado que cumpla con todos estos filtros. Pruebe con una distancia mayor u otro idioma, o díganos qué necesita y buscaremos a alguien para usted.",
    pages: "Páginas",
  },
  card: {
    distance: "a {{miles}} mi",
    distanceUnder: "a menos de 0.1 mi",
    experienceSpeaks_one: "{{count}} año de experiencia · Habla {{languages}}",
    experienceSpeaks_other: "{{count}} años de experiencia · Habla {{languages}}",
    services: "Servicios",
    newToTendly: "Nuevo en Tendly",
    rating_one: "{{rating}} de 5 ({{count}} calificación)",
    rating_other: "{{rating}} de 5 ({{count}} calificaciones)",
  },
  profile: {
    notFound: "Perfil no encontrado | Tendly",
    metaTitle: "{{name}}, profesional de cuidado a domicilio",
    metaTitleIn: "{{name}}, profesional de cuidado a domicilio en {{city}}, {{state}}",
    metaDescription_one:
      "{{name}} ofrece {{services}}, con {{count}} año de experiencia. Con antecedentes verificados por Tendly.",
    metaDescription_other:
      "{{name}} ofrece {{services}}, con {{count}} años de experiencia. Con antecedentes verificados por Tendly.",
    metaDescriptionIn_one:
      "{{name}} ofrece {{services}} en {{city}}, {{state}}, con {{count}} año de experiencia. Con antecedentes verificados por Tendly.",
    metaDescriptionIn_other:
      "{{name}} ofrece {{services}} en {{city}}, {{state}}, con {{count}} años de experiencia. Con antecedentes verificados por Tendly.",
    jobTitle: "Profesional de cuidado a domicilio",
    breadcrumb: "Ruta de navegación",
    allCaregivers: "Todos los cuidadores",
    experience_one: "{{count}} año de experiencia · Antecedentes verificados",
    experience_other: "{{count}} años de experiencia · Antecedentes verificados",
    about: "Sobre {{name}}",
    noBio: "{{name}} todavía no ha escrito una presentación.",
    bioWrittenIn: { en: "Escrito en inglés.", es: "Escrito en español." },
    services: "Servicios",
    skills: "Habilidades",
    generalCare: "Cuidado general en el hogar.",
    languages: "Idiomas",
    reviews: "Calificaciones y reseñas",
    noReviews:
      "Todavía no hay reseñas. Las familias califican el cuidado cuando se completa una visita, y sus reseñas aparecen aquí.",
    seeMore: "Ver más cuidadores",
  },
  about: {
    metaTitle: "Sobre Tendly",
    metaDescription:
      "Tendly conecta a las familias con cuidadores a domicilio verificados, elegidos según las necesidades de salud, el idioma y la cultura. Conozca quiénes somos y lo que defendemos.",
    title: "Sobre Tendly",
    intro:
      "Tendly es un servicio de cuidado a domicilio pensado para el momento en que una familia se da cuenta de que un padre, una madre, su pareja o una amistad necesita ayuda en casa, y para los cuidadores que hacen posible esa ayuda.",
    storyTitle: "Por qué empezamos",
    story1:
      "La mayoría de las personas quiere envejecer en su propia casa, y la mayoría de las familias quiere ayudarles a lograrlo. Encontrar a alguien de confianza que entre en esa casa es difícil: las agencias pueden ser lentas y poco claras, y los anuncios en internet casi nunca dicen a quién se ha verificado de verdad. Creamos Tendly para que una familia pueda contar lo que necesita su ser querido, ver cuidadores verificados que se ajustan a eso, conocer el precio antes de reservar y seguir cada visita después.",
    story2:
      "Los cuidadores también merecen algo mejor. Presentan su solicitud en línea en unos dos minutos, reciben respuesta en 5 a 7 días hábiles, completan una capacitación que les prepara para situaciones reales y luego eligen trabajos que se acomodan a sus propias familias.",
    figuresTitle: "Tendly en cifras",
    certified: "Más de 200 cuidadores certificados han completado nuestra capacitación.",
    valuesTitle: "Lo que defendemos",
    values: {
      safety: {
        title: "La seguridad antes que la prisa",
        text: "Ningún cuidador conoce a una familia hasta que verificamos su identidad, sus referencias y sus antecedentes penales, y completa su capacitación. Preferimos decirle que necesitamos un día más antes que enviar a alguien sin verificar.",
      },
      familiar: {
        title: "Un cuidado que se siente familiar",
        text: "Buscamos mucho más que un horario que coincida. El idioma, la cultura, la comida, la fe y la personalidad importan cuando alguien entra en su casa; por eso le preguntamos por ellos y los tenemos en cuenta.",
      },
      fair: {
        title: "Justos con los cuidadores",
        text: "Los cuidadores eligen los trabajos que se ajustan a su vida, ven cuánto ganarán antes de aceptar y reciben pago por cada visita completada. El buen cuidado viene de personas a quienes se trata bien.",
      },
      people: {
        title: "Personas, no solo tecnología",
        text: "Nuestro equipo de soporte atiende las 24 horas del día, los 7 días de la semana. Si un plan cambia a las 2 de la mañana, usted habla con una persona que puede ayudarle.",
      },
    },
  },
  howItWorks: {
    metaTitle: "Cómo funciona Tendly",
    metaDescription:
      "Desde contarnos lo que necesita hasta la primera visita: cómo las familias reservan cuidado con Tendly, y cómo los cuidadores presentan su solicitud, obtienen la aprobación y aceptan trabajos.",
    title: "Cómo funciona",
    intro:
      "Tres pasos para las familias, tres pasos para los cuidadores, y un equipo de soporte disponible a toda hora para ambos.",
    forFamilies: "Para familias",
    forCaregivers: "Para cuidadores",
    faqTitle: "Preguntas frecuentes",
    faq: {
      start: {
        q: "¿Qué tan pronto puede empezar el cuidado?",
        a: "A menudo en pocos días. Cuando usted envía una solicitud, se la ofrecemos al cuidador más adecuado; si no puede aceptarla en 24 horas (o una hora antes de una primera visita más cercana), pasa a la siguiente opción, y nuestro equipo puede intervenir directamente.",
      },
      price: {
        q: "¿Veo el precio antes de reservar?",
        a: "Sí. En el paso de revisión verá su presupuesto, hora por hora, antes de enviar la solicitud, y su pedido conserva el precio con el que se reservó.",
      },
      choose: {
        q: "¿Puedo elegir a un cuidador en particular?",
        a: "Sí. Abra el perfil de cualquier cuidador y elija «Solicitar a esta persona»; su solicitud se le ofrecerá primero a esa persona.",
      },
      fit: {
        q: "¿Y si el cuidador no es el adecuado?",
        a: "Díganoslo en cualquier momento. Buscaremos otra opción y mantendremos su cuidado sin interrupciones.",
      },
    },
  },
  safety: {
    metaTitle: "Seguridad y confianza",
    metaDescription:
      "Cómo verifica Tendly a sus cuidadores: verificación de identidad, de referencias y de antecedentes penales (delitos graves de 10 años, delitos menores de 5 años), seguimiento continuo y capacitación certificada.",
    title: "Seguridad y confianza",
    intro:
      "Recibir a alguien en su casa es una decisión importante. Esto es exactamente lo que verificamos antes de que un cuidador conozca a su familia, y lo que seguimos verificando después.",
    vettingTitle: "Cómo verificamos a cada cuidador",
    vetting: {
      application: {
        title: "Solicitud y entrevista",
        text: "Los cuidadores nos cuentan su experiencia, certificaciones y disponibilidad, y suben sus documentos. Nuestro equipo revisa cada solicitud a mano y habla con cada solicitante.",
      },
      identity: {
        title: "Verificación de identidad",
        text: "Confirmamos que quien presenta la solicitud es quien dice ser, con una identificación oficial con foto.",
      },
      references: {
        title: "Verificación de referencias",
        text: "Contactamos a empleadores o familias para quienes trabajó antes y les preguntamos por su responsabilidad, su honestidad y la calidad de su cuidado.",
      },
      criminal: {
        title: "Verificación de antecedentes penales",
        text: "Revisamos los antecedentes penales en busca de delitos graves de los últimos 10 años y delitos menores de los últimos 5 años. Una condena por violencia, maltrato, robo o fraude descarta la solicitud.",
      },
      training: {
        title: "Capacitación certificada",
        text: "Antes de su primer trabajo, los cuidadores completan nuestros módulos de capacitación sobre traslados seguros, control de infecciones, cuidado de la demencia, cómo reconocer el maltrato y el abandono, y emergencias.",
      },
      monitoring: {
        title: "Seguimiento continuo",
        text: "La aprobación no es el final: repetimos las verificaciones, la familia puede calificar cada visita completada y nuestro equipo atiende cualquier inquietud el mismo día. Podemos suspender a un cuidador mientras investigamos.",
      },
    },
    promiseTitle: "Nuestros compromisos de un vistazo",
    claim: "<strong>{{title}}.</strong> {{text}}",
    concernTitle: "Si algo no le parece bien",
    concern:
      "Llame a nuestro equipo de soporte a cualquier hora, 24/7. Una persona real le escuchará, se asegurará de que su ser querido esté a salvo, buscará otro cuidador si hace falta e investigará lo ocurrido. En una emergencia, llame siempre primero al 911.",
    contactSupport: "Contactar a soporte",
    requestVetted: "Solicitar un cuidador verificado",
  },
  becomeCaregiver: {
    metaTitle: "Trabaje como cuidador con Tendly",
    metaDescription:
      "Presente su solicitud en unos 2 minutos, reciba respuesta en 5 a 7 días hábiles, capacítese y elija trabajos de cuidado a domicilio que se ajusten a su horario.",
    title: "Trabaje como cuidador",
    intro:
      "Haga un trabajo que vale la pena con familias cerca de usted. La solicitud toma unos 2 minutos, y la revisión suele tardar de 5 a 7 días hábiles.",
    applyNow: "Presentar solicitud",
    benefitsTitle: "Por qué los cuidadores eligen Tendly",
    benefits: {
      schedule: {
        title: "Trabaje cuando le convenga",
        text: "Indique su disponibilidad semanal y la distancia que puede recorrer; acepte solo las visitas que le convengan.",
      },
      pay: {
        title: "Pago claro",
        text: "Vea cuánto paga un trabajo antes de aceptarlo, y reciba pago por cada visita completada.",
      },
      training: {
        title: "Capacitación que ayuda",
        text: "Módulos de capacitación gratuitos sobre cuidado de la demencia, traslados seguros, control de infecciones y más.",
      },
    },
    stepsTitle: "De la solicitud al primer trabajo",
    step: "{{number}}. {{title}}",
    requirementsTitle: "Lo que necesita",
    requirements: {
      age: "Tener al menos 18 años y autorización para trabajar en los Estados Unidos",
      experience: "Tener al menos un año de experiencia como cuidador, con pago o con su propia familia",
      checks: "Aceptar la verificación de identidad, de referencias y de antecedentes penales",
      phone: "Tener un teléfono que reciba mensajes y un medio de transporte confiable para llegar a las visitas",
    },
    readStartingOut: "Lea: cómo empezar como cuidador (en inglés)",
  },
  contact: {
    metaTitle: "Contacte al soporte de Tendly",
    metaDescription:
      "Comuníquese con el equipo de soporte de Tendly 24/7 por teléfono o correo electrónico, visite nuestra oficina de Chicago o de Houston, o envíenos un mensaje y le responderemos en un día hábil.",
    title: "Contáctenos",
    intro:
      "Personas reales atienden las 24 horas del día, los 7 días de la semana. Llámenos para cualquier asunto urgente, o envíenos un mensaje y le responderemos en un día hábil.",
    reachTitle: "Comuníquese directamente",
    phoneSupport: "Soporte telefónico 24/7",
    offices: "Nuestras oficinas",
    messageTitle: "Envíenos un mensaje",
    sentTitle: "Gracias, su mensaje se envió.",
    sentBody: "Le responderemos a {{email}} en un día hábil.",
    limited:
      "Usted envió varios mensajes en la última hora. Si es urgente, llámenos; si no, inténtelo de nuevo más tarde.",
    name: "Su nombre",
    email: "Correo electrónico",
    topic: "Tema",
    message: "Mensaje",
    sending: "Enviando...",
    send: "Enviar mensaje",
    errors: {
      emailRequired: "Escriba su correo electrónico.",
      emailInvalid: "Escriba un correo electrónico válido.",
      nameRequired: "Escriba su nombre.",
      nameTooLong: "Su nombre debe tener menos de 100 caracteres.",
      topicRequired: "Elija un tema.",
      messageTooShort: "Escriba al menos 10 caracteres para que podamos ayudarle.",
      messageTooLong: "Su mensaje debe tener menos de 10,000 caracteres.",
    },
  },
  newsletter: {
    metaTitle: "Boletín de Tendly",
    metaDescription:
      "Guías prácticas para familias y cuidadores, más o menos una vez al mes. Suscríbase con su correo electrónico.",
    title: "Boletín de Tendly",
    intro:
      "Guías prácticas para familias y cuidadores, más o menos una vez al mes. Solo le agregamos cuando lo confirma por correo, y cada número trae un enlace para cancelar la suscripción.",
    email: "Correo electrónico",
    subscribing: "Suscribiendo...",
    subscribe: "Suscribirse",
    results: {
      sent: "Ya casi: revise su bandeja de entrada y confirme su suscripción.",
      "already-subscribed": "Su correo ya está suscrito. ¡Gracias!",
      limited: "Demasiadas suscripciones desde aquí en este momento. Inténtelo de nuevo en una hora.",
    },
    confirm: {
      metaTitle: "Confirme su suscripción | Tendly",
      title: "Confirme su suscripción",
      done: "Suscripción lista: {{email}} recibirá el boletín de Tendly.",
      readGuides: "Leer nuestras guías más recientes",
      expired: "Este enlace venció o ya se usó. Suscríbase de nuevo desde el pie de página para recibir uno nuevo.",
      oneMoreClick: "Un clic más y recibirá nuestras guías para familias y cuidadores.",
      button: "Confirmar mi suscripción",
    },
    unsubscribe: {
      metaTitle: "Cancelar la suscripción | Tendly",
      title: "Cancelar la suscripción al boletín",
      done: "La suscripción de {{email}} está cancelada. Ya no recibirá el boletín.",
      invalid: "Este enlace para cancelar la suscripción no es válido. Use el enlace de su correo más reciente.",
      question: "¿Dejar de enviar el boletín de Tendly a {{email}}?",
      button: "Cancelar la suscripción",
    },
  },
  blog: {
    metaTitle: "Recursos para familias y cuidadores",
    metaDescription:
      "Guías prácticas sobre cómo elegir cuidado a domicilio, cómo pagarlo, la demencia, la prevención de caídas, el agotamiento de quien cuida y cómo empezar a trabajar como cuidador.",
    title: "Recursos",
    intro:
      "Guías prácticas y en lenguaje sencillo para las familias que organizan el cuidado en casa y para los cuidadores que lo brindan.",
    forFamilies: "Para familias",
    forCaregivers: "Para cuidadores",
    minRead: "{{minutes}} min de lectura",
    notFound: "Artículo no encontrado | Tendly",
    breadcrumb: "Ruta de navegación",
    resources: "Recursos",
    needHelp: "¿Necesita ayuda en casa?",
    needHelpText: "Cuéntenos lo que necesita su ser querido y vea cuidadores verificados que se ajustan.",
    related: "Artículos relacionados",
  },
  contentPages: {
    lastUpdated: "Última actualización: {{date}}",
    privacy: {
      title: "Política de privacidad",
      description:
        "Qué información personal y de salud recopila Tendly, por qué, quién puede verla, cuánto tiempo la guardamos y qué opciones tiene usted.",
    },
    terms: {
      title: "Términos del servicio",
      description:
        "El acuerdo entre Tendly, las familias que reservan cuidado y los cuidadores que lo brindan, en lenguaje sencillo.",
    },
    accessibility: {
      title: "Accesibilidad",
      description:
        "El compromiso de Tendly con un servicio accesible, la norma que seguimos, las funciones disponibles y cómo avisarnos de una barrera.",
    },
  },
  carousel: {
    roleDescription: "carrusel",
    previous: "Diapositiva anterior",
    next: "Diapositiva siguiente",
    start: "Iniciar el avance automático",
    stop: "Detener el avance automático",
  },
  heroVideo: {
    error: "No se pudo cargar el video. Revise su conexión.",
    retry: "Reintentar el video",
    mute: "Silenciar el video",
    playWithSound: "Reproducir con sonido",
    pause: "Pausar el video de fondo",
    play: "Reproducir el video de fondo",
  },
  pageLinks: {
    previous: "Página anterior",
    pageOf: "Página {{page}} de {{total}}",
    next: "Página siguiente",
  },
  visitMap: {
    attribution: '&copy; colaboradores de <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
    failed: "No se pudo cargar el mapa. La dirección o la zona aparece arriba.",
    tileErrors: "Algunas imágenes del mapa no se pudieron cargar. La dirección o la zona aparece arriba.",
    loading: "Cargando el mapa...",
    exact:
      "El marcador muestra el vecindario de la visita. Ábralo en su app de mapas para ver cómo llegar a la dirección.",
    approximate: "El círculo muestra la zona aproximada. La dirección exacta aparece cuando usted acepta.",
  },
  dev: {
    mailbox: {
      metaTitle: "Buzón | Tendly",
      title: "Buzón",
      intro:
        "Correos escritos en la bandeja de salida local (<code>data/outbox/</code>). Esta página solo existe en desarrollo o con DEV_MAILBOX=true, en un servidor que escucha en la interfaz local, no confía en ningún proxy y no envía correos reales.",
      empty:
        "Todavía no hay correos. Aquí aparecen correos como los enlaces de verificación y de cambio de contraseña.",
      to: "para {{to}}",
      messageTitle: "{{subject}} | Buzón | Tendly",
      email: "Correo",
      back: "Volver al buzón",
      from: "De",
      toLabel: "Para",
      sent: "Enviado",
      html: "HTML",
      asHtml: "El correo en HTML",
      plainText: "Texto sin formato",
    },
    translations: {
      metaTitle: "Traducciones | Tendly",
      title: "Traducciones",
      intro_one:
        "Cada idioma comparado con el inglés, espacio de nombres por espacio de nombres (app/i18n/locales). {{count}} problema: las claves que faltan, las claves de más y los marcadores que no coinciden hacen fallar la integración continua; los textos iguales al inglés se listan para revisarlos.",
      intro_other:
        "Cada idioma comparado con el inglés, espacio de nombres por espacio de nombres (app/i18n/locales). {{count}} problemas: las claves que faltan, las claves de más y los marcadores que no coinciden hacen fallar la integración continua; los textos iguales al inglés se listan para revisarlos.",
      language: "Idioma",
      namespace: "Espacio de nombres",
      keys: "Claves",
      missing: "Faltan",
      extra: "De más",
      placeholders: "Marcadores distintos",
      same: "Igual que en inglés",
      none: "ninguna",
    },
  },
} satisfies TranslationOf<typeof en>;
