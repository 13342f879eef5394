# One image per service, each a target of this file:
#   docker build --target api -t tollgate/api:<version> .
# (targets: api prober scout-buyer chain-indexer demand-aggregator mcp migrate; anvil is a local stand-in
# for Base used by infra/docker-compose.yml only). Each runtime image holds the service's production bundle
# (`pnpm bundle`: compiled dist/ plus only its runtime npm dependencies) and runs `node dist/main.js` as the
# unprivileged `node` user; the code is owned by root, so the process cannot change it.
# NODE_ENV is not set here: the environment (k8s ConfigMap, compose) sets it; services refuse to start without.
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /src
RUN corepack enable
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json .npmrc ./
# Download every locked package once (cached while the lockfile is unchanged), then install offline.
RUN --mount=type=cache,id=pnpm-store,target=/root/.local/share/pnpm/store pnpm fetch
COPY . .
RUN --mount=type=cache,id=pnpm-store,target=/root/.local/share/pnpm/store \
    pnpm install --frozen-lockfile --offline && node scripts/bundle.mjs

FROM ${NODE_IMAGE} AS runtime
# MALLOC_ARENA_MAX=2: glibc keeps at most two malloc arenas instead of one per allocating thread (up to 8 per
# core), each keeping what it once held (README, issue 17: the api's arenas 19 MB against 29–42 MB). The devnet
# starts services with the same (packages/devnet SERVICE_PROCESS_ENV; deploy-config.test.ts keeps them equal).
ENV NODE_OPTIONS=--enable-source-maps MALLOC_ARENA_MAX=2
WORKDIR /app
USER node

FROM runtime AS api
COPY --from=build /src/dist/bundles/api /app
EXPOSE 8080
# V8 grows the heap by at most half its live size between major GCs (not up to 4x): the api's reserved heap
# stays near 150 MB instead of swinging to ~320 (packages/devnet SERVICE_NODE_FLAGS, README issue 17).
CMD ["node", "--heap-growing-percent=50", "dist/main.js"]

FROM runtime AS mcp
COPY --from=build /src/dist/bundles/mcp /app
EXPOSE 8090
# The same heap growth as the api's: it runs the same matcher and caches (packages/devnet SERVICE_NODE_FLAGS).
CMD ["node", "--heap-growing-percent=50", "dist/main.js"]

FROM runtime AS prober
COPY --from=build /src/dist/bundles/prober /app
# Sellers' names are looked up on libuv's threadpool (4 threads by default), where a black-holed nameserver holds a
# thread for the system resolver's whole timeout; names of one site share two lookups (platform net/resolver.ts).
ENV UV_THREADPOOL_SIZE=16
CMD ["node", "dist/main.js"]

FROM runtime AS scout-buyer
COPY --from=build /src/dist/bundles/scout-buyer /app
# As the prober's: sellers' names are looked up on libuv's threadpool (platform net/resolver.ts).
ENV UV_THREADPOOL_SIZE=16
CMD ["node", "dist/main.js"]

FROM runtime AS chain-indexer
COPY --from=build /src/dist/bundles/chain-indexer /app
CMD ["node", "dist/main.js"]

FROM runtime AS demand-aggregator
COPY --from=build /src/dist/bundles/demand-aggregator /app
CMD ["node", "dist/main.js"]

# The one owner of the schema: the k8s migrate Job and the compose `migrate` service run it once per release.
FROM runtime AS migrate
COPY --from=build /src/dist/bundles/migrate /app
CMD ["node", "dist/cli.js", "migrate"]

# Local only (compose): anvil from the same npm package and version the tests use (packages/devnet pins it;
# a test keeps this path in step), chain id 8453 like Base. linux/amd64 only, like that package.
FROM ${NODE_IMAGE} AS anvil
COPY --from=build /src/node_modules/.pnpm/@foundry-rs+anvil-linux-amd64@1.7.1/node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil /usr/local/bin/anvil
USER node
EXPOSE 8545
CMD ["anvil", "--host", "0.0.0.0", "--port", "8545", "--chain-id", "8453"]
