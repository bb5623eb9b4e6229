# syntax=docker/dockerfile:1
# Multi-stage: build the bundles with dev dependencies, run with production dependencies only.
ARG NODE_VERSION=26

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
# Two malloc arenas: image encoding (sharp/libvips) otherwise leaves hundreds of MB of freed memory
# in per-thread arenas that glibc never returns (measured by npm run bench). A JavaScript heap of
# at most 192 MB (some six times the server's working heap): under a burst such as a CSV export of
# a million leads V8 then collects sooner instead of letting the heap grow fourfold first
# (measured by npm run bench:inbox). These two are defined in server/runtime-settings.ts, which
# npm start and the benches use; keep them in step (server/runtime-settings.test.ts checks).
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/data \
    MALLOC_ARENA_MAX=2 \
    NODE_OPTIONS=--max-old-space-size=192
WORKDIR /app
COPY package.json package-lock.json ./
# The production dependencies, as `npm install --omit=dev` installs them for `npm start` (esbuild and
# tsx among them, some 13 MB, which the image does not run: it is built in the stage above).
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist/server.js /app/dist/server.js.map /app/dist/migrate.js /app/dist/image-encoder.js /app/dist/backup-child.js ./dist/
COPY --from=build /app/dist/public ./dist/public
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# The server applies pending migrations before it listens.
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "dist/server.js"]
