#!/usr/bin/env bash
# Make sure Debian's Chromium is at /usr/bin/chromium (Playwright drives it; it never downloads browsers).
# Idempotent: prints nothing when it is already installed.
set -euo pipefail

CHROMIUM=/usr/bin/chromium

if [ -x "$CHROMIUM" ]; then
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "ensure-chromium: $CHROMIUM is missing and apt-get is not available; install Chromium at $CHROMIUM (Debian/Ubuntu: apt-get install chromium)." >&2
  exit 1
fi

SUDO=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO=(sudo -n)
  else
    echo "ensure-chromium: $CHROMIUM is missing and installing it needs root (no sudo found)." >&2
    exit 1
  fi
fi

echo "ensure-chromium: installing Debian's chromium package..."
export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q </dev/null
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium </dev/null

if [ ! -x "$CHROMIUM" ]; then
  echo "ensure-chromium: the chromium package installed but $CHROMIUM is missing." >&2
  exit 1
fi

"$CHROMIUM" --version 2>/dev/null || echo "ensure-chromium: installed $CHROMIUM"
