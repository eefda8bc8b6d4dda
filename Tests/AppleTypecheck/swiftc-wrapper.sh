#!/usr/bin/env bash
# `swiftc` as ios-typecheck.sh finds it on PATH when run.sh runs it (run.sh copies this file to
# .build/apple-typecheck/toolchain/usr/bin/swiftc, beside a link to the real toolchain's lib, so
# the script still finds the toolchain's files). Every command goes to the real swiftc, and:
# - the user files' commands load the stand-in `#Preview` plugin (PreviewsMacros/);
# - the user files' `-emit-sil` command line is written to $AT_RECORD, so that run.sh compiles
#   each documentation sample with exactly the flags the script gives user files in this mode;
# - with AT_REUSE_LIBRARIES=1, Ambient's and AmbientUI's commands do nothing: run.sh sets it after
#   the first run for an SDK, whose steps built both modules (their flags do not depend on APP or
#   USER_TARGET, and the modules stay in the script's build directory).
set -u
case " $* " in
*" -module-name UserApp "*)
  if [[ " $* " == *" -emit-sil "* ]]; then
    printf '%q ' "$AT_SWIFTC" "$@" -load-plugin-library "$AT_PLUGIN" >"$AT_RECORD"
  fi
  exec "$AT_SWIFTC" "$@" -load-plugin-library "$AT_PLUGIN" ;;
*" -module-name Ambient "* | *" -module-name AmbientUI "*)
  if [ "${AT_REUSE_LIBRARIES:-0}" = 1 ]; then exit 0; fi ;;
esac
exec "$AT_SWIFTC" "$@"
