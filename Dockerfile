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
# NOTE: production dependencies only. Bun, the runtime, is a devDependency (the tests' runner too),
# so it is installed on its own at the lockfile's version and only its binary is carried over: its
# package holds the same 100 MB binary twice (bun and bunx), which COPY would not keep linked.
# Source maps, type declarations and docs are never read at run time. Of Scalar, the API reference
# page, src/stats/docs.ts serves only the browser bundle and its stylesheet: the Vue sources they
# were built from, and Scalar's other packages, are left out (over 100 MB).
RUN npm ci --omit=dev --no-audit --no-fund \
 && npm install --prefix /opt/bun --no-audit --no-fund --no-save "bun@$(node -p "require('./package-lock.json').packages['node_modules/bun'].version")" \
 && find node_modules -type f \( -name '*.map' -o -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' -o -iname '*.md' \) -delete \
 && find node_modules/@scalar -mindepth 1 -maxdepth 1 ! -name api-reference -exec rm -rf {} + \
 && find node_modules/@scalar/api-reference/dist -mindepth 1 -maxdepth 1 ! -name browser ! -name style.css -exec rm -rf {} +

FROM ${BASE_IMAGE} AS runtime
# NOTE: the inspector's Chromium is headless and renders in software (its own SwiftShader), so Mesa's
# GPU drivers and the LLVM they compile shaders with (libgl1-mesa-dri, libllvm15, libz3-4: 160 MB,
# pulled in through libgl1) are removed with only their dependants' claims left broken; npm run
# docker:check has the image's Chromium render a page. Its other interface languages, every package's
# docs and translations go too.
RUN apt-get update \
 && apt-get install -y --no-install-recommends chromium ca-certificates curl util-linux \
 && dpkg --purge --force-depends libgl1-mesa-dri libllvm15 libz3-4 \
 && rm -rf /var/lib/apt/lists/* /var/cache/apt/* /var/log/apt /var/log/dpkg.log /usr/share/doc /usr/share/man /usr/share/info \
 && find /usr/share/locale -mindepth 1 -maxdepth 1 ! -name locale.alias -exec rm -rf {} + \
 && find /usr/lib/chromium/locales -type f ! -name 'en-US.pak' -delete \
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
COPY --from=deps /opt/bun/node_modules/bun/bin/bun.exe /usr/local/bin/bun
COPY --from=deps /app/node_modules ./node_modules
# NOTE: the path the commands here and in docker-compose.yml name, as in a checkout.
RUN ln -s /usr/local/bin/bun node_modules/.bin/bun
COPY package.json package-lock.json ./
# NOTE: add each top-level source folder here when it first holds files (components, tracker, content).
COPY src ./src
COPY components ./components
COPY sql ./sql
COPY tracker ./tracker
COPY content ./content
COPY deploy/docker-entrypoint.sh ./deploy/
# NOTE: work a first start would do, done here. The pages are built into the image: at start the
# server finds dist/<hash of the sources> and serves it without building (the lockfile is hashed
# too, hence copied above). And an embedded database is initialised and migrated into
# /app/template, which the entrypoint copies into an empty /data (an initdb with TimescaleDB and
# every migration cost a first start most of its time).
RUN NODE_ENV=production bun src/web/build.ts \
 && bun -e 'const { openDatabase } = await import("/app/src/db"); const db = await openDatabase({ DATA_DIR: "/app/template", DATABASE_URL: undefined, DATABASE_READ_URL: undefined, DATABASE_POOL: 1, MAINTENANCE_INTERVAL_S: 86400 }); await db.close();' \
 && rm -rf /app/template/run \
 && chown -R bothy:bothy /app/dist /app/template
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
# NOTE: exec form so SIGTERM reaches Bun directly (the entrypoint execs it) and the graceful shutdown runs.
ENTRYPOINT ["/app/deploy/docker-entrypoint.sh"]
CMD ["/app/node_modules/.bin/bun", "src/server.ts"]
