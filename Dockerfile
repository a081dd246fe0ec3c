# Bothy: one image for self-hosting. Build: docker build -t bothy .
# Run: docker run -p 3000:3000 -v bothy-data:/data bothy   (or docker compose up, see README)
# NOTE: a single `docker run` inspects pages in the app process (user bothy); docker compose runs
# the inspector as its own process under its own user, away from /data and the database.

# NOTE: each base is a build argument so a maintainer can build from bases made locally (npm run
# docker:check builds from a debootstrapped Debian); the defaults are the public images.
ARG NODE_IMAGE=node:20-bookworm-slim
ARG BASE_IMAGE=debian:bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# NOTE: Bun comes from npm (a devDependency), so the full install is needed to get the runtime.
RUN npm ci --no-audit --no-fund

FROM ${BASE_IMAGE} AS runtime
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium ca-certificates curl util-linux \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --create-home --uid 10001 bothy \
 && useradd --create-home --uid 10002 --user-group inspector \
 && mkdir -p /data && chown bothy:bothy /data && chmod 700 /data
# NOTE: two users. bothy runs the app and owns /data (database, secret.key, outbox); inspector runs
# `worker:inspect`, the process that drives Chromium on arbitrary pages, and cannot read /data.
# docker-compose.yml starts the worker as inspector (user: "10002:10002", APP_URL and INSPECT_TOKEN:
# no database credentials) next to an app with INSPECT_CONCURRENCY=0. Chromium's sandbox needs user
# namespaces, which Docker's default seccomp profile refuses; compose gives the inspector
# deploy/chromium-seccomp.json, which allows them. src/inspect/sandbox.ts tries `unshare --user`
# (util-linux, named above though Debian always has it) and logs "inspector browser sandbox on|off".
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY package.json ./
# NOTE: add each top-level source folder here when it first holds files (components, tracker, content).
COPY package-lock.json ./
COPY src ./src
COPY components ./components
COPY sql ./sql
COPY tracker ./tracker
COPY content ./content
# NOTE: the pages are built into the image; at start the server finds dist/<hash of the sources>
# and serves it without building (the lockfile is hashed too, hence copied above).
RUN NODE_ENV=production /app/node_modules/.bin/bun src/web/build.ts && chown -R bothy:bothy /app/dist
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    CHROMIUM_PATH=/usr/bin/chromium
USER bothy
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s --start-period=20s --retries=3 \
  CMD curl -fsS "http://127.0.0.1:${PORT}/healthz" || exit 1
# NOTE: exec form so SIGTERM reaches Bun directly and the graceful shutdown runs.
CMD ["/app/node_modules/.bin/bun", "src/server.ts"]
