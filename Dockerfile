# syntax=docker/dockerfile:1
# The shop as a container: build with the dev tools, run only the standalone server.
#
#   docker build --build-arg NEXT_PUBLIC_SITE_URL=https://shop.example.com -t chocolate-shop .
#   docker run -p 3000:3000 --env-file shop.env chocolate-shop
#
# Runtime configuration (Firebase credentials, Mercado Pago, SHOP_ID) comes from the
# environment at `docker run`, never from the image; see README, Deploy.

ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# Exactly the lockfile's versions; it fails rather than change package-lock.json.
RUN npm ci --no-audit --no-fund

FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
# Inlined into the pages at build time (canonical URLs, sitemap, Open Graph).
# Required: scripts/build.mjs refuses a production build without an https origin.
ARG NEXT_PUBLIC_SITE_URL
ENV NEXT_PUBLIC_SITE_URL=${NEXT_PUBLIC_SITE_URL}
COPY --from=deps /app/node_modules ./node_modules
COPY . .
# scripts/build.mjs: `next build`, then static assets and public/ copied into .next/standalone.
RUN npm run build

FROM ${NODE_IMAGE} AS run
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    PORT=3000 \
    HOSTNAME=0.0.0.0
# Per-address rate limits count the TCP peer unless told otherwise (lib/security/client-address.ts;
# on Cloud Run, where K_SERVICE is set, the entry Google's front end appends). Behind N proxies
# that append to X-Forwarded-For, run with -e TRUSTED_PROXY_HOPS=N.
# The standalone output only: server.js, the node_modules it traced, .next, public.
COPY --from=build --chown=node:node /app/.next/standalone ./
# The official image's unprivileged user; the server writes regenerated pages under .next.
USER node
EXPOSE 3000
# /api/health reads Firestore and Auth with a 2 s deadline each (503 when one is down).
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "server.js"]
