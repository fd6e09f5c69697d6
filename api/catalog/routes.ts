import { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { handle } from "../http/register";
import type { AppEnv } from "../http/types";
import { getFacets } from "./facets";
import { searchExperiences } from "./search";
import { getExperienceDetail, getServiceDetail } from "./service";

export const catalogRoutes = new Hono<AppEnv>();

handle(catalogRoutes, endpoints.facets, async (c) => getFacets(c.get("db"), c.get("account")));

handle(catalogRoutes, endpoints.experiences, async (c, { query }) =>
  searchExperiences(c.get("db"), query, c.get("account")),
);

handle(catalogRoutes, endpoints.experience, async (c, { params }) =>
  getExperienceDetail(c.get("db"), params.parentId, c.get("account")),
);

handle(catalogRoutes, endpoints.service, async (c, { params: { parentId, serviceId } }) =>
  getServiceDetail(c.get("db"), parentId, serviceId, c.get("account")),
);
