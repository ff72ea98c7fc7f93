#!/usr/bin/env bash
# Make sure Debian's Chromium is at /usr/bin/chromium (Playwright drives it; it never downloads browsers).
# Idempotent: prints nothing when it is already installed.
exec bash "$(dirname "${BASH_SOURCE[0]}")/ensure-debian-packages.sh" chromium:/usr/bin/chromium
