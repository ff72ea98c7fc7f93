#!/usr/bin/env bash
# Make sure Debian packages the tests drive are installed, each checked by a file it provides:
#   bash scripts/ensure-debian-packages.sh chromium:/usr/bin/chromium nginx:/usr/sbin/nginx
# Installs the missing ones with one apt-get run (no prompts, no stdin); prints nothing when all are there.
set -euo pipefail

missing=()
for pair in "$@"; do
  package="${pair%%:*}"
  file="${pair#*:}"
  if [ -z "$package" ] || [ -z "$file" ] || [ "$package" = "$pair" ]; then
    echo "ensure-debian-packages: \"$pair\" is not package:/path/to/file." >&2
    exit 2
  fi
  [ -x "$file" ] || missing+=("$package:$file")
done

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

packages=("${missing[@]%%:*}")
if ! command -v apt-get >/dev/null 2>&1; then
  for pair in "${missing[@]}"; do
    echo "ensure-debian-packages: ${pair#*:} is missing and apt-get is not available; install ${pair%%:*} (Debian/Ubuntu: apt-get install ${pair%%:*})." >&2
  done
  exit 1
fi

SUDO=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO=(sudo -n)
  else
    echo "ensure-debian-packages: installing ${packages[*]} needs root (no sudo found)." >&2
    exit 1
  fi
fi

echo "ensure-debian-packages: installing Debian's ${packages[*]}..."
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q </dev/null
"${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${packages[@]}" </dev/null

for pair in "${missing[@]}"; do
  if [ ! -x "${pair#*:}" ]; then
    echo "ensure-debian-packages: the ${pair%%:*} package installed but ${pair#*:} is missing." >&2
    exit 1
  fi
  echo "ensure-debian-packages: installed ${pair#*:}"
done
