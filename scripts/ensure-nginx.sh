#!/usr/bin/env bash
# Make sure Debian's nginx is at /usr/sbin/nginx (the e2e tests serve the build with it, as production would).
# Idempotent: prints nothing when it is already installed. Its service is not needed: scripts/nginx.mjs runs it.
exec bash "$(dirname "${BASH_SOURCE[0]}")/ensure-debian-packages.sh" nginx:/usr/sbin/nginx
