// The deploy kit's files say what docs/deploy.md says of them: compose.yaml rotates every
// service's logs; the hosted workflow runs .ci/run on compose.yaml's PostgreSQL and the Node of
// .nvmrc, then builds the image from the Dockerfile, pushing it only from main.
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";

interface Logging {
  driver?: string;
  options?: Record<string, string>;
}

const compose = parseYaml(readFileSync("compose.yaml", "utf8"), { merge: true }) as {
  services: Record<string, { image?: string; logging?: Logging }>;
};

interface Step {
  id?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, string>;
}
interface Job {
  needs?: string | string[];
  services?: Record<string, { image?: string }>;
  env?: Record<string, string>;
  steps: Step[];
}
const WORKFLOW = ".github/workflows/ci.yml";
const workflow = parseYaml(readFileSync(WORKFLOW, "utf8")) as {
  on: Record<string, unknown>;
  jobs: Record<string, Job>;
};

/** Docker's sizes: a number and a unit (k, m or g). */
const SIZE = /^\d+[kmg]$/;

describe("compose.yaml", () => {
  it("rotates every service's logs: json-file, a size and a number of files", () => {
    const services = Object.entries(compose.services);
    expect(services.map(([name]) => name)).toEqual(expect.arrayContaining(["postgres", "migrate", "api1", "web1"]));
    for (const [name, { logging }] of services) {
      expect(logging?.driver, name).toBe("json-file");
      expect(logging?.options?.["max-size"], name).toMatch(SIZE);
      // A string: compose refuses a number here.
      expect(logging?.options?.["max-file"], name).toMatch(/^[1-9]\d*$/);
    }
  });
});

describe(WORKFLOW, () => {
  const jobs = Object.entries(workflow.jobs);
  const jobWith = (found: (step: Step) => boolean) => jobs.find(([, job]) => job.steps.some(found));
  const [ciName, ci] = jobWith((step) => /(?:^|\n)\s*bash \.ci\/run\s*$/m.test(step.run ?? "")) ?? [];
  const [, image] = jobWith((step) => /^docker\/build-push-action@/.test(step.uses ?? "")) ?? [];

  it("runs on pushes to main and on pull requests", () => {
    expect(workflow.on).toHaveProperty("pull_request");
    expect(workflow.on.push).toEqual({ branches: ["main"] });
  });

  it("runs .ci/run on compose.yaml's PostgreSQL, with .nvmrc's Node and the Dockerfile's npm", () => {
    expect(ci, "a job whose step runs `bash .ci/run`").toBeDefined();
    expect(existsSync(".ci/run")).toBe(true);
    expect(ci?.services?.postgres?.image).toBe(compose.services.postgres.image);
    const node = ci?.steps.find((step) => /^actions\/setup-node@/.test(step.uses ?? ""));
    expect(node?.with?.["node-version-file"]).toBe(".nvmrc");
    expect(existsSync(".nvmrc")).toBe(true);
    const npm = (text: string) => [...text.matchAll(/npm install -g npm@(\S+)/g)].map((m) => m[1]);
    const dockerfileNpm = new Set(npm(readFileSync("Dockerfile", "utf8")));
    expect(dockerfileNpm.size).toBe(1);
    expect(ci?.steps.flatMap((step) => npm(step.run ?? ""))).toEqual([...dockerfileNpm]);
  });

  it("then builds the image from the repository's Dockerfile, with .nvmrc's Node, pushed only from main with secrets", () => {
    expect(image, "a job using docker/build-push-action").toBeDefined();
    expect([image?.needs].flat()).toContain(ciName);
    const build = image?.steps.find((step) => /^docker\/build-push-action@/.test(step.uses ?? ""));
    expect(build?.with?.context).toBe(".");
    expect(build?.with?.file).toBe("Dockerfile");
    expect(existsSync(build?.with?.file ?? "")).toBe(true);
    expect(readFileSync("Dockerfile", "utf8")).toMatch(/^ARG NODE_VERSION=/m);
    expect(build?.with?.["build-args"]).toMatch(/^NODE_VERSION=\$\{\{ steps\.node\.outputs\.version \}\}$/);
    expect(image?.steps.find((step) => step.id === "node")?.run).toContain("cat .nvmrc");
    // Pushed (and logged in) only when PUBLISH says so: a push to main with the registry's secrets.
    expect(build?.with?.push).toBe("${{ env.PUBLISH == 'true' }}");
    const publish = image?.env?.PUBLISH ?? "";
    expect(publish).toContain("github.event_name == 'push'");
    expect(publish).toContain("github.ref == 'refs/heads/main'");
    expect(publish).toMatch(/secrets\.REGISTRY_PASSWORD != ''/);
    const login = image?.steps.find((step) => /^docker\/login-action@/.test(step.uses ?? ""));
    expect(login?.if).toBe("env.PUBLISH == 'true'");
  });

  it("uses each action at a pinned major version", () => {
    const uses = jobs.flatMap(([, job]) => job.steps.flatMap((step) => (step.uses ? [step.uses] : [])));
    expect(uses.length).toBeGreaterThan(0);
    for (const action of uses) expect(action).toMatch(/^[\w-]+\/[\w-]+@v\d+$/);
  });
});

describe(".nvmrc, the one Node version (decision 052)", () => {
  const nvmrc = readFileSync(".nvmrc", "utf8").trim();
  const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { engines: { node: string } };

  it("is an exact version that package.json's engines and the Dockerfile's NODE_VERSION agree with", () => {
    const version = /^(\d+)\.(\d+)\.(\d+)$/.exec(nvmrc)?.slice(1).map(Number);
    expect(version, nvmrc).toHaveLength(3);
    // engines.node is one LTS line, `^major.minor.patch`, that .nvmrc's version is in.
    const floor = /^\^(\d+)\.(\d+)\.(\d+)$/.exec(pkg.engines.node)?.slice(1).map(Number);
    expect(floor, pkg.engines.node).toHaveLength(3);
    const [major, minor, patch] = version ?? [];
    const [fMajor, fMinor, fPatch] = floor ?? [];
    expect(major).toBe(fMajor);
    expect(minor * 1e6 + patch).toBeGreaterThanOrEqual(fMinor * 1e6 + fPatch);
    expect(readFileSync("Dockerfile", "utf8")).toMatch(
      new RegExp(`^ARG NODE_VERSION=${nvmrc.replaceAll(".", "\\.")}$`, "m"),
    );
  });

  it("is the Node .ci/run runs on: it fetches .nvmrc's version from the npm registry when the machine's node is another", () => {
    const run = readFileSync(".ci/run", "utf8");
    const switched = run.indexOf("<.nvmrc");
    expect(switched, "reads .nvmrc").toBeGreaterThan(-1);
    expect(run).toMatch(/npm install [^\n]*--prefix [^\n]*"\$node_package@/);
    // Before anything runs on node: npm ci included.
    expect(switched).toBeLessThan(run.indexOf(`stage "npm ci"`));
  });
});
