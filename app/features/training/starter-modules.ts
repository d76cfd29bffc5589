import type { BilingualText, TrainingQuestion } from "~/platform/db/schema";

// The six starter modules every install begins with (docs/product-rules.md,
// "Caregiver training"), written for caregivers who work alone in a family's
// home. Admins edit them on /admin/training; the seed inserts them once, by slug.

export type StarterModule = {
  slug: string;
  title: BilingualText;
  summary: BilingualText;
  reading: BilingualText;
  questions: TrainingQuestion[];
  videoUrl: string | null;
  captions: Partial<BilingualText>;
};

/** One question: the prompt, the options, and the index of the correct one. */
function q(prompt: BilingualText, options: BilingualText[], answer: number): TrainingQuestion {
  return { prompt, options, answer };
}

const video = (slug: string) => ({
  videoUrl: `/training/${slug}.webm`,
  captions: { en: `/training/${slug}.en.vtt`, es: `/training/${slug}.es.vtt` },
});

export const STARTER_MODULES: StarterModule[] = [
  {
    slug: "safe-transfers",
    title: { en: "Safe transfers and fall prevention", es: "Traslados seguros y prevención de caídas" },
    summary: {
      en: "Moving a person safely, protecting your back, and making the home safer against falls.",
      es: "Cómo mover a una persona con seguridad, cuidar su espalda y hacer la casa más segura contra las caídas.",
    },
    reading: {
      en: [
        "Falls are the most common cause of injury among older adults, and many happen at home during ordinary moments: getting out of bed, turning to sit down, walking to the bathroom at night. A caregiver's job is not to prevent every movement but to make each movement safer.",
        "Before any transfer, plan it. Tell the person what you are going to do and how they can help, check that brakes on the wheelchair or bed are locked, clear the path, and make sure the person wears non-slip shoes or socks. Use the equipment the care plan names (a gait belt, a transfer board, a walker) and never one you were not shown how to use.",
        "Protect your own back: stand close to the person with your feet apart, bend at the knees and hips rather than the waist, keep your back straight, and pivot with your feet instead of twisting. Never let the person hold you around the neck. If a transfer needs more strength than you have, do not attempt it alone; tell the family and the Tendly team so the plan can change.",
        "If the person starts to fall, do not try to catch them. Keep your back straight, guide them down gently to the floor while protecting their head, and stay with them. Do not lift them back up if they are hurt, confused or in pain: call 911. If they are unhurt, help them up only in the way the care plan allows, and record the fall in the visit note.",
        "Look for hazards at every visit: loose rugs, cords across walkways, poor lighting, clutter on stairs, spills in the kitchen or bathroom. Fix what you can at once, and tell the family about anything you cannot fix, such as a missing grab bar or a broken step.",
      ].join("\n\n"),
      es: [
        "Las caídas son la causa más común de lesiones en los adultos mayores, y muchas ocurren en casa durante momentos cotidianos: al levantarse de la cama, al girar para sentarse o al caminar al baño de noche. El trabajo del cuidador no es evitar cada movimiento, sino hacer que cada movimiento sea más seguro.",
        "Antes de cualquier traslado, planifíquelo. Dígale a la persona lo que va a hacer y cómo puede ayudar, revise que los frenos de la silla de ruedas o de la cama estén puestos, despeje el camino y asegúrese de que la persona use zapatos o calcetines antideslizantes. Use el equipo que indica el plan de cuidado (un cinturón de transferencia, una tabla de traslado, un andador) y nunca uno que no le hayan enseñado a usar.",
        "Cuide su propia espalda: párese cerca de la persona con los pies separados, doble las rodillas y la cadera en lugar de la cintura, mantenga la espalda recta y gire con los pies en vez de torcer el cuerpo. Nunca deje que la persona se sujete de su cuello. Si un traslado requiere más fuerza de la que usted tiene, no lo intente solo; avise a la familia y al equipo de Tendly para cambiar el plan.",
        "Si la persona empieza a caerse, no intente atraparla. Mantenga la espalda recta, guíela con suavidad hasta el piso protegiendo su cabeza y quédese a su lado. No la levante si está herida, confundida o con dolor: llame al 911. Si no está herida, ayúdela a levantarse solo de la forma que permite el plan de cuidado y anote la caída en la nota de la visita.",
        "Busque peligros en cada visita: alfombras sueltas, cables en el paso, poca luz, objetos en las escaleras, líquidos derramados en la cocina o el baño. Arregle lo que pueda de inmediato y avise a la familia de lo que no pueda arreglar, como una barra de apoyo que falta o un escalón roto.",
      ].join("\n\n"),
    },
    questions: [
      q(
        {
          en: "Before helping someone from the bed to a wheelchair, what do you do first?",
          es: "Antes de ayudar a alguien a pasar de la cama a la silla de ruedas, ¿qué hace primero?",
        },
        [
          { en: "Lift them quickly so they do not get tired", es: "Levantarla rápido para que no se canse" },
          {
            en: "Explain the move and lock the wheelchair's brakes",
            es: "Explicarle el movimiento y poner los frenos de la silla",
          },
          { en: "Ask them to hold you around the neck", es: "Pedirle que se sujete de su cuello" },
        ],
        1,
      ),
      q(
        { en: "How do you protect your back during a transfer?", es: "¿Cómo protege su espalda durante un traslado?" },
        [
          {
            en: "Bend at the knees and hips, keep your back straight and pivot with your feet",
            es: "Doblar las rodillas y la cadera, mantener la espalda recta y girar con los pies",
          },
          { en: "Bend at the waist and twist to turn", es: "Doblarse por la cintura y torcer el cuerpo para girar" },
          {
            en: "Keep your feet together and stand far from the person",
            es: "Mantener los pies juntos y pararse lejos de la persona",
          },
        ],
        0,
      ),
      q(
        {
          en: "The person starts to fall while walking. What should you do?",
          es: "La persona empieza a caerse mientras camina. ¿Qué debe hacer?",
        },
        [
          { en: "Catch them with your arms at any cost", es: "Atraparla con los brazos a toda costa" },
          { en: "Step away so you are not hurt too", es: "Alejarse para no lastimarse usted también" },
          {
            en: "Guide them gently to the floor, protecting their head",
            es: "Guiarla con suavidad hasta el piso, protegiendo su cabeza",
          },
        ],
        2,
      ),
      q(
        {
          en: "After a fall the person is confused and says their hip hurts. What next?",
          es: "Después de una caída, la persona está confundida y dice que le duele la cadera. ¿Qué sigue?",
        },
        [
          {
            en: "Help them back to bed and check on them later",
            es: "Ayudarla a volver a la cama y revisarla más tarde",
          },
          { en: "Keep them still and comfortable, and call 911", es: "Mantenerla quieta y cómoda, y llamar al 911" },
          { en: "Give them a pain reliever from the cabinet", es: "Darle un analgésico del botiquín" },
        ],
        1,
      ),
      q(
        {
          en: "Which of these is a fall hazard to fix or report?",
          es: "¿Cuál de estos es un peligro de caída que debe arreglar o reportar?",
        },
        [
          { en: "A loose rug in the hallway", es: "Una alfombra suelta en el pasillo" },
          { en: "A night light in the bathroom", es: "Una luz de noche en el baño" },
          { en: "A grab bar beside the toilet", es: "Una barra de apoyo junto al inodoro" },
        ],
        0,
      ),
    ],
    ...video("safe-transfers"),
  },
  {
    slug: "infection-control",
    title: { en: "Infection control", es: "Control de infecciones" },
    summary: {
      en: "Hand hygiene, gloves, cleaning and what to do when you or the person you care for is sick.",
      es: "Higiene de manos, guantes, limpieza y qué hacer cuando usted o la persona que cuida está enferma.",
    },
    reading: {
      en: [
        "Older adults and people with chronic illness catch infections more easily and recover from them more slowly. The most effective thing you can do to protect them is also the simplest: clean your hands.",
        "Wash your hands with soap and water for at least 20 seconds when you arrive, before preparing food or giving care, after using the bathroom, after helping with toileting or touching anything soiled, and before you leave. Use an alcohol-based hand sanitizer (at least 60% alcohol) when your hands are not visibly dirty. Keep your nails short and cover cuts with a bandage.",
        "Wear disposable gloves whenever you may touch blood, urine, stool, vomit, wounds or soiled linens. Put on a new pair for each task, take them off by turning them inside out without touching the outside, throw them away at once and clean your hands afterwards. Gloves do not replace handwashing.",
        "Clean and then disinfect surfaces that are touched often, such as doorknobs, light switches, phones, bed rails and bathroom fixtures. Handle soiled laundry without shaking it, hold it away from your body and wash it on the warmest setting the fabric allows. Store food safely and throw away anything past its date.",
        "If you have a fever, vomiting, diarrhea or a new cough, do not go to the visit: tell the family and the Tendly team as early as you can so a backup caregiver can come. If the person you care for shows signs of infection (fever, new confusion, burning when urinating, a red or warm wound), tell the family the same day and note it in the visit note.",
      ].join("\n\n"),
      es: [
        "Los adultos mayores y las personas con enfermedades crónicas se contagian con más facilidad y se recuperan más despacio. Lo más eficaz que usted puede hacer para protegerlos es también lo más sencillo: lavarse las manos.",
        "Lávese las manos con agua y jabón durante al menos 20 segundos al llegar, antes de preparar comida o dar cuidado, después de usar el baño, después de ayudar a ir al baño o de tocar algo sucio, y antes de irse. Use un desinfectante de manos con alcohol (al menos 60 %) cuando sus manos no estén visiblemente sucias. Mantenga las uñas cortas y cubra las cortaduras con una curita.",
        "Use guantes desechables siempre que pueda tocar sangre, orina, heces, vómito, heridas o ropa de cama sucia. Póngase un par nuevo para cada tarea, quíteselos volteándolos al revés sin tocar la parte de afuera, tírelos de inmediato y lávese las manos después. Los guantes no reemplazan el lavado de manos.",
        "Limpie y luego desinfecte las superficies que se tocan con frecuencia, como manijas, interruptores, teléfonos, barandas de la cama y el baño. Maneje la ropa sucia sin sacudirla, apartada de su cuerpo, y lávela con el agua más caliente que permita la tela. Guarde los alimentos de forma segura y tire lo que esté vencido.",
        "Si usted tiene fiebre, vómito, diarrea o una tos nueva, no vaya a la visita: avise a la familia y al equipo de Tendly lo antes posible para que pueda ir un cuidador de respaldo. Si la persona que cuida muestra señales de infección (fiebre, confusión nueva, ardor al orinar, una herida roja o caliente), avise a la familia ese mismo día y anótelo en la nota de la visita.",
      ].join("\n\n"),
    },
    questions: [
      q(
        {
          en: "How long should you wash your hands with soap and water?",
          es: "¿Cuánto tiempo debe lavarse las manos con agua y jabón?",
        },
        [
          { en: "About 5 seconds", es: "Unos 5 segundos" },
          { en: "At least 20 seconds", es: "Al menos 20 segundos" },
          { en: "Only until the soap foams", es: "Solo hasta que el jabón haga espuma" },
        ],
        1,
      ),
      q(
        { en: "When do you need disposable gloves?", es: "¿Cuándo necesita guantes desechables?" },
        [
          {
            en: "When you may touch urine, stool, blood, wounds or soiled linens",
            es: "Cuando pueda tocar orina, heces, sangre, heridas o ropa de cama sucia",
          },
          { en: "Only when the family asks for them", es: "Solo cuando la familia los pide" },
          { en: "Never, if you wash your hands well", es: "Nunca, si se lava bien las manos" },
        ],
        0,
      ),
      q(
        { en: "After taking off gloves, you should…", es: "Después de quitarse los guantes, usted debe…" },
        [
          { en: "Keep them in a pocket for the next task", es: "Guardarlos en un bolsillo para la siguiente tarea" },
          { en: "Rinse them and hang them to dry", es: "Enjuagarlos y colgarlos para que se sequen" },
          { en: "Throw them away and clean your hands", es: "Tirarlos y lavarse las manos" },
        ],
        2,
      ),
      q(
        {
          en: "You wake up with a fever on the day of a visit. What do you do?",
          es: "Se despierta con fiebre el día de una visita. ¿Qué hace?",
        },
        [
          { en: "Go anyway and wear a mask", es: "Ir de todos modos con cubrebocas" },
          {
            en: "Tell the family and the Tendly team early so a backup can come",
            es: "Avisar temprano a la familia y al equipo de Tendly para que vaya un respaldo",
          },
          { en: "Go, but arrive a little later", es: "Ir, pero llegar un poco más tarde" },
        ],
        1,
      ),
      q(
        { en: "How should you handle soiled laundry?", es: "¿Cómo debe manejar la ropa sucia?" },
        [
          { en: "Hold it away from your body without shaking it", es: "Sostenerla lejos de su cuerpo sin sacudirla" },
          { en: "Shake it out over the bathtub first", es: "Sacudirla primero sobre la tina" },
          { en: "Leave it on the floor until the next visit", es: "Dejarla en el piso hasta la próxima visita" },
        ],
        0,
      ),
    ],
    ...video("infection-control"),
  },
  {
    slug: "dementia-basics",
    title: { en: "Dementia basics", es: "Conceptos básicos de la demencia" },
    summary: {
      en: "What dementia is, how to communicate, and how to respond to confusion and distress.",
      es: "Qué es la demencia, cómo comunicarse y cómo responder a la confusión y la angustia.",
    },
    reading: {
      en: [
        "Dementia is not a normal part of aging. It is a group of conditions, Alzheimer's disease being the most common, that damage the brain and slowly affect memory, language, judgment and the ability to do everyday tasks. Each person's dementia is different, and the same person can have good and bad days.",
        'Communicate simply and kindly. Approach from the front, say your name, and use the person\'s name. Speak slowly in short sentences, ask one question at a time, and offer simple choices ("Would you like the blue sweater or the red one?") rather than open questions. Give them time to answer. Do not argue or correct them about facts; enter their reality when it does no harm.',
        "Changes in behavior are usually a way of communicating a need: pain, hunger, thirst, needing the bathroom, being too hot or cold, boredom, fear or too much noise. When the person becomes upset, stay calm, lower your voice, look for the cause, and gently redirect them to something familiar or pleasant. Keep to a steady daily routine; it lowers anxiety.",
        "Safety matters: people with dementia may wander, leave the stove on or take the wrong medicine. Know the family's plan for locks and alarms, keep medicines where the care plan says, and never leave someone who wanders alone outside. If the person goes missing, call 911 at once and then the family.",
        "Caring for someone with dementia is demanding. Take your breaks, tell the Tendly team if a situation feels unsafe, and record in the visit note what helped and what upset the person, so the next caregiver and the family can build on it.",
      ].join("\n\n"),
      es: [
        "La demencia no es parte normal del envejecimiento. Es un grupo de enfermedades, la más común es el Alzheimer, que dañan el cerebro y poco a poco afectan la memoria, el lenguaje, el juicio y la capacidad de hacer tareas diarias. La demencia de cada persona es distinta, y la misma persona puede tener días buenos y malos.",
        'Comuníquese de forma sencilla y amable. Acérquese de frente, diga su nombre y use el nombre de la persona. Hable despacio con frases cortas, haga una pregunta a la vez y ofrezca opciones simples ("¿Quiere el suéter azul o el rojo?") en lugar de preguntas abiertas. Dele tiempo para responder. No discuta ni la corrija sobre los hechos; acompañe su realidad cuando no cause daño.',
        "Los cambios de comportamiento suelen ser una forma de comunicar una necesidad: dolor, hambre, sed, ganas de ir al baño, calor o frío, aburrimiento, miedo o demasiado ruido. Cuando la persona se altere, mantenga la calma, baje la voz, busque la causa y llévela con suavidad hacia algo conocido o agradable. Mantenga una rutina diaria estable; eso reduce la ansiedad.",
        "La seguridad es importante: las personas con demencia pueden salir y perderse, dejar la estufa prendida o tomar la medicina equivocada. Conozca el plan de la familia sobre cerraduras y alarmas, guarde las medicinas donde indica el plan de cuidado y nunca deje sola afuera a una persona que tiende a perderse. Si la persona desaparece, llame al 911 de inmediato y luego a la familia.",
        "Cuidar a alguien con demencia es exigente. Tome sus descansos, avise al equipo de Tendly si una situación le parece insegura y anote en la nota de la visita lo que ayudó y lo que alteró a la persona, para que el siguiente cuidador y la familia puedan aprovecharlo.",
      ].join("\n\n"),
    },
    questions: [
      q(
        { en: "Which statement about dementia is true?", es: "¿Cuál afirmación sobre la demencia es verdadera?" },
        [
          { en: "It is a normal part of getting older", es: "Es parte normal de envejecer" },
          {
            en: "It is caused by brain conditions such as Alzheimer's disease",
            es: "La causan enfermedades del cerebro como el Alzheimer",
          },
          { en: "It only affects memory", es: "Solo afecta la memoria" },
        ],
        1,
      ),
      q(
        {
          en: "What is the best way to ask a person with dementia about clothing?",
          es: "¿Cuál es la mejor forma de preguntar a una persona con demencia sobre su ropa?",
        },
        [
          { en: '"Would you like the blue sweater or the red one?"', es: '"¿Quiere el suéter azul o el rojo?"' },
          { en: '"What do you want to wear today and why?"', es: '"¿Qué quiere ponerse hoy y por qué?"' },
          { en: "Choose for them without asking", es: "Elegir por la persona sin preguntar" },
        ],
        0,
      ),
      q(
        {
          en: "The person insists it is 1975 and she must go to work. You…",
          es: "La persona insiste en que es 1975 y que debe ir a trabajar. Usted…",
        },
        [
          { en: "Explain firmly that she is wrong", es: "Le explica con firmeza que está equivocada" },
          { en: "Show her a calendar until she agrees", es: "Le muestra un calendario hasta que acepte" },
          {
            en: "Stay calm, acknowledge her feelings and gently redirect her",
            es: "Mantiene la calma, reconoce lo que siente y la lleva con suavidad a otra actividad",
          },
        ],
        2,
      ),
      q(
        {
          en: "A sudden change in behavior is often a sign of…",
          es: "Un cambio repentino de comportamiento suele ser señal de…",
        },
        [
          {
            en: "An unmet need such as pain, hunger or needing the bathroom",
            es: "Una necesidad no atendida, como dolor, hambre o ganas de ir al baño",
          },
          { en: "Bad manners", es: "Mala educación" },
          { en: "Nothing worth noticing", es: "Nada que valga la pena notar" },
        ],
        0,
      ),
      q(
        {
          en: "The person you care for is missing from the house. What do you do first?",
          es: "La persona que cuida no está en la casa. ¿Qué hace primero?",
        },
        [
          { en: "Wait an hour in case she comes back", es: "Esperar una hora por si regresa" },
          { en: "Call 911 at once, then the family", es: "Llamar al 911 de inmediato y luego a la familia" },
          { en: "Finish your tasks and mention it in the note", es: "Terminar sus tareas y mencionarlo en la nota" },
        ],
        1,
      ),
    ],
    ...video("dementia-basics"),
  },
  {
    slug: "abuse-and-neglect",
    title: { en: "Recognising abuse and neglect", es: "Cómo reconocer el abuso y el descuido" },
    summary: {
      en: "The signs of abuse, neglect and financial exploitation, and how to report them.",
      es: "Las señales de abuso, descuido y explotación financiera, y cómo reportarlas.",
    },
    reading: {
      en: [
        "Abuse of older and disabled adults is more common than most people think, and it is usually committed by someone the person knows. As a caregiver you may be one of the few people who see the person regularly, which makes you an important protector.",
        'Abuse takes several forms. Physical abuse: unexplained bruises, burns or fractures, especially in different stages of healing. Emotional abuse: the person seems afraid, withdrawn or anxious around a certain person, or is insulted, threatened or isolated. Sexual abuse: unexplained injuries or infections in private areas. Neglect, including self-neglect: poor hygiene, weight loss, dehydration, untreated bedsores, missing glasses or hearing aids, an unsafe or unheated home. Financial exploitation: missing money or belongings, unpaid bills despite enough income, sudden changes to a will or bank accounts, a new "friend" who controls the money.',
        "If you suspect abuse, do not investigate on your own and do not confront the person you suspect. Write down what you saw and heard, in the person's own words where you can, with the date and time. Report it the same day to the Tendly team, and to Adult Protective Services in the person's state; many states require caregivers to report. If the person is in immediate danger, call 911 first.",
        'Never promise to keep a secret about abuse. You can say: "I care about you, and I need to tell someone who can help." Reporting in good faith is protected by law even if the suspicion turns out to be wrong.',
        "Caregivers must also never take advantage of the people they care for: do not accept money, gifts or loans, do not use their belongings, and do not discuss their finances. Tendly removes any caregiver who does.",
      ].join("\n\n"),
      es: [
        "El abuso de adultos mayores y de personas con discapacidad es más común de lo que muchos creen, y casi siempre lo comete alguien que la persona conoce. Como cuidador, usted puede ser una de las pocas personas que la ven con frecuencia, y eso lo convierte en un protector importante.",
        'El abuso tiene varias formas. Abuso físico: moretones, quemaduras o fracturas sin explicación, sobre todo en distintas etapas de curación. Abuso emocional: la persona parece tener miedo, estar retraída o ansiosa con alguien en particular, o recibe insultos, amenazas o aislamiento. Abuso sexual: lesiones o infecciones sin explicación en las partes íntimas. Descuido, también el de uno mismo: poca higiene, pérdida de peso, deshidratación, llagas sin tratar, anteojos o aparatos para oír que faltan, una casa insegura o sin calefacción. Explotación financiera: dinero o pertenencias que faltan, cuentas sin pagar aunque haya ingresos, cambios repentinos en el testamento o las cuentas del banco, un "amigo" nuevo que controla el dinero.',
        "Si sospecha abuso, no investigue por su cuenta ni confronte a la persona de quien sospecha. Escriba lo que vio y oyó, con las palabras de la persona cuando pueda, con fecha y hora. Repórtelo ese mismo día al equipo de Tendly y a los Servicios de Protección de Adultos (Adult Protective Services) del estado de la persona; en muchos estados los cuidadores están obligados a reportar. Si la persona corre peligro inmediato, llame primero al 911.",
        'Nunca prometa guardar un secreto sobre un abuso. Puede decir: "Usted me importa y necesito decírselo a alguien que pueda ayudar." La ley protege a quien reporta de buena fe, aunque la sospecha resulte equivocada.',
        "Los cuidadores tampoco deben aprovecharse nunca de las personas que cuidan: no acepte dinero, regalos ni préstamos, no use sus pertenencias y no hable de sus finanzas. Tendly da de baja a cualquier cuidador que lo haga.",
      ].join("\n\n"),
    },
    questions: [
      q(
        {
          en: "Which of these can be a sign of financial exploitation?",
          es: "¿Cuál de estas puede ser una señal de explotación financiera?",
        },
        [
          {
            en: "Bills going unpaid although the person has enough income",
            es: "Cuentas sin pagar aunque la persona tiene ingresos suficientes",
          },
          { en: "The person buys groceries every week", es: "La persona compra comida cada semana" },
          { en: "The person keeps a budget notebook", es: "La persona lleva un cuaderno de gastos" },
        ],
        0,
      ),
      q(
        {
          en: "You notice bruises in different stages of healing on her arms. What do you do?",
          es: "Nota moretones en distintas etapas de curación en sus brazos. ¿Qué hace?",
        },
        [
          { en: "Ask her son directly whether he hurt her", es: "Preguntarle directamente al hijo si él la lastimó" },
          {
            en: "Write down what you saw and report it the same day",
            es: "Anotar lo que vio y reportarlo ese mismo día",
          },
          { en: "Wait to see whether more bruises appear", es: "Esperar a ver si aparecen más moretones" },
        ],
        1,
      ),
      q(
        {
          en: "The person tells you about abuse and asks you to keep it secret. You…",
          es: "La persona le cuenta de un abuso y le pide que lo guarde en secreto. Usted…",
        },
        [
          {
            en: "Promise to keep the secret to keep her trust",
            es: "Promete guardar el secreto para conservar su confianza",
          },
          { en: "Say nothing and change the subject", es: "No dice nada y cambia de tema" },
          {
            en: "Tell her kindly that you must tell someone who can help",
            es: "Le dice con amabilidad que debe contárselo a alguien que pueda ayudar",
          },
        ],
        2,
      ),
      q(
        { en: "When should you call 911 first?", es: "¿Cuándo debe llamar primero al 911?" },
        [
          { en: "When the person is in immediate danger", es: "Cuando la persona corre peligro inmediato" },
          { en: "Never; only the family may call", es: "Nunca; solo la familia puede llamar" },
          { en: "Only after Tendly answers your message", es: "Solo después de que Tendly responda su mensaje" },
        ],
        0,
      ),
      q(
        {
          en: "A client offers you $200 as a thank-you. What do you do?",
          es: "Un cliente le ofrece $200 como agradecimiento. ¿Qué hace?",
        },
        [
          { en: "Accept it if nobody else knows", es: "Aceptarlo si nadie más se entera" },
          { en: "Politely refuse it", es: "Rechazarlo con amabilidad" },
          { en: "Accept it as a loan", es: "Aceptarlo como préstamo" },
        ],
        1,
      ),
    ],
    ...video("abuse-and-neglect"),
  },
  {
    slug: "health-privacy",
    title: { en: "Privacy of health information", es: "Privacidad de la información de salud" },
    summary: {
      en: "Keeping what you learn about a person's health and home private, in person and online.",
      es: "Cómo mantener en privado lo que sabe de la salud y la casa de una persona, en persona y en línea.",
    },
    reading: {
      en: [
        "In someone's home you learn a great deal: their diagnoses and medicines, their moods, their family's conflicts, their money, the code to their door. All of it is private. The people you care for trust you with it because they need care, not so that it can be shared.",
        "Share health information only with people who need it to give care: the family members named on the order, the person's doctors and nurses when the family asks you to, and the Tendly team. Use the app's messages and visit notes for this rather than personal texts or social media, so the information stays in one protected place.",
        "Never post photos, videos or stories about the people you care for or their homes on social media, even without their names, and never talk about them with friends, other clients or neighbors. Take a photo only when the visit note asks for one and only through the app, and never of the person's body without the family's permission.",
        "Protect the information you carry. Lock your phone with a code, do not leave care plans or medication lists where visitors can read them, do not write the family code or door codes on paper, and sign out of the app on shared devices. If you lose your phone or think someone saw private information, tell the Tendly team at once.",
        "When someone you do not know asks about the person, such as a caller who says they are from the bank or a neighbor asking about a diagnosis, do not answer. Refer them politely to the family.",
      ].join("\n\n"),
      es: [
        "En la casa de alguien usted se entera de mucho: sus diagnósticos y medicinas, su estado de ánimo, los conflictos de la familia, su dinero, la clave de la puerta. Todo eso es privado. Las personas que cuida le confían esa información porque necesitan cuidado, no para que se comparta.",
        "Comparta información de salud solo con quienes la necesitan para dar cuidado: los familiares que aparecen en el pedido, los médicos y enfermeras de la persona cuando la familia se lo pida, y el equipo de Tendly. Para eso use los mensajes y las notas de la visita de la aplicación, no mensajes personales ni redes sociales, para que la información quede en un solo lugar protegido.",
        "Nunca publique fotos, videos ni historias de las personas que cuida o de sus casas en redes sociales, aunque no diga sus nombres, y nunca hable de ellas con amigos, otros clientes o vecinos. Tome una foto solo cuando la nota de la visita la pida y solo con la aplicación, y nunca del cuerpo de la persona sin permiso de la familia.",
        "Proteja la información que lleva con usted. Ponga una clave a su teléfono, no deje planes de cuidado ni listas de medicinas donde las visitas puedan leerlas, no escriba en papel el código de la familia ni las claves de las puertas, y cierre sesión en la aplicación en aparatos compartidos. Si pierde su teléfono o cree que alguien vio información privada, avise de inmediato al equipo de Tendly.",
        "Cuando alguien que usted no conoce pregunte por la persona, por ejemplo alguien que llama diciendo que es del banco o un vecino que pregunta por un diagnóstico, no responda. Remítalo con amabilidad a la familia.",
      ].join("\n\n"),
    },
    questions: [
      q(
        {
          en: "Who may you share the person's health information with?",
          es: "¿Con quién puede compartir la información de salud de la persona?",
        },
        [
          { en: "Anyone who asks politely", es: "Con cualquiera que pregunte con amabilidad" },
          {
            en: "The family on the order, their care team when the family asks, and Tendly",
            es: "Con la familia del pedido, su equipo de salud cuando la familia lo pida, y Tendly",
          },
          {
            en: "Other clients, to learn from similar cases",
            es: "Con otros clientes, para aprender de casos parecidos",
          },
        ],
        1,
      ),
      q(
        {
          en: "Can you post a photo of a client's living room without their name?",
          es: "¿Puede publicar una foto de la sala de un cliente sin su nombre?",
        },
        [
          { en: "No, never", es: "No, nunca" },
          { en: "Yes, if the name is not shown", es: "Sí, si no se ve el nombre" },
          { en: "Yes, on a private account", es: "Sí, en una cuenta privada" },
        ],
        0,
      ),
      q(
        { en: "Where should you write the family code?", es: "¿Dónde debe escribir el código de la familia?" },
        [
          { en: "On a note by the front door", es: "En una nota junto a la puerta" },
          { en: "In a message to a friend, as a backup", es: "En un mensaje a un amigo, como respaldo" },
          { en: "Nowhere; keep it to yourself", es: "En ningún lugar; guárdelo para usted" },
        ],
        2,
      ),
      q(
        {
          en: "A caller says he is from the bank and asks about the client's health. You…",
          es: "Alguien llama diciendo que es del banco y pregunta por la salud del cliente. Usted…",
        },
        [
          {
            en: "Refer him politely to the family without answering",
            es: "Lo remite con amabilidad a la familia sin responder",
          },
          { en: "Answer, since banks are trustworthy", es: "Responde, porque los bancos son confiables" },
          { en: "Give only the diagnosis", es: "Da solo el diagnóstico" },
        ],
        0,
      ),
      q(
        {
          en: "You lost your phone with the Tendly app on it. What do you do?",
          es: "Perdió su teléfono con la aplicación de Tendly. ¿Qué hace?",
        },
        [
          { en: "Nothing, it has a lock screen", es: "Nada, tiene pantalla de bloqueo" },
          { en: "Tell the Tendly team at once", es: "Avisar de inmediato al equipo de Tendly" },
          { en: "Wait a week in case it turns up", es: "Esperar una semana por si aparece" },
        ],
        1,
      ),
    ],
    ...video("health-privacy"),
  },
  {
    slug: "emergencies",
    title: { en: "What to do in an emergency", es: "Qué hacer en una emergencia" },
    summary: {
      en: "Recognising an emergency, calling 911, and what to do until help arrives.",
      es: "Cómo reconocer una emergencia, llamar al 911 y qué hacer hasta que llegue la ayuda.",
    },
    reading: {
      en: [
        "In an emergency your first job is to call for help quickly and clearly. Call 911 when the person is not breathing or breathing with great difficulty, has chest pain or pressure, shows signs of a stroke, is unconscious or cannot be woken, is bleeding heavily, has a serious fall or a possible broken bone, has a seizure, or when there is a fire or gas smell. When in doubt, call; the dispatcher will help you decide.",
        "Learn the signs of a stroke with the word FAST: Face drooping on one side, Arm weakness, Speech slurred or strange, Time to call 911. Note the time the signs started; doctors need it.",
        "When you call 911, stay calm and give the full address, including the apartment number and how to get in, say what happened and the person's age, and follow the dispatcher's instructions. Do not hang up until they tell you to. If you can, unlock the door, turn on the porch light and put away pets. Have the person's medication list and any advance directive (such as a DNR order) ready for the paramedics.",
        "Until help arrives, stay with the person. Do not give food, drink or medicine unless the dispatcher tells you to. If the person is not breathing and you are trained in CPR, begin it as the dispatcher guides you. In a fire, get the person and yourself out first and call 911 from outside; never go back in.",
        "Once the emergency is over, tell the family right away, then the Tendly team, and write what happened in the visit note with the times. Know before it happens: at your first visit, find the exits, the phone numbers of the family and the doctor, the medication list, and whether there is an advance directive.",
      ].join("\n\n"),
      es: [
        "En una emergencia su primera tarea es pedir ayuda rápido y con claridad. Llame al 911 cuando la persona no respira o respira con mucha dificultad, tiene dolor o presión en el pecho, muestra señales de un derrame cerebral, está inconsciente o no despierta, sangra mucho, tiene una caída grave o un posible hueso roto, tiene una convulsión, o cuando hay fuego u olor a gas. Si tiene dudas, llame; la operadora le ayudará a decidir.",
        "Aprenda las señales de un derrame cerebral con la palabra RÁPIDO: Rostro caído de un lado, Alteración del equilibrio, Pérdida de fuerza en un brazo o una pierna, Impedimento para hablar, Dificultad para ver, Obtenga ayuda llamando al 911. Anote la hora en que empezaron las señales; los médicos la necesitan.",
        "Cuando llame al 911, mantenga la calma y dé la dirección completa, con el número de apartamento y cómo entrar, diga qué pasó y la edad de la persona, y siga las instrucciones de la operadora. No cuelgue hasta que se lo indiquen. Si puede, abra la puerta, prenda la luz de la entrada y aparte a las mascotas. Tenga lista para los paramédicos la lista de medicinas de la persona y cualquier directiva anticipada (como una orden de no resucitar).",
        "Hasta que llegue la ayuda, quédese con la persona. No le dé comida, bebida ni medicinas a menos que la operadora se lo indique. Si la persona no respira y usted sabe dar RCP, empiece como la operadora le indique. En un incendio, saque primero a la persona y salga usted, y llame al 911 desde afuera; nunca vuelva a entrar.",
        "Cuando pase la emergencia, avise de inmediato a la familia, luego al equipo de Tendly, y escriba lo que pasó en la nota de la visita con las horas. Prepárese antes: en su primera visita, busque las salidas, los teléfonos de la familia y del médico, la lista de medicinas y si existe una directiva anticipada.",
      ].join("\n\n"),
    },
    questions: [
      q(
        { en: "Which of these is a reason to call 911?", es: "¿Cuál de estas es una razón para llamar al 911?" },
        [
          { en: "The person is tired after lunch", es: "La persona está cansada después del almuerzo" },
          {
            en: "Sudden drooping of one side of the face and slurred speech",
            es: "Un lado de la cara caído de repente y dificultad para hablar",
          },
          { en: "The person does not want to watch television", es: "La persona no quiere ver televisión" },
        ],
        1,
      ),
      q(
        {
          en: "What must you tell the 911 dispatcher first of all?",
          es: "¿Qué debe decirle primero que nada a la operadora del 911?",
        },
        [
          {
            en: "The full address, with the apartment number",
            es: "La dirección completa, con el número de apartamento",
          },
          { en: "Your own full name and date of birth", es: "Su nombre completo y su fecha de nacimiento" },
          { en: "The family's insurance details", es: "Los datos del seguro de la familia" },
        ],
        0,
      ),
      q(
        { en: "While you wait for the ambulance, you should…", es: "Mientras espera la ambulancia, usted debe…" },
        [
          { en: "Give the person water and an aspirin", es: "Darle a la persona agua y una aspirina" },
          { en: "Leave to find a neighbor", es: "Irse a buscar a un vecino" },
          {
            en: "Stay with the person and follow the dispatcher's instructions",
            es: "Quedarse con la persona y seguir las instrucciones de la operadora",
          },
        ],
        2,
      ),
      q(
        { en: "There is a fire in the kitchen. What do you do?", es: "Hay fuego en la cocina. ¿Qué hace?" },
        [
          {
            en: "Get the person and yourself out, then call 911 from outside",
            es: "Sacar a la persona y salir usted, y llamar al 911 desde afuera",
          },
          { en: "Look for the family's valuables first", es: "Buscar primero los objetos de valor de la familia" },
          { en: "Call the family to ask what to do", es: "Llamar a la familia para preguntar qué hacer" },
        ],
        0,
      ),
      q(
        {
          en: "Why note the time stroke signs began?",
          es: "¿Por qué anotar la hora en que empezaron las señales de un derrame?",
        },
        [
          { en: "For the visit's billing", es: "Para la facturación de la visita" },
          { en: "Doctors need it to choose the treatment", es: "Los médicos la necesitan para elegir el tratamiento" },
          { en: "It is not important", es: "No es importante" },
        ],
        1,
      ),
    ],
    ...video("emergencies"),
  },
];
