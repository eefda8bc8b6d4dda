#!/usr/bin/env bash
# Typechecks AmbientUI, the usage fixture and the SwiftUI example app against the iPhoneOS 17.4
# SDK, plain and with SIM18=1 (iOS 18's main-actor View and preview modifiers). The fixture and
# the app declare the same names, so each is its own module. Needs the SDK (see
# ../shared/tools/ios-typecheck.sh); exits non-zero when any run fails or warns.
set -uo pipefail
cd "$(dirname "$0")/../.."
TYPECHECK=${TYPECHECK:-../shared/tools/ios-typecheck.sh}
failed=0
for sim in 0 1; do
  for files in "Tests/AppleTypecheck/AmbientUIUsage.swift" "$(ls Examples/ItemsApp/*.swift | tr '\n' ' ')"; do
    echo "== SIM18=$sim $files"
    # shellcheck disable=SC2086
    out=$(SIM18=$sim bash "$TYPECHECK" . $files 2>&1)
    echo "$out" | grep -E 'error:|warning:|failing steps'
    if ! echo "$out" | grep -q 'failing steps: 0' || echo "$out" | grep -qE '[1-9][0-9]* warning lines'; then failed=1; fi
  done
done
exit $failed
