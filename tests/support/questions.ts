/** Booking questions of a kayak tour (issue 46): per guest, one on another answer, one for children, one per booking. */
export const KAYAK_QUESTIONS = [
  { id: "height", label: "Height (cm)", kind: "number", per: "guest", required: true, min: 100, max: 220 },
  { id: "swimmer", label: "Can you swim?", kind: "yesNo", per: "guest", required: true },
  {
    id: "swim_aid",
    label: "Which swim aid?",
    kind: "choice",
    per: "guest",
    required: true,
    options: ["Vest", "Board"],
    showIf: { questionId: "swimmer", equals: "no" },
  },
  {
    id: "child_age",
    label: "Child's age",
    kind: "number",
    per: "guest",
    required: true,
    showIf: { ticketType: "child" },
  },
  { id: "hotel_phone", label: "Phone at your hotel", kind: "phone", per: "booking", required: false },
];
