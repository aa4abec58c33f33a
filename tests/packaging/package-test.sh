#!/usr/bin/env bash
# Checks of the packages cpack made (registered by tests/packaging/CMakeLists.txt when
# TOOLGATE_PACKAGE_TESTS is ON; the `ci` workflow preset packages before it tests).
#
# Usage: package-test.sh STEP SOURCE_DIR PACKAGE_DIR VERSION
#   desktop    desktop-file-validate the .desktop file
#   appstream  appstreamcli validate the metainfo (no network: the screenshot URLs are not fetched)
#   lintian    lintian on the .deb; fails on any error (E:)
#   install    apt-get install the .deb (root, or sudo -n), then check /usr/bin has our binaries
#   version    /usr/bin/toolgate-cli --version prints VERSION
#   call       /usr/bin/toolgate-cli calls the demo server's "add" tool (no servers file: the
#              installed demo server is the default)
#   gui        /usr/bin/toolgate starts offscreen on a first start, configures the installed demo
#              server and lists its tools
#   app        /usr/bin/toolgate renders an MCP App offscreen: server-basic-vanillajs (tests/npm) over
#              stdio, its get-time tool allowed by a remembered rule and the server's apps allowed, as
#              a person would have done before; the app view must initialize and get the result
#   remove     apt-get remove the package again (cleanup, so the machine is left as it was)
set -euo pipefail

step="$1" source_dir="$2" package_dir="$3" version="$4"
fail() { printf 'FAIL: %s\n' "$*" >&2; exit 1; }
need() { command -v "$1" >/dev/null 2>&1 || fail "$1 not found: run packaging/setup-debian.sh (it installs ${2:-$1})"; }

as_root() {
    if [[ "$(id -u)" -eq 0 ]]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        sudo -n "$@"
    else
        fail "installing a package needs root or password-less sudo; run ctest as root, or configure without -DTOOLGATE_PACKAGE_TESTS=ON"
    fi
}

the_deb() {
    local debs=("$package_dir"/toolgate_"$version"_*.deb)
    [[ -f "${debs[0]}" ]] || fail "no toolgate_${version}_*.deb in $package_dir: run the package step first (cpack --preset ci, or cmake --workflow --preset ci)"
    printf '%s\n' "${debs[0]}"
}

# A fresh HOME/config/data so the installed app sees a first start and no user files are touched.
throwaway_home() {
    scratch="$(mktemp -d -t toolgate-package-test.XXXXXX)"
    trap 'rm -rf "$scratch"' EXIT
    export HOME="$scratch/home" XDG_CONFIG_HOME="$scratch/config" XDG_DATA_HOME="$scratch/data"
    export XDG_RUNTIME_DIR="$scratch/runtime" TOOLGATE_AUDIT_DB="$scratch/audit.sqlite"
    mkdir -p "$HOME" "$XDG_CONFIG_HOME" "$XDG_DATA_HOME" "$XDG_RUNTIME_DIR"
    chmod 700 "$XDG_RUNTIME_DIR"
    unset TOOLGATE_CONFIG_DIR
}

case "$step" in
desktop)
    need desktop-file-validate desktop-file-utils
    desktop-file-validate "$source_dir/resources/desktop/toolgate.desktop"
    ;;
appstream)
    need appstreamcli appstream
    appstreamcli validate --no-net "$source_dir/resources/desktop/io.github.toolgate.Toolgate.metainfo.xml"
    ;;
lintian)
    need lintian
    deb="$(the_deb)"
    # lintian prints one tag per line; "E:" lines are errors. Warnings are shown, not fatal.
    # Exit status 1 means "errors found", anything above means lintian itself failed.
    rc=0
    report="$(lintian --display-info "$deb" 2>&1)" || rc=$?
    printf '%s\n' "$report"
    (( rc <= 1 )) || fail "lintian itself failed (exit $rc)"
    if grep -q '^E: ' <<<"$report"; then
        fail "lintian reported errors for $(basename "$deb")"
    fi
    echo "lintian: no errors for $(basename "$deb")"
    ;;
install)
    deb="$(the_deb)"
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q -o DPkg::Lock::Timeout=300 "$(realpath "$deb")"
    installed="$(dpkg-query -W -f='${Version}' toolgate)"
    [[ "$installed" == "$version" ]] || fail "dpkg says toolgate $installed is installed, expected $version"
    for f in /usr/bin/toolgate /usr/bin/toolgate-cli /usr/bin/toolgate-demo-server \
             /usr/share/applications/toolgate.desktop /usr/share/man/man1/toolgate-cli.1.gz \
             /usr/share/doc/toolgate/copyright; do
        [[ -e "$f" ]] || fail "$f is not installed"
    done
    echo "installed toolgate $installed"
    ;;
version)
    out="$(/usr/bin/toolgate-cli --version)"
    echo "$out"
    [[ "$out" == "toolgate-cli $version" ]] || fail "expected 'toolgate-cli $version', got '$out'"
    ;;
call)
    throwaway_home
    cd "$scratch"
    # The demo server's "add" tool; --yes approves the call; the audit log records it.
    out="$(/usr/bin/toolgate-cli --yes --json call add a=2 b=3)"
    echo "$out"
    grep -q '"text": *"2 + 3 = 5"' <<<"$out" || fail "the installed toolgate-cli did not get 2 + 3 = 5 from the demo server's add tool"
    grep -q '"outcome": *"succeeded"' <<<"$out" || fail "the call to the demo server's add tool did not succeed"
    grep -q '"endpoint": *"/usr/bin/toolgate-demo-server"' <<<"$out" \
        || fail "the call did not go to the installed demo server /usr/bin/toolgate-demo-server"
    servers="$(/usr/bin/toolgate-cli --json servers)"
    echo "$servers"
    grep -q '/usr/bin/toolgate-demo-server' <<<"$servers" || fail "the default server is not the installed /usr/bin/toolgate-demo-server"
    # The call above was audited: the installed CLI reads and verifies that log.
    /usr/bin/toolgate-cli audit verify
    # HTTP is in the network plugin (/usr/lib/toolgate): the installed CLI finds it. Nothing listens on
    # port 9 of 127.0.0.1, so the plugin's own answer is "nothing accepts connections".
    rc=0
    http="$(/usr/bin/toolgate-cli --url http://127.0.0.1:9/mcp tools 2>&1)" || rc=$?
    echo "$http"
    (( rc != 0 )) || fail "a call to a closed port succeeded"
    grep -q 'nothing accepts connections at' <<<"$http" \
        || fail "the installed toolgate-cli did not reach the network (is /usr/lib/toolgate/libtoolgate_network.so there?)"
    ;;
gui)
    throwaway_home
    cd "$scratch"
    export QT_QPA_PLATFORM=offscreen
    tools="$(/usr/bin/toolgate --list-tools-and-quit)" || fail "the installed toolgate did not list the demo server's tools (exit $?)"
    echo "$tools"
    grep -qx 'demo/add' <<<"$tools" || fail "demo/add is not among the tools listed by the installed app"
    servers_file="$XDG_CONFIG_HOME/Toolgate/toolgate/servers.json"
    [[ -f "$servers_file" ]] || fail "first start did not write $servers_file"
    cat "$servers_file"
    grep -q '"/usr/bin/toolgate-demo-server"' "$servers_file" \
        || fail "first start did not configure the installed demo server /usr/bin/toolgate-demo-server"
    ;;
app)
    throwaway_home
    cd "$scratch"
    npm_modules="$source_dir/tests/npm/node_modules"
    node="$npm_modules/node/bin/node"
    server="$npm_modules/@modelcontextprotocol/server-basic-vanillajs/dist/index.js"
    [[ -x "$node" && -f "$server" ]] || fail "server-basic-vanillajs is not installed in $source_dir/tests/npm (npm ci there)"
    # The endpoint as Toolgate writes it (ServerConfig::endpoint): plain paths are not quoted.
    plain='^[A-Za-z0-9_@%+=:,./-]+$'
    [[ "$node" =~ $plain && "$server" =~ $plain ]] || fail "the npm paths have characters this test does not quote: $server"
    endpoint="$node $server --stdio"
    export TOOLGATE_CONFIG_DIR="$scratch/toolgate-config"
    mkdir -p "$TOOLGATE_CONFIG_DIR/Toolgate"
    printf '{"mcpServers": {"vanilla": {"command": "%s", "args": ["%s", "--stdio"]}}}\n' "$node" "$server" \
        > "$TOOLGATE_CONFIG_DIR/servers.json"
    printf '{"alwaysAllow": [{"server": "vanilla", "endpoint": "%s", "tool": "get-time"}]}\n' "$endpoint" \
        > "$TOOLGATE_CONFIG_DIR/approvals.json"
    # Someone trusted this server before (issue 16): server-trust.json with its fingerprint, the SHA-256
    # of length-prefixed fields (ServerTrustFacts::fingerprint: kind, program, argument count and
    # arguments, environment name count, folder).
    field() { printf '%s:%s' "$(printf '%s' "$1" | wc -c)" "$1"; }
    fingerprint="$( { field local; field "$node"; field 2; field "$server"; field --stdio; field 0; field ""; } | sha256sum | cut -d' ' -f1)"
    printf '{"version": 1, "servers": [{"server": "vanilla", "fingerprint": "%s", "facts": {"program": "%s", "arguments": ["%s", "--stdio"], "environmentNames": []}, "trustedAt": "2026-01-01T00:00:00.000Z", "by": "package test"}]}\n' \
        "$fingerprint" "$node" "$server" > "$TOOLGATE_CONFIG_DIR/server-trust.json"
    # AppTrust's entry: server name and endpoint joined by U+001F (QSettings INI escapes it as \x1f).
    printf '[McpApps]\nallowedServers="vanilla\\x1f%s"\n' "$endpoint" > "$TOOLGATE_CONFIG_DIR/Toolgate/toolgate.ini"
    export QT_QPA_PLATFORM=offscreen
    export QTWEBENGINE_CHROMIUM_FLAGS="--disable-gpu --disable-background-networking --disable-component-update --no-first-run"
    # Qt WebEngine refuses its sandbox as root (CI runs as root): this test, and only this test,
    # switches it off explicitly. The installed app never does so by itself.
    if [[ "$(id -u)" -eq 0 ]]; then export QTWEBENGINE_DISABLE_SANDBOX=1; fi
    rc=0
    out="$(timeout 120 /usr/bin/toolgate --show-app-and-quit vanilla/get-time)" || rc=$?
    echo "$out"
    (( rc == 0 )) || fail "the installed toolgate did not show the app of vanilla/get-time (exit $rc)"
    grep -qx 'app view ready: ui://get-time/mcp-app.html from vanilla' <<<"$out" \
        || fail "the installed toolgate did not report the vanillajs app view as ready"
    ;;
remove)
    if dpkg-query -W -f='${db:Status-Status}' toolgate 2>/dev/null | grep -qx installed; then
        as_root env DEBIAN_FRONTEND=noninteractive apt-get remove -y -q -o DPkg::Lock::Timeout=300 toolgate
    fi
    [[ ! -e /usr/bin/toolgate ]] || fail "/usr/bin/toolgate is still there after removing the package"
    ;;
*)
    fail "unknown step: $step"
    ;;
esac
