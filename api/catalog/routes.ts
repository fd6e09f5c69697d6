import { Hono } from "hono";
import { withTenant } from "../accounts/tenant";
import { dataResponse } from "../http/envelope";
import { allowOnly } from "../http/method-guard";
import type { AppEnv } from "../http/types";
import { validate } from "../http/validate";
import { withDb } from "../http/with-db";
import { getFacets } from "./facets";
import { experienceListQuery, experienceParams, serviceParams } from "~contract/catalog";
import { searchExperiences } from "./search";
import { getExperienceDetail, getServiceDetail } from "./service";

export const catalogRoutes = new Hono<AppEnv>();

catalogRoutes.get("/facets", withDb, withTenant, async (c) =>
  dataResponse(c, await getFacets(c.get("db"), c.get("account"))),
);
allowOnly(catalogRoutes, "/facets", ["GET"]);

catalogRoutes.get("/experiences", validate("query", experienceListQuery), withDb, withTenant, async (c) =>
  dataResponse(c, await searchExperiences(c.get("db"), c.req.valid("query"), c.get("account"))),
);
allowOnly(catalogRoutes, "/experiences", ["GET"]);

catalogRoutes.get("/experiences/:parentId", validate("param", experienceParams), withDb, withTenant, async (c) =>
  dataResponse(c, await getExperienceDetail(c.get("db"), c.req.valid("param").parentId, c.get("account"))),
);
allowOnly(catalogRoutes, "/experiences/:parentId", ["GET"]);

catalogRoutes.get(
  "/experiences/:parentId/services/:serviceId",
  validate("param", serviceParams),
  withDb,
  withTenant,
  async (c) => {
    const { parentId, serviceId } = c.req.valid("param");
    return dataResponse(c, await getServiceDetail(c.get("db"), parentId, serviceId, c.get("account")));
  },
);
allowOnly(catalogRoutes, "/experiences/:parentId/services/:serviceId", ["GET"]);
