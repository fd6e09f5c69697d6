import { Hono } from "hono";
import { endpoints } from "~contract/endpoints";
import { clientIp } from "../http/client-info";
import { handle, WithStatus } from "../http/register";
import type { AppEnv } from "../http/types";
import { createExperience, getExperience, listExperiences, updateExperience } from "./experiences";
import { actorOf } from "../members/guard";

/** The console's experiences (owner, manager): list, read, create as a draft, edit, publish. */
export const operatorExperienceRoutes = new Hono<AppEnv>();

handle(operatorExperienceRoutes, endpoints.operatorListExperiences, async (c, { query, member }) => {
  return listExperiences(c.get("db"), member.account, query.page);
});

handle(operatorExperienceRoutes, endpoints.operatorGetExperience, async (c, { params, member }) => {
  return getExperience(c.get("db"), member.account.id, params.experienceId);
});

handle(operatorExperienceRoutes, endpoints.operatorCreateExperience, async (c, { body, member }) => {
  const created = await createExperience(c.get("db"), actorOf(member, clientIp(c)), member.account, body);
  return new WithStatus(201, created);
});

handle(operatorExperienceRoutes, endpoints.operatorUpdateExperience, async (c, { params, body, member }) => {
  return updateExperience(c.get("db"), actorOf(member, clientIp(c)), member.account.id, params.experienceId, body);
});
