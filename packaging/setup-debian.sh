#!/usr/bin/env bash
# Toolgate: install what building and testing needs on Debian 12 (bookworm).
#
# Usage: packaging/setup-debian.sh [--app] [--no-npm] [-h|--help]
#
#   1. Installs, with apt-get, whichever of the build/test packages below is
#      missing (checked with dpkg-query; `apt-get update` runs only when
#      something is missing). Works as root, or through sudo otherwise.
#      With --app, only what building and running the programs needs (the
#      README's first command): no compilers for the fuzzers, no Node.js, no
#      packaging tools; implies --no-npm.
#   2. Unless --no-npm is given, runs `npm ci` in tests/npm when
#      tests/npm/node_modules is missing or was installed from another
#      package.json/package-lock.json (a hash in a stamp file inside it).
#      A node_modules that is a symbolic link is never reinstalled through.
#
# Idempotent: prints one line per action taken and nothing when all is
# already in place. The output of apt-get and npm goes to a log file that is
# shown only when the step fails.
set -euo pipefail

readonly PROG="setup-debian"
readonly APP_PACKAGES=(
    build-essential cmake ninja-build pkg-config git
    # lld links the programs and the hundred test executables several times faster than GNU ld
    lld
    qt6-base-dev qt6-base-dev-tools qt6-qpa-plugins libqt6sql6-sqlite
    qt6-svg-dev qtkeychain-qt6-dev libgl-dev libssl-dev openssl
    # the order of JSON keys as written (JsonKeyOrder's reader; header-only)
    nlohmann-json3-dev
    # the sandbox local servers run in (issue 32, docs/sandbox.md); the tests start servers in it too
    bubblewrap
    # MCP App views (WebEngine, WebChannel), audio playback (Multimedia), translations (lupdate/lrelease)
    qt6-webengine-dev qt6-webchannel-dev qt6-multimedia-dev qt6-l10n-tools
)
readonly TEST_PACKAGES=(
    # fuzzers (libFuzzer) and the ASan/UBSan build of core
    clang libclang-rt-14-dev
    nodejs npm
    xvfb xauth imagemagick
    # cpack DEB (dpkg-shlibdeps: dpkg-dev, file) and RPM, and the checks in tests/packaging
    dpkg-dev file fakeroot rpm lintian desktop-file-utils appstream
    # xmllint: tst_collection validates the JUnit reports of toolgate-cli run against a schema
    libxml2-utils
)
readonly STAMP_NAME=".toolgate-npm-ci.stamp"

usage() {
    sed -n '2,/^set -euo pipefail$/{/^#/s/^# \{0,1\}//p}' "$0"
}

say() { printf '%s: %s\n' "$PROG" "$*"; }
die() { printf '%s: error: %s\n' "$PROG" "$*" >&2; exit 1; }

with_npm=1
with_tests=1
while [[ $# -gt 0 ]]; do
    case "$1" in
        --no-npm) with_npm=0 ;;
        --app) with_npm=0; with_tests=0 ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; die "unknown argument: $1" ;;
    esac
    shift
done

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

log_file="$(mktemp -t toolgate-setup.XXXXXX)"
trap 'rm -f "$log_file"' EXIT

# Runs "$@" with its output in the log; on failure shows the log's tail.
run_logged() {
    if ! "$@" >"$log_file" 2>&1; then
        printf '%s: command failed: %s\n' "$PROG" "$*" >&2
        tail -n 40 "$log_file" >&2
        exit 1
    fi
}

# --- 1. Debian packages ----------------------------------------------------

if ! command -v dpkg-query >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
    die "dpkg-query/apt-get not found: this script is for Debian"
fi

# Names installed, or provided by an installed package (e.g. NodeSource's
# nodejs provides and conflicts with Debian's npm).
declare -A present=()
while read -r status name provides; do
    [[ "$status" == "installed" ]] || continue
    present["${name%%:*}"]=1
    # Provides looks like "a, b (= 1.0), c:any"; keep the bare names.
    IFS=',' read -ra prov <<<"$provides"
    for p in "${prov[@]}"; do
        p="${p# }"; p="${p%% *}"; p="${p%%:*}"
        [[ -n "$p" ]] && present["$p"]=1
    done
done < <(dpkg-query -W -f='${db:Status-Status} ${Package} ${Provides}\n' 2>/dev/null)

wanted_packages=("${APP_PACKAGES[@]}")
[[ $with_tests -eq 1 ]] && wanted_packages+=("${TEST_PACKAGES[@]}")
missing=()
for pkg in "${wanted_packages[@]}"; do
    [[ -n "${present[$pkg]:-}" ]] && continue
    # A Node.js that did not come from a Debian package (e.g. a tarball in
    # /usr/local) is accepted as is, rather than shadowed by Debian's.
    case "$pkg" in
        nodejs) command -v node >/dev/null 2>&1 && continue ;;
        npm) command -v npm >/dev/null 2>&1 && continue ;;
    esac
    missing+=("$pkg")
done

if [[ ${#missing[@]} -gt 0 ]]; then
    sudo_cmd=()
    if [[ "$(id -u)" -ne 0 ]]; then
        command -v sudo >/dev/null 2>&1 || die "not root and sudo not found; missing: ${missing[*]}"
        sudo_cmd=(sudo)
    fi
    apt=("${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -q -o DPkg::Lock::Timeout=300)
    say "apt-get update"
    run_logged "${apt[@]}" update
    say "apt-get install ${missing[*]}"
    run_logged "${apt[@]}" install -y "${missing[@]}"
fi

# --- 2. npm test peers -----------------------------------------------------

if [[ $with_npm -eq 1 ]]; then
    npm_dir="$repo_root/tests/npm"
    stamp="$npm_dir/node_modules/$STAMP_NAME"
    [[ -f "$npm_dir/package-lock.json" ]] || die "missing $npm_dir/package-lock.json"
    # The stamp holds a hash of what npm ci installed from, so a fresh checkout (new file times)
    # of the same lock file does not reinstall.
    wanted="$(cat "$npm_dir/package.json" "$npm_dir/package-lock.json" | sha256sum | cut -d' ' -f1)"
    installed="$(cat "$stamp" 2>/dev/null || true)"
    if [[ ! -d "$npm_dir/node_modules" || "$installed" != "$wanted" ]]; then
        if [[ -L "$npm_dir/node_modules" ]]; then
            # npm ci empties node_modules through the link, i.e. the folder other checkouts share.
            say "tests/npm/node_modules links to $(readlink -f "$npm_dir/node_modules"), installed from another lock file or by an older setup; not running npm ci through the link (run it where the link points)"
        else
            command -v npm >/dev/null 2>&1 || die "npm not found"
            say "npm ci in tests/npm"
            run_logged env -C "$npm_dir" npm ci --no-audit --no-fund --loglevel=error
            [[ -x "$npm_dir/node_modules/node/bin/node" ]] \
                || die "npm ci did not provide tests/npm/node_modules/node/bin/node"
            printf '%s\n' "$wanted" >"$stamp"
        fi
    fi
fi
