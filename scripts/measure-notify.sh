#!/usr/bin/env bash
# Measures how soon a history observer (what `movies watch` runs on) hears of another process's
# commit, and what the watching process costs while nothing happens: once with the kernel's
# file events (inotify), once with the fallback that checks the store every 50 ms.
#
#   scripts/measure-notify.sh              # 200 commits 20 ms apart, 10 s idle
#   scripts/measure-notify.sh 1000 5 30    # COUNT SPACING_MS IDLE_SECONDS
#
# Set NOTIFY_LATENCY to a built notify-latency to skip the release build.
set -euo pipefail
cd "$(dirname "$0")/.."
count="${1:-200}"
spacing="${2:-20}"
idle="${3:-10}"
# shellcheck source=scripts/measure-common.sh
. scripts/measure-common.sh
find_tool notify-latency NOTIFY_LATENCY
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$tool" "$work/events.store" "$count" "$spacing" "$idle"
"$tool" --fallback "$work/fallback.store" "$count" "$spacing" "$idle"
