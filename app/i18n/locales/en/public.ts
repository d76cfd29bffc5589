// The public site's words: home, services, providers, caregiver profiles, about, how it works, safety, become a caregiver, contact, blog, newsletter, not-found and error pages.
// English is the reference; texts the product spec gives stay word for word.
export default {
  /** Shown above English-only content (articles, privacy, terms, accessibility) when the page is in another language. */
  englishOnly: "This content is only available in English for now.",
  cta: {
    requestCare: "Request care",
    startCareRequest: "Start your care request",
    startApplication: "Start your application",
    findCare: "Find care",
    becomeCaregiver: "Become a caregiver",
    howItWorks: "How it works",
    contactUs: "Contact us",
    requestThisCaregiver: "Request this caregiver",
  },
  // The marketing data of features/marketing/marketing-data.ts, word for word (routes/public/marketing-messages.test.ts).
  marketing: {
    services: {
      "personal-care": {
        summary: "Dignified help with bathing, dressing, grooming, toileting and moving safely around the home.",
        includes: {
          0: "Bathing, showering and oral care at the pace your loved one sets",
          1: "Dressing, grooming and continence care handled with discretion",
          2: "Safe transfers from bed, chair and wheelchair",
          3: "Medication reminders at the times on the care plan",
        },
        goodFor: "People recovering from surgery or illness, living with a chronic condition or dementia.",
      },
      companionship: {
        summary: "A familiar face for conversation, walks, hobbies and outings, so no day feels long or lonely.",
        includes: {
          0: "Conversation, games, reading aloud and shared hobbies",
          1: "Walks, errands and trips to see friends or attend services",
          2: "Gentle prompts to eat, drink and keep up routines",
          3: "A short note to the family after every visit",
        },
        goodFor: "Older adults who live alone, and families who live far away or work long hours.",
      },
      housekeeping: {
        summary: "Light housekeeping that keeps the home clean, tidy and safe to move around in.",
        includes: {
          0: "Laundry, changing bed linen and tidying living areas",
          1: "Kitchen and bathroom cleaning after care tasks",
          2: "Clearing walkways and spotting trip hazards",
          3: "Taking out rubbish and recycling",
        },
        goodFor: "Anyone for whom chores have become tiring or risky.",
      },
      "meal-preparation": {
        summary: "Fresh, home-cooked meals that follow dietary needs, cultural tastes and doctor's advice.",
        includes: {
          0: "Planning menus together and shopping for groceries",
          1: "Cooking for diabetic, low-sodium, soft or pureed diets",
          2: "Dishes from your own culture and family recipes",
          3: "Help with eating and keeping an eye on fluids",
        },
        goodFor: "People with special diets, poor appetite or difficulty standing at the stove.",
      },
      transportation: {
        summary: "Door-to-door rides and an escort to appointments, the pharmacy, shops and social visits.",
        includes: {
          0: "Rides to doctor, dialysis and therapy appointments",
          1: "Staying for the visit and taking notes for the family",
          2: "Pharmacy and grocery runs",
          3: "Trips to family events, worship and community centres",
        },
        goodFor: "People who no longer drive or need a steady arm getting in and out of the car.",
      },
    },
    // By labelKey(title).
    trust: {
      vettedCaregivers: {
        title: "Vetted caregivers",
        text: "Every caregiver is interviewed and screened before they can accept a single visit.",
      },
      identityVerification: {
        title: "Identity verification",
        text: "We check a government-issued photo ID against the person who applies.",
      },
      referenceChecks: {
        title: "Reference checks",
        text: "We speak with previous employers or clients about reliability and the quality of their care.",
      },
      criminalRecordChecks: {
        title: "Criminal record checks",
        text: "Felonies are checked over the past 10 years and misdemeanors over the past 5 years.",
      },
      ongoingMonitoring: {
        title: "Ongoing monitoring",
        text: "Checks continue after approval, and every visit is rated by the family who received it.",
      },
      certifiedTraining: {
        title: "Certified training",
        text: "Caregivers complete our training modules before their first job.",
      },
      "247HumanSupport": {
        title: "24/7 human support",
        text: "A real person answers the phone day and night, weekends and holidays included.",
      },
    },
    // By labelKey(label).
    impact: {
      hoursOfCareDelivered: "hours of care delivered",
      familiesSupported: "families supported",
      topRatedCaregivers: "top-rated caregivers",
      languagesSpoken: "languages spoken",
    },
    // By labelKey(title).
    clientSteps: {
      shareYourCareNeeds: {
        title: "Share your care needs",
        text: "Tell us who needs care, the help they need, their language and culture, and when. It takes a few minutes.",
      },
      getMatched: {
        title: "Get matched",
        text: "We suggest vetted caregivers who fit the health needs, schedule, language and preferences you gave, and say why.",
      },
      bookAndReceiveCare: {
        title: "Book and receive care",
        text: "Confirm your caregiver, see the quote before you book, and follow every visit from your dashboard.",
      },
    },
    caregiverSteps: {
      applyOnline: {
        title: "Apply online",
        text: "The application takes about 2 minutes: your details, experience, availability and documents.",
      },
      getApprovedAndTrained: {
        title: "Get approved and trained",
        text: "We verify your identity, references and background; typical review time is 5-7 business days. Then you complete our training.",
      },
      acceptJobsNearYou: {
        title: "Accept jobs near you",
        text: "Choose the visits that fit your schedule and travel radius, and get paid for every completed visit.",
      },
    },
    // By id; the names stay as they are.
    testimonials: {
      t1: {
        role: "Daughter of a client, Chicago",
        quote:
          "My mother speaks mostly Spanish. Tendly matched her with a caregiver who shares her language and her cooking. She looks forward to every visit.",
      },
      t2: {
        role: "Client, Phoenix",
        quote:
          "After my hip surgery I needed help for six weeks. The caregiver was on time every morning and knew exactly how to help me move safely.",
      },
      t3: {
        role: "Caregiver, Houston",
        quote:
          "The application was quick and the training was genuinely useful. I choose jobs that fit around my children's school day.",
      },
      t4: {
        role: "Son of a client, Atlanta",
        quote:
          "I live two states away. The visit notes tell me how Dad is doing, and I can call support at any hour when I worry.",
      },
      t5: {
        role: "Wife of a client, Chicago",
        quote:
          "Caring for my husband with dementia was wearing me down. Three afternoons a week of companionship gave me my life back.",
      },
    },
    testimonialSummary: { rating: "4.9/5", from: "100+ families" },
  },
  home: {
    metaTitle: "Tendly: trusted in-home care for the people you love",
    metaDescription:
      "Find and book vetted in-home caregivers for personal care, companionship, housekeeping, meals and transportation, with 24/7 human support.",
    hero: {
      eyebrow: "In-home care, done with heart",
      title: "Trusted in-home care for the people you love",
      intro:
        "Vetted caregivers for personal care, companionship, housekeeping, meals and transportation, matched to your loved one's needs, language and culture, with a real person on the phone 24/7.",
      findCareNow: "Find Care Now",
      joinAsCaregiver: "Join as Caregiver",
    },
    trust: {
      title: "Trust and Safety",
      intro: "Every caregiver on Tendly is checked before they meet your family, and after.",
      carousel: "Trust and safety checks",
      howWeKeepYouSafe: "How we keep you safe",
    },
    services: {
      title: "Our Services",
      intro: "Help with everyday life at home, from a few hours a week to around the clock.",
      carousel: "Service cards",
    },
    howItWorks: {
      title: "How It Works",
      showStepsFor: "Show the steps for",
      client: "I am a Client",
      caregiver: "I am a Caregiver",
      step: "Step {{number}}: ",
    },
    impact: {
      title: "Our Impact",
      getCare: "Get care for your family",
    },
    providers: {
      title: "Meet Our Providers",
      intro: "Some of our caregivers, each background checked, with the ratings families gave them.",
      none: "Our caregivers' profiles will appear here as soon as they are approved.",
      carousel: "Caregiver profiles",
      requestCaregiver: "Request a caregiver",
      browseAll: "Browse all caregivers",
    },
    testimonials: {
      title: "What Families Say",
      summary: "<strong>{{rating}}</strong> from {{from}}",
      carousel: "Family testimonials",
      rated: "Rated {{stars}} out of 5",
    },
  },
  services: {
    metaTitle: "In-home care services",
    metaDescription:
      "Personal care, companionship, housekeeping, meal preparation and transportation from vetted Tendly caregivers, from a few hours a week to live-in care.",
    title: "Our Services",
    intro:
      "Choose one service or combine several in a single care plan. Every visit is delivered by a vetted, trained caregiver, and you can change the plan as needs change.",
    onThisPage: "Services on this page",
    included: "What's included",
    oftenChosenBy: "Often chosen by:",
    caregiversOffering: "Caregivers offering {{service}}",
    notIncludedTitle: "What our caregivers do not do",
    notIncluded:
      "Tendly caregivers provide non-medical care. They do not give injections, dress wounds, manage IV lines or adjust medication doses. They can remind your loved one to take medication, notice changes and tell you and their nurse or doctor. If you need skilled nursing, we can tell you how to combine it with our care.",
  },
  providers: {
    metaTitle: "Find a caregiver near you",
    metaDescription:
      "Browse vetted, background-checked Tendly caregivers by service, language and distance from your ZIP code, and read their profiles and ratings.",
    title: "Find a caregiver",
    intro:
      "Every caregiver here has passed identity, reference and criminal record checks. Filter by the help you need, the language you speak and how far they travel.",
    filter: "Filter caregivers",
    service: "Service",
    anyService: "Any service",
    language: "Language",
    anyLanguage: "Any language",
    zip: "ZIP code",
    zipFormat: "Enter a 5-digit ZIP code.",
    zipUnknown: "We don't know that ZIP code. Please check it and try again.",
    distance: "Distance",
    within: "Within {{miles}} miles",
    sortBy: "Sort by",
    bestRated: "Best rated",
    nearest: "Nearest (needs a ZIP code)",
    show: "Show caregivers",
    clear: "Clear filters",
    none: "No caregivers found",
    results_one: "{{count}} caregiver",
    results_other: "{{count}} caregivers",
    resultsNear_one: "{{count}} caregiver within {{miles}} miles of {{city}}, {{state}} {{zip}}",
    resultsNear_other: "{{count}} caregivers within {{miles}} miles of {{city}}, {{state}} {{zip}}",
    checkZip: "Check the ZIP code and try again.",
    noMatch:
      "No approved caregiver matches all of these filters yet. Try a wider distance or another language, or tell us what you need and we will find someone for you.",
    pages: "Pages",
  },
  card: {
    distance: "{{miles}} mi away",
    distanceUnder: "Under 0.1 mi away",
    experienceSpeaks_one: "{{count}} year of experience · Speaks {{languages}}",
    experienceSpeaks_other: "{{count}} years of experience · Speaks {{languages}}",
    services: "Services",
    newToTendly: "New to Tendly",
    rating_one: "{{rating}} out of 5 ({{count}} rating)",
    rating_other: "{{rating}} out of 5 ({{count}} ratings)",
  },
  profile: {
    notFound: "Caregiver not found | Tendly",
    metaTitle: "{{name}}, caregiver",
    metaTitleIn: "{{name}}, caregiver in {{city}}, {{state}}",
    // English keeps "years" for one year, as it always has.
    metaDescription_one:
      "{{name}} offers {{services}}, with {{count}} years of experience. Background checked by Tendly.",
    metaDescription_other:
      "{{name}} offers {{services}}, with {{count}} years of experience. Background checked by Tendly.",
    metaDescriptionIn_one:
      "{{name}} offers {{services}} in {{city}}, {{state}}, with {{count}} years of experience. Background checked by Tendly.",
    metaDescriptionIn_other:
      "{{name}} offers {{services}} in {{city}}, {{state}}, with {{count}} years of experience. Background checked by Tendly.",
    jobTitle: "Caregiver",
    breadcrumb: "Breadcrumb",
    allCaregivers: "All caregivers",
    experience_one: "{{count}} year of experience · Background checked",
    experience_other: "{{count}} years of experience · Background checked",
    about: "About {{name}}",
    noBio: "{{name}} hasn't written an introduction yet.",
    // Under a bio written in the other language than the page's (docs/product-rules.md, "Languages").
    bioWrittenIn: { en: "Written in English.", es: "Written in Spanish." },
    services: "Services",
    skills: "Skills",
    generalCare: "General home care.",
    languages: "Languages",
    reviews: "Ratings and reviews",
    noReviews: "No reviews yet. Families rate their care once a visit is completed, and their reviews appear here.",
    seeMore: "See more caregivers",
  },
  about: {
    metaTitle: "About Tendly",
    metaDescription:
      "Tendly connects families with vetted in-home caregivers matched by health needs, language and culture. Learn who we are and what we stand for.",
    title: "About Tendly",
    intro:
      "Tendly is a home-care marketplace built for the moment a family realises a parent, partner or friend needs help at home, and for the caregivers who make that help possible.",
    storyTitle: "Why we started",
    story1:
      "Most people want to grow older in their own home, and most families want to help them do it. Finding someone you trust to come into that home is hard: agencies can be slow and opaque, and online listings rarely tell you who has actually been checked. We built Tendly so that a family can share what their loved one needs, see vetted caregivers who fit, understand the price before they book and follow every visit afterwards.",
    story2:
      "Caregivers deserve better too. They apply online in about two minutes, hear back within 5-7 business days, complete training that prepares them for real situations, and then choose work that fits around their own families.",
    figuresTitle: "Tendly in figures",
    certified: "More than 200 certified caregivers have completed our training.",
    valuesTitle: "What we stand for",
    values: {
      safety: {
        title: "Safety before speed",
        text: "No caregiver meets a family until their identity, references and criminal record have been checked and their training is complete. We would rather tell you we need another day than send someone we have not vetted.",
      },
      familiar: {
        title: "Care that feels familiar",
        text: "We match on more than a schedule. Language, culture, food, faith and personality matter when someone comes into your home, so we ask about them and we match on them.",
      },
      fair: {
        title: "Fair to caregivers",
        text: "Caregivers choose the jobs that fit their lives, see what they will earn before they accept, and are paid for every completed visit. Good care comes from people who are treated well.",
      },
      people: {
        title: "People, not just software",
        text: "Our support team answers 24 hours a day, 7 days a week. When a plan changes at 2 a.m., you reach a person who can help.",
      },
    },
  },
  howItWorks: {
    metaTitle: "How Tendly works",
    metaDescription:
      "From sharing your care needs to your first visit: how families book care with Tendly, and how caregivers apply, get approved and accept jobs.",
    title: "How It Works",
    intro:
      "Three steps for families, three steps for caregivers, and a support team that is there around the clock for both.",
    forFamilies: "For families",
    forCaregivers: "For caregivers",
    faqTitle: "Common questions",
    faq: {
      start: {
        q: "How quickly can care start?",
        a: "Often within a few days. When you submit a request we offer it to the best-matched caregiver; if they cannot take it within 24 hours (or an hour before a sooner first visit), it goes to the next match, and our team can step in by hand.",
      },
      price: {
        q: "Do I see the price before booking?",
        a: "Yes. The review step shows your quote, hour by hour, before you submit, and your order keeps the price it was booked at.",
      },
      choose: {
        q: "Can I choose a specific caregiver?",
        a: "Yes. Open any caregiver's profile and choose Request this caregiver; your request is offered to them first.",
      },
      fit: {
        q: "What if the caregiver isn't the right fit?",
        a: "Tell us at any time. We will find another match and keep your care going without a gap.",
      },
    },
  },
  safety: {
    metaTitle: "Safety and trust",
    metaDescription:
      "How Tendly vets caregivers: identity verification, reference checks, criminal record checks (felonies 10 years, misdemeanors 5 years), ongoing monitoring and certified training.",
    title: "Safety and Trust",
    intro:
      "Inviting someone into your home is a big decision. This is exactly what we check before a caregiver meets your family, and what we keep checking afterwards.",
    vettingTitle: "How we vet every caregiver",
    vetting: {
      application: {
        title: "Application and interview",
        text: "Caregivers tell us about their experience, certifications and availability, and upload their documents. Our team reviews every application by hand and talks with each applicant.",
      },
      identity: {
        title: "Identity verification",
        text: "We confirm that the person applying is who they say they are, using a government-issued photo ID.",
      },
      references: {
        title: "Reference checks",
        text: "We contact previous employers or families the caregiver has worked for and ask about reliability, honesty and the quality of their care.",
      },
      criminal: {
        title: "Criminal record checks",
        text: "We search criminal records for felonies over the past 10 years and misdemeanors over the past 5 years. Convictions for violence, abuse, theft or fraud rule an applicant out.",
      },
      training: {
        title: "Certified training",
        text: "Before a first job, caregivers complete our training modules on safe transfers, infection control, dementia care, recognising abuse and neglect, and emergencies.",
      },
      monitoring: {
        title: "Ongoing monitoring",
        text: "Approval is not the end: checks are repeated, every completed visit can be rated by the family, and our team follows up on any concern the same day. Caregivers can be suspended while we look into it.",
      },
    },
    promiseTitle: "Our promises at a glance",
    claim: "<strong>{{title}}.</strong> {{text}}",
    concernTitle: "If something doesn't feel right",
    concern:
      "Call our support team at any hour, 24/7. A real person will listen, make sure your loved one is safe, arrange a replacement caregiver if needed and look into what happened. In an emergency, always call 911 first.",
    contactSupport: "Contact support",
    requestVetted: "Request a vetted caregiver",
  },
  becomeCaregiver: {
    metaTitle: "Become a caregiver with Tendly",
    metaDescription:
      "Apply in about 2 minutes, hear back in 5-7 business days, get trained and choose in-home care jobs that fit your schedule.",
    title: "Become a Caregiver",
    intro:
      "Do meaningful work with families near you. The application takes about 2 minutes, and typical review time is 5-7 business days.",
    applyNow: "Apply now",
    benefitsTitle: "Why caregivers choose Tendly",
    benefits: {
      schedule: {
        title: "Work when it suits you",
        text: "Set your weekly availability and travel radius; accept only the visits that fit.",
      },
      pay: {
        title: "Clear pay",
        text: "See what a job pays before you accept it, and get paid for every completed visit.",
      },
      training: {
        title: "Training that helps",
        text: "Free training modules on dementia care, safe transfers, infection control and more.",
      },
    },
    stepsTitle: "From application to first job",
    step: "{{number}}. {{title}}",
    requirementsTitle: "What you need",
    requirements: {
      age: "Be at least 18 years old and authorised to work in the United States",
      experience: "Have at least one year of caregiving experience, paid or with your own family",
      checks: "Agree to identity verification, reference checks and a criminal record check",
      phone: "Have a phone that can receive messages and reliable transportation to visits",
    },
    readStartingOut: "Read: starting out as a caregiver",
  },
  contact: {
    metaTitle: "Contact Tendly support",
    metaDescription:
      "Reach Tendly's support team 24/7 by phone or email, visit our Chicago or Houston office, or send us a message and we will reply within one business day.",
    title: "Contact Us",
    intro:
      "Real people answer 24 hours a day, 7 days a week. Call us for anything urgent, or send a message and we will reply within one business day.",
    reachTitle: "Reach us directly",
    phoneSupport: "Phone support, 24/7",
    offices: "Our offices",
    messageTitle: "Send us a message",
    sentTitle: "Thank you, your message has been sent.",
    sentBody: "We will reply to {{email}} within one business day.",
    limited: "You have sent several messages in the last hour. Please call us if it's urgent, or try again later.",
    name: "Your name",
    email: "Email address",
    topic: "Topic",
    message: "Message",
    sending: "Sending...",
    send: "Send message",
    // The schema's messages (features/support/support.schema.ts gives these keys), worded by the actions.
    errors: {
      emailRequired: "Please enter your email address.",
      emailInvalid: "Please enter a valid email address.",
      nameRequired: "Please enter your name.",
      nameTooLong: "Please keep your name under 100 characters.",
      topicRequired: "Please choose a topic.",
      messageTooShort: "Please write at least 10 characters so we can help.",
      messageTooLong: "Please keep your message under 10000 characters.",
    },
  },
  newsletter: {
    metaTitle: "Tendly newsletter",
    metaDescription:
      "Practical guides for families and caregivers, about once a month. Subscribe with your email address.",
    title: "Tendly newsletter",
    intro:
      "Practical guides for families and caregivers, about once a month. We only add you once you confirm by email, and every issue has an unsubscribe link.",
    email: "Email address",
    subscribing: "Subscribing...",
    subscribe: "Subscribe",
    results: {
      sent: "Almost done: check your inbox and confirm your subscription.",
      "already-subscribed": "You are already subscribed. Thank you!",
      limited: "Too many sign-ups from here just now. Please try again in an hour.",
    },
    confirm: {
      metaTitle: "Confirm your subscription | Tendly",
      title: "Confirm your subscription",
      done: "You're subscribed: {{email}} will receive the Tendly newsletter.",
      readGuides: "Read our latest guides",
      expired: "This link has expired or was already used. Subscribe again from the footer to get a new one.",
      oneMoreClick: "One more click and you will receive our guides for families and caregivers.",
      button: "Confirm my subscription",
    },
    unsubscribe: {
      metaTitle: "Unsubscribe | Tendly",
      title: "Unsubscribe from the newsletter",
      done: "{{email}} is unsubscribed. You will not receive the newsletter any more.",
      invalid: "This unsubscribe link is not valid. Please use the link from your latest email.",
      question: "Stop sending the Tendly newsletter to {{email}}?",
      button: "Unsubscribe",
    },
  },
  blog: {
    metaTitle: "Resources for families and caregivers",
    metaDescription:
      "Practical guides on choosing in-home care, paying for care, dementia, fall prevention, caregiver burnout and starting a caregiving career.",
    title: "Resources",
    intro:
      "Practical, plain-language guides for families arranging care at home and for the caregivers who provide it.",
    forFamilies: "For families",
    forCaregivers: "For caregivers",
    minRead: "{{minutes}} min read",
    notFound: "Article not found | Tendly",
    breadcrumb: "Breadcrumb",
    resources: "Resources",
    needHelp: "Need help at home?",
    needHelpText: "Tell us what your loved one needs and see vetted caregivers who match.",
    related: "Related articles",
  },
  // Titles and descriptions of the Markdown pages (content/pages front matter, word for word).
  contentPages: {
    lastUpdated: "Last updated {{date}}",
    privacy: {
      title: "Privacy Policy",
      description:
        "What personal and health information Tendly collects, why, who can see it, how long we keep it and the choices you have.",
    },
    terms: {
      title: "Terms of Service",
      description:
        "The agreement between Tendly, families who book care and caregivers who provide it, in plain language.",
    },
    accessibility: {
      title: "Accessibility",
      description:
        "Tendly's commitment to an accessible service, the standard we build to, the features available and how to tell us about a barrier.",
    },
  },
  carousel: {
    roleDescription: "carousel",
    previous: "Previous slide",
    next: "Next slide",
    start: "Start automatic slides",
    stop: "Stop automatic slides",
  },
  heroVideo: {
    error: "Unable to load video. Please check your connection.",
    retry: "Retry Video",
    mute: "Mute video",
    playWithSound: "Play with sound",
    pause: "Pause background video",
    play: "Play background video",
  },
  pageLinks: {
    previous: "Previous page",
    pageOf: "Page {{page}} of {{total}}",
    next: "Next page",
  },
  visitMap: {
    attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    failed: "The map could not load. The address or area is written above.",
    tileErrors: "Some map images could not load. The address or area is written above.",
    loading: "Loading the map...",
    exact: "The marker shows the visit's neighbourhood. Open in maps for directions to the address.",
    approximate: "The circle shows the approximate area. The exact address appears once you accept.",
  },
  // Development pages (/dev/mailbox, /dev/translations).
  dev: {
    mailbox: {
      metaTitle: "Mailbox | Tendly",
      title: "Mailbox",
      intro:
        "Emails written to the local outbox (<code>data/outbox/</code>). This page exists only in development or with DEV_MAILBOX=true, on a server that listens on loopback, trusts no proxy and sends no real email.",
      empty: "No emails yet. Emails such as verification and password-reset links appear here.",
      to: "to {{to}}",
      messageTitle: "{{subject}} | Mailbox | Tendly",
      email: "Email",
      back: "Back to the mailbox",
      from: "From",
      toLabel: "To",
      sent: "Sent",
      html: "HTML",
      asHtml: "Email as HTML",
      plainText: "Plain text",
    },
    translations: {
      metaTitle: "Translations | Tendly",
      title: "Translations",
      intro_one:
        "Every language against English, namespace by namespace (app/i18n/locales). {{count}} problem(s): missing keys, extra keys and placeholders that differ fail CI; texts equal to the English are listed for review.",
      intro_other:
        "Every language against English, namespace by namespace (app/i18n/locales). {{count}} problem(s): missing keys, extra keys and placeholders that differ fail CI; texts equal to the English are listed for review.",
      language: "Language",
      namespace: "Namespace",
      keys: "Keys",
      missing: "Missing",
      extra: "Extra",
      placeholders: "Placeholders differ",
      same: "Same as English",
      none: "none",
    },
  },
} as const;
