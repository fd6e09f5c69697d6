# syntax=docker/dockerfile:1
# One image, two commands: the web (default) and the v1 API alone (`node server/index.mjs --api`,
# see compose.yaml). The runtime stage holds the build, the production dependencies and the few
# source files the built server reads at run time; scripts/check-image-layout.mjs rebuilds that
# layout in a temporary directory and starts both commands from it (Docker does not run on our
# machines; the hosted workflow, .github/workflows/ci.yml, builds this file).
# Node: the version in .nvmrc (every test runs on it).
ARG NODE_VERSION=24.22.3

# --- build: every dependency, then `npm run build` (build/index.js, build/api/server.js, public/build)
FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
# npm 11: allowScripts in package.json says which dependencies may run install scripts.
RUN npm install -g npm@11.19.1
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- runtime: production dependencies only, no compiler, no sources beyond what runs
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    APP_ENV=production \
    PORT=3000 \
    API_PORT=3001
WORKDIR /app
RUN npm install -g npm@11.19.1
COPY package.json package-lock.json ./
# patch-package (a production dependency) applies patches/ at postinstall.
COPY patches ./patches
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
# The server both commands start (server/index.mjs), with the runtime modules it imports and the
# English words of its own 503 page.
COPY server ./server
COPY runtime ./runtime
COPY app/locales/en/common.json ./app/locales/en/common.json
# Read at run time by `npm run db:migrate` and, when MIGRATE_ON_START allows it, on start (and by
# `npm run admin` and `npm run rates`, which refuse a database that lacks a migration).
COPY api/db/migrations ./api/db/migrations
# `npm run db:migrate`, `npm run admin` and `npm run rates`: plain Node over build/api/migrate.js,
# admin.js and rates.js (no tsx, no TypeScript sources in the image); the other npm scripts.
COPY scripts ./scripts
# Files stay root's and read-only to the server: it writes nothing to disk in production but the
# photos of the disk storage (MEDIA_DIR; compose.yaml mounts one volume there for every API process).
RUN mkdir -p /app/data/media && chown node:node /app/data/media
USER node
EXPOSE 3000 3001
# The web answers /health/ready (including the API's readiness in split mode); a container running
# the API alone overrides this with its /v1/health/ready on API_PORT (compose.yaml).
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
STOPSIGNAL SIGTERM
# The web: server/index.mjs, the edge in front of Remix (as `npm start`, without the local
# launcher's rebuild and Auth emulator). The API alone: compose.yaml's api1 command (`--api`).
CMD ["node", "--max-old-space-size=192", "server/index.mjs"]
