# syntax=docker/dockerfile:1
# The shop as one file in a small image: the build stage makes release/esim-shop (npm run release:
# the packages, the web app, then Node's single executable application), the runtime stage holds
# only that binary on distroless glibc (no shell, no package manager), as a non-root user.
#   docker build -t esim-shop .
#   docker run -p 3000:3000 -v esim-data:/data esim-shop
#   docker run --rm -v esim-data:/data esim-shop backup /data/shop-backup.sqlite
# Settings: the environment (see .env.example), or a .env file in /data (the working folder).

FROM node:20-bookworm-slim AS build
# better-sqlite3 compiles from source when no prebuilt addon is found: python3, make, g++ and
# Node's own headers (nodedir) so that node-gyp does not download them.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ ca-certificates \
 && rm -rf /var/lib/apt/lists/*
ENV npm_config_nodedir=/usr/local TURBO_TELEMETRY_DISABLED=1 CI=1
WORKDIR /src
COPY . .
RUN node scripts/setup.mjs build \
 && node scripts/release.mjs \
 && mkdir -p /out/data \
 && cp release/esim-shop /out/esim-shop \
 && /out/esim-shop --version

FROM gcr.io/distroless/cc-debian12:nonroot
COPY --from=build /out/esim-shop /usr/local/bin/esim-shop
COPY --from=build --chown=65532:65532 /out/data /data
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    METRICS_PORT=9464 \
    DATABASE_URL=file:/data/shop.sqlite \
    OUTBOX_DIR=/data/outbox
USER 65532:65532
WORKDIR /data
VOLUME ["/data"]
EXPOSE 3000 9464
# Slim images have no curl: the binary asks its own /api/health (exit 0 on 200, else 1).
HEALTHCHECK --interval=30s --timeout=10s --start-period=30s --retries=3 CMD ["/usr/local/bin/esim-shop", "health"]
ENTRYPOINT ["/usr/local/bin/esim-shop"]
CMD ["serve"]
