import { adultAndChild, type SeedExperience } from "./types";

/** Harbor & Tide: Lisbon and Porto, prices in euro cents. */
export const HARBOR_EXPERIENCES: SeedExperience[] = [
  {
    id: "lisbon-sunset-sail",
    account: "harbor",
    title: "Lisbon Sunset Sail on the Tagus",
    summary: "Sail past Belém Tower and under the 25 de Abril Bridge as the sun goes down.",
    description:
      "Our sailing yachts leave the Santo Amaro dock in the early evening and follow the river towards the sea, passing the Monument to the Discoveries, Belém Tower and the Christ the King statue on the far bank.\n\n" +
      "The skipper lets anyone who wants to take the helm. A glass of Portuguese wine or a soft drink is served on board while the city turns gold.",
    category: "water",
    kind: "sailing",
    city: "lisbon",
    included: [
      "Two-hour sail with a licensed skipper",
      "One glass of wine, beer or soft drink",
      "Life jackets and insurance",
    ],
    meetingPoint: "Doca de Santo Amaro, pontoon C, under the bridge",
    meetingPointLocation: { lat: 38.7003, lng: -9.1795 },
    demand: 0.9,
    services: [
      {
        name: "Shared sunset sail",
        description: "Up to 10 guests on a 40-foot sailing yacht.",
        durationMinutes: 120,
        capacity: 10,
        times: ["18:30"],
        tickets: adultAndChild(4500, 2500),
      },
      {
        name: "Private sunset charter",
        description: "The whole boat for your group, with a cheese and charcuterie board.",
        durationMinutes: 150,
        capacity: 1,
        times: ["18:00"],
        tickets: [{ code: "group", priceMinor: 42000 }],
      },
      {
        name: "Morning sail",
        description: "Calmer water and a softer light, coffee and pastries on board.",
        durationMinutes: 120,
        capacity: 10,
        times: ["10:00"],
        weekdays: [0, 6],
        tickets: adultAndChild(3800, 2000),
      },
    ],
  },
  {
    id: "alfama-fado-evening",
    account: "harbor",
    title: "Alfama Fado Evening",
    summary: "A walk through Alfama's alleys, then live fado in a family-run tasca.",
    description:
      "Fado was born in the lanes of Alfama. Your guide takes you through the old Moorish quarter at dusk, stopping at the viewpoints of Santa Luzia and Portas do Sol, before you sit down in a small tasca for a set dinner.\n\n" +
      "Between courses, a fadista and two guitarists perform three short sets. Silence is expected while they sing; the food is worth the wait.",
    category: "culture",
    kind: "music",
    city: "lisbon",
    included: ["Guided walk", "Three-course dinner with wine", "Live fado performance"],
    meetingPoint: "Largo das Portas do Sol, by the statue of Saint Vincent",
    meetingPointLocation: { lat: 38.7121, lng: -9.1297 },
    demand: 0.75,
    services: [
      {
        name: "Walk, dinner and fado",
        description: "Three and a half hours in total.",
        durationMinutes: 210,
        capacity: 16,
        times: ["19:30"],
        weekdays: [2, 3, 4, 5, 6],
        tickets: adultAndChild(7900, 3900),
      },
    ],
  },
  {
    id: "lisbon-hills-tuk-tuk-tour",
    account: "harbor",
    title: "Seven Hills Electric Tuk-Tuk Tour",
    summary: "See Lisbon's best viewpoints without climbing a single hill.",
    description:
      "Lisbon is famously steep. An electric tuk-tuk takes the effort out of it: Graça, Senhora do Monte, São Pedro de Alcântara and the cathedral, with stops long enough to look around and take photos.\n\n" +
      "Each vehicle takes up to six people, so small families often book it for themselves.",
    category: "tours",
    kind: "drive",
    city: "lisbon",
    included: ["Electric tuk-tuk with driver-guide", "Bottled water", "Hotel drop-off in the centre"],
    meetingPoint: "Praça do Comércio, at the foot of the Rua Augusta arch",
    meetingPointLocation: { lat: 38.7087, lng: -9.1366 },
    demand: 0.55,
    services: [
      {
        name: "Ninety-minute viewpoints tour",
        description: "Six viewpoints and the old town.",
        durationMinutes: 90,
        capacity: 6,
        times: ["10:00", "12:00", "15:00", "17:00"],
        tickets: adultAndChild(3500, 2000),
      },
      {
        name: "Three-hour Lisbon and Belém",
        description: "The hills, then along the river to the monuments of Belém.",
        durationMinutes: 180,
        capacity: 6,
        times: ["10:00", "14:30"],
        tickets: adultAndChild(6000, 3500),
      },
    ],
  },
  {
    id: "pastel-de-nata-workshop",
    account: "harbor",
    title: "Pastel de Nata Baking Workshop",
    summary: "Laminate the pastry, cook the custard and bake Lisbon's famous tart.",
    description:
      "A pastry chef shows you each step of the pastel de nata: rolling and spiralling the dough, pressing it into tins, and cooking a custard that will not split. Your tarts bake in a very hot oven while you drink a bica.\n\n" +
      "You leave with six tarts in a box and the recipe. Classes are held in English in a bright kitchen in Príncipe Real.",
    category: "classes",
    kind: "baking",
    city: "lisbon",
    included: ["Hands-on class", "Six tarts to take away", "Coffee", "Printed recipe"],
    meetingPoint: "Rua da Escola Politécnica 54, Príncipe Real (second floor)",
    meetingPointLocation: { lat: 38.717, lng: -9.15 },
    demand: 0.97,
    services: [
      {
        name: "Two-hour workshop",
        description: "Small class of up to eight bakers.",
        durationMinutes: 120,
        capacity: 8,
        times: ["10:30", "15:00"],
        tickets: adultAndChild(5500, 3500),
      },
    ],
  },
  {
    id: "sintra-day-trip",
    account: "harbor",
    title: "Sintra and Cabo da Roca Day Trip",
    summary: "Fairy-tale palaces, misty forest and the westernmost point of Europe in one day.",
    description:
      "Leave the city behind for the hills of Sintra. Your guide drives a small group to Pena Palace, then down through the forest to the old town for lunch and a travesseiro pastry.\n\n" +
      "In the afternoon the road climbs to the cliffs of Cabo da Roca, with a final stop in the fishing town of Cascais before returning to Lisbon. Palace tickets are included, so there are no queues.",
    category: "tours",
    kind: "drive",
    city: "lisbon",
    included: [
      "Transport in an air-conditioned minivan",
      "Pena Palace tickets",
      "Local guide",
      "Hotel pick-up in central Lisbon",
    ],
    meetingPoint: "Hotel pick-up in central Lisbon, or Marquês de Pombal square at 08:45",
    meetingPointLocation: { lat: 38.7253, lng: -9.15 },
    demand: 0.7,
    services: [
      {
        name: "Small-group day trip",
        description: "Eight guests at most, about eight hours.",
        durationMinutes: 480,
        capacity: 8,
        times: ["09:00"],
        tickets: [
          { code: "adult", priceMinor: 8900 },
          { code: "child", priceMinor: 6500 },
          { code: "senior", priceMinor: 8200 },
        ],
      },
    ],
  },
  {
    id: "cascais-surf-lesson",
    account: "harbor",
    title: "Surf Lesson at Carcavelos Beach",
    summary: "Catch your first wave on Lisbon's favourite surf beach.",
    description:
      "Carcavelos is a long sandy beach twenty minutes from the city by train, with gentle waves most of the year. Lessons start on the sand with paddling and pop-up practice, then move into the white water with an instructor beside you.\n\n" +
      "Wetsuits come in all sizes. You should be able to swim; no surfing experience is needed.",
    category: "water",
    kind: "surf",
    city: "lisbon",
    included: ["Soft-top board and wetsuit", "Certified instructor", "Showers and lockers at the surf school"],
    meetingPoint: "Carcavelos beach, surf school hut opposite the train station exit",
    meetingPointLocation: { lat: 38.679, lng: -9.3355 },
    demand: 0.5,
    services: [
      {
        name: "Group lesson",
        description: "Two hours, up to five students per instructor.",
        durationMinutes: 120,
        capacity: 15,
        times: ["09:30", "14:00"],
        tickets: [
          { code: "adult", priceMinor: 3500 },
          { code: "student", priceMinor: 3000 },
        ],
      },
      {
        name: "Private lesson",
        description: "One instructor, one surfer, faster progress.",
        durationMinutes: 90,
        capacity: 2,
        times: ["11:30", "16:00"],
        tickets: [{ code: "participant", priceMinor: 7500 }],
      },
    ],
  },
  {
    id: "porto-wine-cellar-tasting",
    account: "harbor",
    title: "Port Wine Cellars and Tasting",
    summary: "Visit two historic lodges in Vila Nova de Gaia and taste five ports.",
    description:
      "Across the Douro from Porto, the port houses still age their wine in long, cool lodges. You will walk through the barrel rooms of two of them, learn how tawny differs from ruby, and finish with a guided tasting of five wines paired with cheese and chocolate.\n\n" +
      "Guests must be 18 or older to taste.",
    category: "food-drink",
    kind: "wine",
    city: "porto",
    included: ["Entry to two port lodges", "Five tastings", "Cheese and chocolate pairing"],
    meetingPoint: "Cais de Gaia, by the rabelo boats opposite the Dom Luís I bridge",
    meetingPointLocation: { lat: 41.1375, lng: -8.6125 },
    demand: 0.8,
    services: [
      {
        name: "Afternoon cellar tour",
        description: "Two and a half hours, walking between the lodges.",
        durationMinutes: 150,
        capacity: 18,
        times: ["11:00", "15:30"],
        tickets: [
          { code: "adult", priceMinor: 4900 },
          { code: "senior", priceMinor: 4400 },
        ],
      },
    ],
  },
  {
    id: "douro-six-bridges-cruise",
    account: "harbor",
    title: "Douro Six Bridges Cruise",
    summary: "Fifty minutes on a traditional rabelo boat under Porto's six bridges.",
    description:
      "The rabelo boats once carried barrels of port down the river; today they carry visitors. The cruise passes under all six bridges, from the Arrábida to the Freixo, with commentary on the Ribeira's merchant houses.\n\n" +
      "Departures every hour. The boats are covered, so the cruise runs in light rain.",
    category: "water",
    kind: "boat",
    city: "porto",
    included: ["Fifty-minute cruise", "Audio commentary in English"],
    meetingPoint: "Cais da Ribeira, pier 2",
    meetingPointLocation: { lat: 41.1405, lng: -8.613 },
    demand: 0.35,
    services: [
      {
        name: "Hourly cruise",
        description: "Board ten minutes before departure.",
        durationMinutes: 50,
        capacity: 60,
        times: ["10:00", "11:00", "12:00", "14:00", "15:00", "16:00", "17:00"],
        tickets: [
          { code: "adult", priceMinor: 1800 },
          { code: "child", priceMinor: 900 },
          { code: "infant", priceMinor: 0 },
        ],
      },
    ],
  },
  {
    id: "porto-azulejo-painting-class",
    account: "harbor",
    title: "Azulejo Tile Painting Class",
    summary: "Paint a traditional Portuguese tile and have it fired to take home.",
    description:
      "Porto's churches and stations are covered in blue-and-white azulejos. In a ceramics studio near São Bento, an artist explains the history of the tiles and the cobalt technique before you paint your own design.\n\n" +
      "Tiles are fired overnight and can be collected the next day or posted to your home for a small fee.",
    category: "classes",
    kind: "painting",
    city: "porto",
    included: ["Tile, paints and brushes", "Kiln firing", "Tea and biscuits"],
    meetingPoint: "Rua das Flores 112, ground-floor studio",
    meetingPointLocation: { lat: 41.1436, lng: -8.6137 },
    demand: 0.6,
    services: [
      {
        name: "Two-hour painting class",
        description: "Suitable for beginners and children over eight.",
        durationMinutes: 120,
        capacity: 10,
        times: ["10:00", "15:00"],
        weekdays: [1, 2, 3, 4, 5, 6],
        tickets: adultAndChild(4200, 2800),
      },
    ],
  },
];
