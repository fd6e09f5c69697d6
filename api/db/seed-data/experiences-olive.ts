import { adultAndChild, type SeedExperience } from "./types";

/** Olive & Ember: Barcelona, prices in euro cents. */
export const OLIVE_EXPERIENCES: SeedExperience[] = [
  {
    id: "barcelona-paella-cooking-class",
    account: "olive",
    title: "Paella Cooking Class and Boqueria Visit",
    summary: "Shop at La Boqueria with a chef, then cook seafood paella and sangria.",
    description:
      "Start with a walk through La Boqueria market, where your chef picks the seafood and vegetables for the day and introduces you to the stallholders. Back in the kitchen you will make a tomato salad, prepare a seafood paella from scratch and mix a jug of sangria.\n\n" +
      "Lunch is served at one long table. A vegetarian paella is cooked alongside for anyone who asks when booking.",
    category: "classes",
    kind: "paella",
    city: "barcelona",
    included: ["Market tour", "Cooking class", "Lunch with wine and sangria", "Recipe booklet"],
    meetingPoint: "La Boqueria main entrance on La Rambla, under the stained-glass sign",
    meetingPointLocation: { lat: 41.3817, lng: 2.1719 },
    demand: 0.92,
    services: [
      {
        name: "Market and cooking class",
        description: "Four hours, with lunch.",
        durationMinutes: 240,
        capacity: 14,
        times: ["10:00"],
        weekdays: [1, 2, 3, 4, 5, 6],
        tickets: adultAndChild(8500, 4500),
      },
      {
        name: "Evening class without market",
        description: "Three hours of cooking and dinner.",
        durationMinutes: 180,
        capacity: 14,
        times: ["18:30"],
        tickets: [
          { code: "adult", priceMinor: 7200 },
          { code: "couple", priceMinor: 13500 },
        ],
      },
    ],
  },
  {
    id: "gothic-quarter-night-walk",
    account: "olive",
    title: "Gothic Quarter Night Walk",
    summary: "Roman walls, medieval squares and the legends of Barcelona after dark.",
    description:
      "When the day-trippers leave, the narrow streets of the Barri Gòtic fall quiet. Your guide, a historian, follows the line of the Roman walls, tells the stories of the Jewish quarter and the cathedral, and explains the bullet marks in Plaça de Sant Felip Neri.\n\n" +
      "The walk finishes near a bodega where the group often stays for a drink.",
    category: "tours",
    kind: "walking",
    city: "barcelona",
    included: ["Historian guide", "Small group of up to 18"],
    meetingPoint: "Plaça Nova, in front of the cathedral's Picasso frieze",
    meetingPointLocation: { lat: 41.3844, lng: 2.1751 },
    demand: 0.5,
    services: [
      {
        name: "Evening walk",
        description: "Two hours on foot.",
        durationMinutes: 120,
        capacity: 18,
        times: ["20:00"],
        tickets: [
          { code: "adult", priceMinor: 2500 },
          { code: "student", priceMinor: 1800 },
          { code: "child", priceMinor: 0 },
        ],
      },
    ],
  },
  {
    id: "barcelona-tapas-vermouth-crawl",
    account: "olive",
    title: "Tapas and Vermouth Crawl in Gràcia",
    summary: "Four bars, eight tapas and the Catalan ritual of the vermut.",
    description:
      "Gràcia still feels like the village it once was. Follow a local food writer to four of her favourite bars for patatas bravas, bombas, anchovies, croquetas and more, each paired with vermouth, wine or cava.\n\n" +
      "The portions add up to a full dinner. Guests must be 18 or older.",
    category: "food-drink",
    kind: "wine",
    city: "barcelona",
    included: ["Eight tapas", "Four drinks", "Local food writer as guide"],
    meetingPoint: "Plaça de la Vila de Gràcia, by the clock tower",
    meetingPointLocation: { lat: 41.4022, lng: 2.1569 },
    demand: 0.88,
    services: [
      {
        name: "Evening crawl",
        description: "Three hours, about one kilometre of walking.",
        durationMinutes: 180,
        capacity: 12,
        times: ["19:00"],
        tickets: [{ code: "adult", priceMinor: 7900 }],
      },
      {
        name: "Sunday vermouth hour",
        description: "The traditional pre-lunch vermut, two bars and four tapas.",
        durationMinutes: 120,
        capacity: 12,
        times: ["12:00"],
        weekdays: [0],
        tickets: [{ code: "adult", priceMinor: 4500 }],
      },
    ],
  },
  {
    id: "sagrada-familia-gaudi-tour",
    account: "olive",
    title: "Sagrada Família and Gaudí Tour",
    summary: "Skip-the-line entry to the basilica with an architect guide.",
    description:
      "An architect explains how Gaudí designed the Sagrada Família like a forest of stone, why it has taken more than a century to build, and how the light through the stained glass changes through the day.\n\n" +
      "Tickets are booked for your time slot, so there is no queue. Shoulders and knees must be covered inside the basilica.",
    category: "culture",
    kind: "landmark",
    city: "barcelona",
    included: ["Basilica entry ticket", "Architect guide", "Headsets"],
    meetingPoint: "Plaça de Gaudí, by the pond facing the Nativity façade",
    meetingPointLocation: { lat: 41.4045, lng: 2.176 },
    demand: 0.93,
    services: [
      {
        name: "Guided basilica visit",
        description: "Ninety minutes inside the basilica and museum.",
        durationMinutes: 90,
        capacity: 20,
        times: ["09:15", "11:45", "15:30"],
        tickets: [
          { code: "adult", priceMinor: 6200 },
          { code: "student", priceMinor: 5200 },
          { code: "child", priceMinor: 3900 },
          { code: "senior", priceMinor: 5200 },
        ],
      },
      {
        name: "Basilica and Park Güell",
        description: "Half a day covering Gaudí's two most famous works, transport included.",
        durationMinutes: 270,
        capacity: 16,
        times: ["09:00"],
        weekdays: [1, 3, 5],
        tickets: adultAndChild(9900, 6900),
      },
    ],
  },
  {
    id: "barcelona-catamaran-sunset",
    account: "olive",
    title: "Barcelona Sunset Catamaran",
    summary: "Ninety minutes along the coast with music, cava and the skyline at dusk.",
    description:
      "Board a large sailing catamaran at Port Vell and head out along the beaches of Barceloneta towards the Olympic Port. Lie on the front nets, listen to a relaxed DJ set and watch the city glow as the sun sets behind Montjuïc.\n\n" +
      "A glass of cava and snacks are included; the bar on board sells other drinks.",
    category: "water",
    kind: "sailing",
    city: "barcelona",
    included: ["Ninety-minute cruise", "Glass of cava", "Snacks", "Life jackets"],
    meetingPoint: "Port Vell, Moll de la Fusta, pier 3",
    meetingPointLocation: { lat: 41.3775, lng: 2.181 },
    demand: 0.7,
    services: [
      {
        name: "Sunset cruise",
        description: "Departs an hour before sunset.",
        durationMinutes: 90,
        capacity: 50,
        times: ["18:00"],
        tickets: adultAndChild(4900, 2900),
      },
    ],
  },
];
