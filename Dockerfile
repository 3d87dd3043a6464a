# The API image: the build stage installs, builds and makes the deploy folder with
# `pnpm deploy:api` (scripts/deploy-api.mjs); the runtime stage copies exactly that folder, the
# one the cluster test (cluster/) runs. Not built in this repository's CI (no container engine
# there); see docs/deploying.md.

FROM node:20-bookworm-slim AS build
# better-sqlite3 compiles if no prebuilt binary matches; the build stage has the tools for it.
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
RUN npm install -g pnpm@10
ENV TURBO_TELEMETRY_DISABLED=1
WORKDIR /src
COPY . .
RUN pnpm install --frozen-lockfile && pnpm deploy:api

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/app/data
WORKDIR /app
# The code stays root's (the server cannot change it); only the data folder is the node user's.
COPY --from=build /src/deploy/api ./
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Readiness: 503 while draining after SIGTERM or while the database does not answer.
HEALTHCHECK --interval=5s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Exec form: node is PID 1 and receives SIGTERM itself (drain, then exit 0).
CMD ["node", "server.js"]
