import { adultAndChild, type SeedExperience } from "./types";

/** Acme Adventures: New York and Boston, prices in US cents. */
export const ACME_EXPERIENCES: SeedExperience[] = [
  {
    id: "brooklyn-bridge-sunrise-walk",
    account: "acme",
    title: "Brooklyn Bridge Sunrise Walk",
    summary: "Cross the bridge at first light and finish with coffee in DUMBO.",
    description:
      "Meet your guide in City Hall Park while the streets are still quiet and walk the full span of the Brooklyn Bridge as the sun comes up over the East River.\n\n" +
      "Along the way you will hear how the Roebling family built the bridge, why it nearly bankrupted the city, and where to stand for the best skyline photos. The walk ends on the cobblestones of DUMBO with a coffee at a neighbourhood roaster.",
    category: "tours",
    kind: "walking",
    city: "new-york",
    included: ["Licensed local guide", "Coffee or tea in DUMBO", "Photo stops on the bridge"],
    meetingPoint: "City Hall Park, by the fountain on the Broadway side",
    meetingPointLocation: { lat: 40.7127, lng: -74.0065 },
    demand: 0.8,
    services: [
      {
        name: "Small-group walk",
        description: "Up to 14 guests, about two hours at an easy pace.",
        durationMinutes: 120,
        capacity: 14,
        times: ["06:15"],
        tickets: [
          { code: "adult", priceMinor: 4900 },
          { code: "child", priceMinor: 2900 },
          { code: "senior", priceMinor: 4400 },
        ],
      },
      {
        name: "Private sunrise walk",
        description: "Just your party and a guide; pick-up at your hotel lobby in Lower Manhattan.",
        durationMinutes: 150,
        capacity: 1,
        times: ["06:00"],
        tickets: [{ code: "group", priceMinor: 32000 }],
      },
    ],
  },
  {
    id: "lower-east-side-food-tour",
    account: "acme",
    title: "Lower East Side Food Tour",
    summary: "Pickles, knishes, dumplings and dessert on six stops through a historic neighbourhood.",
    description:
      "The Lower East Side fed generations of new arrivals, and its kitchens still tell their stories. On this tasting walk you will visit a century-old pickle shop, a family bakery, a dumpling counter on the edge of Chinatown and a few places only locals know.\n\n" +
      "Tastings are generous enough to count as lunch. Tell us about allergies when you book and your guide will arrange alternatives.",
    category: "food-drink",
    kind: "food-tour",
    city: "new-york",
    included: ["Six tastings", "Bottled water", "Neighbourhood history from a local guide"],
    meetingPoint: "Outside the Tenement Museum shop, 103 Orchard Street",
    meetingPointLocation: { lat: 40.7188, lng: -73.99 },
    demand: 0.9,
    services: [
      {
        name: "Lunchtime tasting walk",
        description: "Three hours, about a mile and a half of walking.",
        durationMinutes: 180,
        capacity: 12,
        times: ["11:00", "14:30"],
        tickets: adultAndChild(8900, 5900),
      },
    ],
  },
  {
    id: "central-park-bike-tour",
    account: "acme",
    title: "Central Park Bike Tour",
    summary: "Ride the park's loop past Bethesda Terrace, Strawberry Fields and the Reservoir.",
    description:
      "Central Park is bigger than it looks from Fifth Avenue. On two wheels you will see far more of it: the Mall and its elms, Bethesda Fountain, the Lake, the Jacqueline Kennedy Onassis Reservoir and the quieter woods of the North End.\n\n" +
      "Bikes are fitted before you leave and the route follows the park drives, which are closed to cars. Riders should be comfortable on a bicycle; children under 12 ride a tag-along or child seat.",
    category: "outdoors",
    kind: "bike",
    city: "new-york",
    included: ["Hybrid bike and helmet", "Guide on the whole route", "Water bottle to keep"],
    meetingPoint: "Columbus Circle, at the Merchants' Gate entrance to the park",
    meetingPointLocation: { lat: 40.7681, lng: -73.9812 },
    demand: 0.6,
    services: [
      {
        name: "Two-hour loop",
        description: "The classic six-mile loop with eight stops.",
        durationMinutes: 120,
        capacity: 16,
        times: ["09:00", "13:00", "16:00"],
        tickets: adultAndChild(5900, 3900),
      },
      {
        name: "Half-day park and Harlem Meer",
        description: "A longer ride with a picnic stop at the Conservatory Garden.",
        durationMinutes: 240,
        capacity: 10,
        times: ["10:00"],
        weekdays: [0, 5, 6],
        tickets: adultAndChild(9900, 6900),
      },
    ],
  },
  {
    id: "hudson-river-kayak",
    account: "acme",
    title: "Hudson River Kayak Session",
    summary: "Paddle a sheltered stretch of the Hudson with the skyline as your backdrop.",
    description:
      "Start with a short safety briefing on the pier, then head out in stable sit-on-top kayaks. Your instructor keeps the group inside the protected embayment, so no experience is needed.\n\n" +
      "Expect to get a little wet. Lockers are available for your bag, and the session runs in light rain but not in thunderstorms or strong wind; if we cancel for weather you get a full refund.",
    category: "water",
    kind: "kayak",
    city: "new-york",
    included: ["Kayak, paddle and life jacket", "Certified instructor", "Locker for your things"],
    meetingPoint: "Pier 26, Hudson River Park, next to the boathouse ramp",
    meetingPointLocation: { lat: 40.7215, lng: -74.0137 },
    demand: 0.5,
    services: [
      {
        name: "Beginner paddle",
        description: "Ninety minutes on the water after a fifteen-minute lesson.",
        durationMinutes: 105,
        capacity: 12,
        times: ["10:00", "15:00"],
        weekdays: [0, 2, 3, 4, 5, 6],
        tickets: adultAndChild(6500, 4500),
      },
    ],
  },
  {
    id: "bushwick-street-art-tour",
    account: "acme",
    title: "Bushwick Street Art Tour",
    summary: "Murals, studios and the artists behind Brooklyn's open-air gallery.",
    description:
      "Walls in Bushwick change every season. Your guide, a working muralist, leads you through the Bushwick Collective and the streets around it, explaining techniques, crews and the stories behind the biggest pieces.\n\n" +
      "The tour ends at a shared studio where you can try a stencil of your own to take home.",
    category: "culture",
    kind: "street-art",
    city: "new-york",
    included: ["Guide who paints in the neighbourhood", "Stencil session with materials"],
    meetingPoint: "Jefferson Street L station, street-level exit on Starr Street",
    meetingPointLocation: { lat: 40.7066, lng: -73.9229 },
    demand: 0.45,
    services: [
      {
        name: "Afternoon mural walk",
        description: "Two and a half hours including the stencil session.",
        durationMinutes: 150,
        capacity: 15,
        times: ["14:00"],
        tickets: [
          { code: "adult", priceMinor: 4500 },
          { code: "student", priceMinor: 3500 },
        ],
      },
    ],
  },
  {
    id: "new-york-pizza-making-class",
    account: "acme",
    title: "New York Pizza Making Class",
    summary: "Stretch, top and fire your own pies with a Brooklyn pizzaiolo.",
    description:
      "Learn why New York slices fold the way they do. In a working pizzeria kitchen you will mix dough, stretch it by hand, make a simple tomato sauce and bake two pies in a deck oven.\n\n" +
      "You eat what you make, with a drink included. Recipes are emailed afterwards so you can repeat it at home.",
    category: "classes",
    kind: "pizza",
    city: "new-york",
    included: [
      "All ingredients and aprons",
      "Two pizzas per guest",
      "One drink (beer, wine or soda)",
      "Recipes by email",
    ],
    meetingPoint: "Carroll Gardens, 312 Court Street (ring the bell marked Class)",
    meetingPointLocation: { lat: 40.681, lng: -73.9958 },
    demand: 0.95,
    services: [
      {
        name: "Evening class",
        description: "Two hours in the kitchen, then dinner at the long table.",
        durationMinutes: 150,
        capacity: 10,
        times: ["18:30"],
        tickets: adultAndChild(11500, 6500),
      },
      {
        name: "Weekend family class",
        description: "A shorter class with kid-sized dough balls.",
        durationMinutes: 90,
        capacity: 12,
        times: ["11:00"],
        weekdays: [0, 6],
        tickets: [
          { code: "adult", priceMinor: 7900 },
          { code: "child", priceMinor: 4900 },
          { code: "infant", priceMinor: 0 },
        ],
      },
    ],
  },
  {
    id: "boston-freedom-trail-tour",
    account: "acme",
    title: "Freedom Trail Walking Tour",
    summary: "Sixteen sites of the American Revolution, from Boston Common to Faneuil Hall.",
    description:
      "Follow the red line in the pavement with a guide who knows the gossip as well as the dates. You will pass the State House, Granary Burying Ground, Old South Meeting House and the site of the Boston Massacre.\n\n" +
      "The route is about two and a half miles on city pavements, with a break for restrooms at Faneuil Hall.",
    category: "tours",
    kind: "walking",
    city: "boston",
    included: ["Guide in period costume", "Map of the full trail"],
    meetingPoint: "Boston Common Visitor Information Center, 139 Tremont Street",
    meetingPointLocation: { lat: 42.355, lng: -71.0637 },
    demand: 0.7,
    services: [
      {
        name: "Classic trail walk",
        description: "Ninety minutes covering the first eleven sites.",
        durationMinutes: 90,
        capacity: 25,
        times: ["10:00", "12:00", "14:00"],
        tickets: [
          { code: "adult", priceMinor: 3200 },
          { code: "child", priceMinor: 1800 },
          { code: "senior", priceMinor: 2800 },
        ],
      },
    ],
  },
  {
    id: "boston-harbor-sunset-sail",
    account: "acme",
    title: "Boston Harbor Sunset Sail",
    summary: "Two hours under sail past the harbor islands as the city lights come on.",
    description:
      "Board a classic schooner at Long Wharf and help raise the sails if you like. The crew steers out past Castle Island and the lighthouses while the sun sets behind the skyline.\n\n" +
      "Drinks and snacks are sold on board. Bring a warm layer: it is always cooler on the water.",
    category: "water",
    kind: "sailing",
    city: "boston",
    included: ["Two-hour sail", "Licensed captain and crew", "Blankets on board"],
    meetingPoint: "Long Wharf, slip 4, next to the Marriott",
    meetingPointLocation: { lat: 42.3603, lng: -71.05 },
    demand: 0.85,
    services: [
      {
        name: "Sunset sail",
        description: "Departs about ninety minutes before sunset.",
        durationMinutes: 120,
        capacity: 40,
        times: ["18:00"],
        tickets: [
          { code: "adult", priceMinor: 5500 },
          { code: "child", priceMinor: 3000 },
          { code: "senior", priceMinor: 5000 },
        ],
      },
    ],
  },
  {
    id: "boston-north-end-food-tour",
    account: "acme",
    title: "North End Cannoli and Espresso Walk",
    summary: "Boston's Little Italy, one pastry shop and salumeria at a time.",
    description:
      "The North End has been Boston's Italian neighbourhood for more than a century. Taste fresh cannoli, arancini, cured meats and a proper espresso while your guide shows you Paul Revere's house and the narrow lanes behind Hanover Street.\n\n" +
      "Vegetarian options are available at every stop.",
    category: "food-drink",
    kind: "coffee",
    city: "boston",
    included: ["Five tastings", "Espresso", "Guide"],
    meetingPoint: "Paul Revere Mall, by the statue",
    meetingPointLocation: { lat: 42.3656, lng: -71.0531 },
    demand: 0.65,
    services: [
      {
        name: "Afternoon tasting walk",
        description: "Two and a half hours, easy walking.",
        durationMinutes: 150,
        capacity: 14,
        times: ["13:00"],
        tickets: adultAndChild(7500, 4500),
      },
    ],
  },
];
