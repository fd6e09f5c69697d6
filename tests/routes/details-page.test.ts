import { beforeAll, describe, expect, it } from "vitest";
import * as detailsRoute from "~/routes/_details.experiences.$parentId.$serviceId._index";
import { sql } from "drizzle-orm";
import { api, seedDbForThisFile } from "../support/api";
import { createSlot, findService, type TestService } from "../support/booking";
import { args, outcome, pageRequest } from "../support/routes";

/** The details page's loader: what the booking widget is sent back with (issue 31, items 2, 4 and 5). */
const { db } = seedDbForThisFile();

let acme: TestService;
/** Departures made before the first page (the web keeps the API's public reads a few seconds). */
let few: { slotId: string; date: string };
let roomy: { slotId: string; date: string };
beforeAll(async () => {
  acme = await findService(db(), "acme");
  const [fewSlot, roomySlot] = [
    await createSlot(db(), acme.serviceId, { seatsLeft: 3 }),
    await createSlot(db(), acme.serviceId),
  ];
  const page = await details("");
  const dayOf = (slotId: string) => ({
    slotId,
    date: (page.data.availability.days as Array<{ date: string; slots: Array<{ id: string }> }>).find((day) =>
      day.slots.some((slot) => slot.id === slotId),
    )!.date,
  });
  few = dayOf(fewSlot.id);
  roomy = dayOf(roomySlot.id);
});

const params = () => ({ parentId: acme.experienceId, serviceId: acme.serviceId });
const details = (query: string) =>
  outcome(() =>
    detailsRoute.loader(
      args(pageRequest(`/experiences/${acme.experienceId}/${acme.serviceId}?${query}`), params()) as never,
    ),
  );

describe("the details page", () => {
  it("says the operator's cancellation cutoff for the one-line policy beside the title", async () => {
    const page = await details("");
    expect(page.status).toBe(200);
    expect(page.data.experience.cancellationCutoffHours).toBe(acme.cutoffHours);
  });

  it("a searched date outside the bookable window (past, too far, no day) selects nothing, without a 500", async () => {
    const inWindow = roomy;
    const open = await details(`date=${inWindow.date}`);
    expect(open.data.selection.date).toBe(inWindow.date);
    for (const date of ["2020-01-01", "2099-06-01", "9999-12-31", "2026-02-30", "yesterday"]) {
      const page = await details(`date=${date}&slot=${inWindow.slotId}`);
      expect(page.status, date).toBe(200);
      expect(page.data.selection, date).toMatchObject({ date: null, slotId: null });
    }
  });

  it("keeps the quantities sent (0 too) for the server's total, and refuses a choice with its reason", async () => {
    const { date, slotId } = few;
    const child = acme.child!;
    const base = `date=${date}&slot=${slotId}`;

    const updated = await details(`${base}&t_${acme.adult.id}=2&t_${child.id}=1&intent=price`);
    expect(updated.status).toBe(200);
    expect(updated.data.quantities).toEqual({ [acme.adult.id]: 2, [child.id]: 1 });
    expect(updated.data.refusal).toBeNull();

    const none = await details(`${base}&t_${acme.adult.id}=0&t_${child.id}=0&intent=continue`);
    expect(none.status).toBe(400);
    expect(none.data.quantities).toEqual({ [acme.adult.id]: 0, [child.id]: 0 });
    expect(none.data.refusal).toEqual({ key: "details.selectTickets" });

    const perType = await details(`${base}&t_${acme.adult.id}=25&intent=continue`);
    expect(perType.status).toBe(400);
    expect(perType.data.refusal).toEqual({ key: "details.ticketsPerType", values: { max: 20 } });

    const tooMany = await details(`${base}&t_${acme.adult.id}=4&intent=continue`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.data.refusal).toEqual({ key: "details.tooManyTickets", values: { count: 3 } });

    const noTime = await details(`date=${date}&t_${acme.adult.id}=1&intent=continue`);
    expect(noTime.status).toBe(400);
    expect(noTime.data.refusal).toEqual({ key: "details.chooseTime" });
  });

  it("a complete choice continues to the confirm step with the selection", async () => {
    const { date, slotId } = roomy;
    const page = await details(`date=${date}&slot=${slotId}&t_${acme.adult.id}=2&intent=continue`);
    expect(page.status).toBe(302);
    expect(page.location).toBe(
      `/experiences/${acme.experienceId}/${acme.serviceId}/confirm?date=${date}&slot=${slotId}&t_${acme.adult.id}=2`,
    );
  });
});

describe("one from-price (issue 39, item 10)", () => {
  it("the details page of every option says the experience's from-price, the figure its search card shows", async () => {
    // An experience whose options' adult prices differ: the dearer option's page is the case.
    const answer = await db().execute(sql`
        select s.experience_id, s.id as service_id, e.title from services s
        join ticket_types t on t.service_id = s.id and t.code = 'adult'
        join experiences e on e.id = s.experience_id and e.published_at is not null
        where t.price_minor > e.price_from
        order by s.experience_id limit 1`);
    const rows = (answer as unknown as { rows: Array<{ experience_id: string; service_id: string; title: string }> })
      .rows;
    expect(rows.length, "a seeded experience with a dearer option").toBe(1);
    const [{ experience_id: parentId, service_id: serviceId, title }] = rows;
    const card = await api<{
      data: { items: Array<{ id: string; priceFrom: { amount: number }; priceBasis: string }> };
    }>(`/v1/experiences?q=${encodeURIComponent(title)}&pageSize=48`);
    const listed = card.body.data.items.find((item) => item.id === parentId);
    expect(listed, "the experience is in the search results").toBeDefined();
    const page = await outcome(() =>
      detailsRoute.loader(args(pageRequest(`/experiences/${parentId}/${serviceId}`), { parentId, serviceId }) as never),
    );
    expect(page.status).toBe(200);
    expect(page.data.experience.priceFrom.amount).toBe(listed!.priceFrom.amount);
    expect(page.data.experience.priceBasis).toBe(listed!.priceBasis);
    // The option's own adult price is dearer, and is not what the page calls "from".
    const adult = (page.data.service.ticketTypes as Array<{ code: string; priceMinor: number }>).find(
      (type) => type.code === "adult",
    )!;
    expect(adult.priceMinor).toBeGreaterThan(page.data.experience.priceFrom.amount);
  });
});
