import { adultAndChild, type SeedExperience } from "./types";

/** Summit Trails: Vancouver and Whistler, prices in Canadian cents. */
export const SUMMIT_EXPERIENCES: SeedExperience[] = [
  {
    id: "grouse-mountain-guided-hike",
    account: "summit",
    title: "Grouse Mountain Guided Hike",
    summary: "Climb through old-growth forest to views over Vancouver and the Salish Sea.",
    description:
      "Leave the crowds on the Grouse Grind behind and take the quieter BCMC trail with a certified hiking guide. The climb is steady and steep, through cedar and hemlock forest, and ends at the mountain's chalet with wide views of the city.\n\n" +
      "The gondola ride down is included. Good fitness and proper shoes are needed; the guide sets a pace that suits the group.",
    category: "outdoors",
    kind: "hiking",
    city: "vancouver",
    included: ["Certified hiking guide", "Gondola ticket down", "Trail snacks", "Round-trip shuttle from downtown"],
    meetingPoint: "Canada Place, shuttle stop on the cruise terminal side",
    meetingPointLocation: { lat: 49.2888, lng: -123.1111 },
    demand: 0.6,
    services: [
      {
        name: "Morning hike",
        description: "About four hours door to door.",
        durationMinutes: 240,
        capacity: 12,
        times: ["08:00"],
        tickets: [
          { code: "adult", priceMinor: 11900 },
          { code: "student", priceMinor: 9900 },
        ],
      },
    ],
  },
  {
    id: "stanley-park-cycling-tour",
    account: "summit",
    title: "Stanley Park Seawall Cycling Tour",
    summary: "Ride the seawall around Stanley Park with stops at the totem poles and Prospect Point.",
    description:
      "Stanley Park's seawall is one of the great city bike rides. Your guide leads the way around the whole park, stopping at Brockton Point, Siwash Rock and the Lions Gate Bridge lookout, and shares stories of the park's history and its first peoples.\n\n" +
      "The route is flat apart from one short climb. Children can ride their own bike from age ten or join on a tag-along.",
    category: "tours",
    kind: "bike",
    city: "vancouver",
    included: ["Bike and helmet rental", "Guide", "Bike lock for the stops"],
    meetingPoint: "Denman Street bike shop, 1798 West Georgia Street",
    meetingPointLocation: { lat: 49.292, lng: -123.134 },
    demand: 0.7,
    services: [
      {
        name: "Three-hour seawall ride",
        description: "About ten kilometres at a relaxed pace.",
        durationMinutes: 180,
        capacity: 16,
        times: ["09:30", "13:30"],
        tickets: adultAndChild(7500, 4500),
      },
    ],
  },
  {
    id: "granville-island-food-tour",
    account: "summit",
    title: "Granville Island Market Food Tour",
    summary: "Smoked salmon, local cheese, craft beer and a doughnut on the island's public market.",
    description:
      "Granville Island Public Market has been feeding Vancouver since 1979. Meet the fishmongers, bakers and cheesemakers who sell there and taste their best products, from wild sockeye candy to freshly made pasta.\n\n" +
      "The tour includes a short tasting at a brewery on the island. Non-alcoholic options are always available.",
    category: "food-drink",
    kind: "food-tour",
    city: "vancouver",
    included: ["Seven tastings", "Brewery flight or soft drink", "Market guide"],
    meetingPoint: "Granville Island, the Net Loft entrance on Johnston Street",
    meetingPointLocation: { lat: 49.2712, lng: -123.1345 },
    demand: 0.85,
    services: [
      {
        name: "Morning market tour",
        description: "Two hours while the market is at its freshest.",
        durationMinutes: 120,
        capacity: 14,
        times: ["10:30"],
        tickets: adultAndChild(8900, 5400),
      },
    ],
  },
  {
    id: "deep-cove-kayak",
    account: "summit",
    title: "Deep Cove Kayak Tour",
    summary: "Paddle Indian Arm past waterfalls, seals and forested cliffs.",
    description:
      "Deep Cove sits at the mouth of Indian Arm, a glacial fjord just thirty minutes from downtown. In stable double kayaks you will paddle along the shoreline to Jug Island, looking out for harbour seals, bald eagles and sea stars.\n\n" +
      "The tour suits beginners. The guide chooses the route for the day's wind and tide.",
    category: "water",
    kind: "kayak",
    city: "vancouver",
    included: ["Double kayak and safety gear", "Paddling guide", "Dry bag"],
    meetingPoint: "Deep Cove Kayak Centre, 2156 Banbury Road, North Vancouver",
    meetingPointLocation: { lat: 49.3293, lng: -122.949 },
    demand: 0.75,
    services: [
      {
        name: "Three-hour paddle",
        description: "About eight kilometres on the water.",
        durationMinutes: 180,
        capacity: 12,
        times: ["09:00", "14:00"],
        tickets: adultAndChild(12500, 8500),
      },
      {
        name: "Sunset paddle",
        description: "Two hours as the light fades over the fjord.",
        durationMinutes: 120,
        capacity: 10,
        times: ["18:30"],
        weekdays: [4, 5, 6],
        tickets: [{ code: "adult", priceMinor: 9900 }],
      },
    ],
  },
  {
    id: "whistler-zipline-adventure",
    account: "summit",
    title: "Whistler Zipline Adventure",
    summary: "Fly over Fitzsimmons Creek on five ziplines and a treetop bridge.",
    description:
      "Five lines of increasing length and speed cross the valley between Whistler and Blackcomb mountains, the longest over a kilometre. Between the lines you cross suspension bridges through the old-growth forest canopy.\n\n" +
      "Guests must weigh between 30 and 125 kg and be at least seven years old. The guides handle all the gear; you just need closed shoes.",
    category: "outdoors",
    kind: "zipline",
    city: "whistler",
    included: ["Harness, helmet and trolley", "Two zipline guides", "Off-road transfer to the first line"],
    meetingPoint: "Carleton Lodge, Whistler Village, zipline desk on the ground floor",
    meetingPointLocation: { lat: 50.114, lng: -122.954 },
    demand: 0.8,
    services: [
      {
        name: "Five-line tour",
        description: "About two and a half hours including the transfer.",
        durationMinutes: 150,
        capacity: 14,
        times: ["09:00", "11:30", "14:00"],
        tickets: adultAndChild(15900, 12900),
      },
    ],
  },
  {
    id: "whistler-bear-viewing-tour",
    account: "summit",
    title: "Whistler Black Bear Viewing Tour",
    summary: "Look for black bears from a 4x4 with a wildlife biologist.",
    description:
      "Whistler's ski runs turn into feeding grounds for black bears in the green season. Ride up the service roads in a 4x4 with a biologist who tracks the local bears and knows where they are likely to be.\n\n" +
      "Sightings are very likely but never guaranteed. Binoculars are provided and the vehicles keep a respectful distance at all times.",
    category: "tours",
    kind: "wildlife",
    city: "whistler",
    included: ["4x4 vehicle and driver", "Wildlife biologist guide", "Binoculars"],
    meetingPoint: "Blackcomb Daylodge, front entrance",
    meetingPointLocation: { lat: 50.1155, lng: -122.948 },
    demand: 0.55,
    services: [
      {
        name: "Evening bear tour",
        description: "Three hours when the bears are most active.",
        durationMinutes: 180,
        capacity: 8,
        times: ["17:00"],
        tickets: adultAndChild(14900, 9900),
      },
      {
        name: "Morning bear tour",
        description: "Early start, quieter roads.",
        durationMinutes: 180,
        capacity: 8,
        times: ["06:30"],
        weekdays: [0, 3, 6],
        tickets: adultAndChild(13900, 8900),
      },
    ],
  },
  {
    id: "whistler-alpine-photo-workshop",
    account: "summit",
    title: "Alpine Photography Workshop",
    summary: "Learn landscape photography on Whistler's high alpine trails.",
    description:
      "Ride the Peak 2 Peak gondola and spend the afternoon above the tree line with a professional landscape photographer. The workshop covers composition, exposure in bright snow and light, and how to use foreground to give mountain photos depth.\n\n" +
      "Bring any camera, including a phone. The group is small so everyone gets individual feedback.",
    category: "classes",
    kind: "photography",
    city: "whistler",
    included: ["Peak 2 Peak gondola ticket", "Professional photographer", "Edited photo review by email"],
    meetingPoint: "Whistler Village Gondola base, next to the guest relations desk",
    meetingPointLocation: { lat: 50.1144, lng: -122.955 },
    demand: 0.4,
    services: [
      {
        name: "Afternoon workshop",
        description: "Four hours on the mountain.",
        durationMinutes: 240,
        capacity: 6,
        times: ["12:30"],
        weekdays: [1, 3, 5, 6],
        tickets: [{ code: "participant", priceMinor: 21900 }],
      },
    ],
  },
];
