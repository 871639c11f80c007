# AgentChat: one image, one process (docs/operations.md, "Two instances behind a reverse proxy").
#   docker build -t agentchat .
#   docker run -p 3000:3000 -v agentchat-data:/data -e PUBLIC_URL=... -e SESSION_SECRET=... agentchat

# Production dependencies only: the packages the server bundle leaves out (native code, WebAssembly,
# files of their own; scripts/build-server.ts) load from node_modules (docs/decisions/033-server-bundle.md).
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

# The web app (dist/web), the landing page's server entry (dist/ssr) and the server bundle
# (dist/server) need Vite and esbuild: all dependencies.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data STAFF_2FA=required
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json package-lock.json ./
COPY drizzle ./drizzle
# The embedded database and uploads live in DATA_DIR: a volume, or a shared mount with several
# instances. The image's files stay root's, so the server cannot rewrite its own code.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# Liveness only (no I/O): a database outage must not get the container restarted. Load balancers
# use /api/health/ready instead. The slim image has no curl; Node 20 has fetch.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node itself, not npm, is PID 1's child: SIGTERM reaches the server and it drains (docs/operations.md).
CMD ["node", "dist/server/main.js"]
