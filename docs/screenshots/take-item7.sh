#!/bin/bash
# Takes the pictures of the screens fixed for issue #34 item 7 (docs/screenshots/item7-*.png) from the
# real app: build/bin/toolgate with its bundled demo server, in a fresh configuration each time, on a
# virtual X screen of 1024×768 and again on 1400×900 at 200 % (QT_SCALE_FACTOR=2), under openbox.
# The app is driven as a person would, by keys (xdotool); a few clicks go to places found on the
# screen by their window (a dialog's title) rather than to fixed points, so a moved widget does not
# silently make a wrong picture — but check every picture anyway.
#
#   docs/screenshots/take-item7.sh BIN_DIR [OUT_DIR] [SCREEN...]
#
# BIN_DIR holds toolgate and toolgate-demo-server (build-ci/bin, build/bin). OUT_DIR defaults to
# docs/screenshots. SCREENs (default: all): first-start form-and-denial long-task restart-countdown
# secret-values audit-run. SHOT_LANG=de_DE.UTF-8 takes them in German (item7-<name>-de-<mode>.png).
# Needs xvfb-run, openbox, xdotool and ImageMagick's import; optipng makes the files smaller if present.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)

if [[ ${1:-} != --inner ]]; then
    bin=$(cd "${1:?usage: take-item7.sh BIN_DIR [OUT_DIR] [SCREEN...]}" && pwd)
    out=$(mkdir -p "${2:-$here}" && cd "${2:-$here}" && pwd)
    shift $(( $# >= 2 ? 2 : 1 ))
    for mode in 1024 200; do
        if [[ $mode == 1024 ]]; then screen=1024x768x24; else screen=1400x900x24; fi
        xvfb-run -a -s "-screen 0 $screen" "$0" --inner "$mode" "$bin" "$out" "$@"
    done
    if command -v optipng >/dev/null; then optipng -quiet -o2 "$out"/item7-*.png; fi
    exit 0
fi

shift
mode=$1 bin=$2 out=$3
shift 3
wanted=("$@")

if [[ $mode == 200 ]]; then export QT_SCALE_FACTOR=2; fi
export QT_QPA_PLATFORM=xcb
unset DBUS_SESSION_BUS_ADDRESS # no session bus, hence no keychain: as on many minimal desktops

openbox >/dev/null 2>&1 &
openbox_pid=$!
trap 'kill $openbox_pid 2>/dev/null || true' EXIT
sleep 1

work=$(mktemp -d /tmp/toolgate-shots.XXXX)
app_pid=
lang=${SHOT_LANG:-C.UTF-8}
suffix=
[[ $lang == de* ]] && suffix=-de

log() { echo "[$mode] $*" >&2; }

# A fresh home for the app: its configuration, data (audit log, collections) and Documents folder.
fresh_home() {
    home=$work/home-$1
    mkdir -p "$home/Documents" "$home/.config" "$home/.local/share" "$home/.cache"
}

start_app() {
    env HOME="$home" XDG_CONFIG_HOME="$home/.config" XDG_DATA_HOME="$home/.local/share" XDG_CACHE_HOME="$home/.cache" \
        LANG="$lang" LC_ALL="$lang" LANGUAGE= "$bin/toolgate" "$@" >"$home/toolgate.log" 2>&1 &
    app_pid=$!
    main_window=$(timeout 30 xdotool search --sync --onlyvisible --pid "$app_pid" --name '^Toolgate$' | head -1)
    sleep "${settle:-4}" # the demo server starts and lists its tools
}

quit_app() {
    [[ -n $app_pid ]] || return 0
    kill "$app_pid" 2>/dev/null || true
    wait "$app_pid" 2>/dev/null || true
    app_pid=
}

# wait_window TITLE: the id of the visible window whose title contains TITLE, once it is there.
wait_window() {
    timeout 20 xdotool search --sync --onlyvisible --name "$1" | head -1
}

key() { xdotool key --clearmodifiers --delay 80 "$@"; sleep 0.4; }
type_text() { xdotool type --delay 30 "$1"; sleep 0.3; }

shot() {
    sleep "${2:-1.2}"
    import -window root "$out/item7-$1$suffix-$mode.png"
    log "item7-$1$suffix-$mode.png"
}

want() {
    [[ ${#wanted[@]} -eq 0 ]] && return 0
    local w
    for w in "${wanted[@]}"; do [[ $w == "$1" ]] && return 0; done
    return 1
}

# The app's files, written before it starts (not a first start then: no welcome hint).
servers_file() {
    mkdir -p "$home/.config/Toolgate/toolgate"
    printf '%s\n' "$1" >"$home/.config/Toolgate/toolgate/servers.json"
}
demo=$bin/toolgate-demo-server

# The keys the pictures need, in the language of the run.
if [[ $lang == de* ]]; then servers_key=s edit_key=b run_decision=Mit; else servers_key=s edit_key=e run_decision=Appr; fi

select_tool() { # the tool's name, as the search field finds it
    key ctrl+f
    type_text "$1"
    sleep 0.6
    key Down Return
    sleep 0.8
}

# Scrolls the console (at the bottom of the main window) to its first line, where the start is told.
console_to_top() {
    local point
    point=$(point_in_window 450 85 64) # a line of its text
    if [[ -n $point ]]; then
        xdotool mousemove $point click 4 click 4 click 4 click 4
        xdotool mousemove 1 1
    else
        log "the console is below the screen: not scrolled"
    fi
}

# point_in_window DX DY_1024 DY_200: the screen point DX (in the app's own pixels) right of the main
# window's left edge and DY_1024 or DY_200 (the app's pixels, by mode) above the bottom xdotool reports
# for it, or nothing when that lies below the screen. Two heights, because the window now fits the
# screen: at 200 % it has 450 pixels of its own, so the bottom docks are squeezed and the same widget
# is not at twice its 1024×768 distance. (Under openbox xdotool's Y is about 20 screen pixels below
# the client's real top, so the bottom it reports is that much too low; the numbers allow for that.)
point_in_window() {
    eval "$(xdotool getwindowgeometry --shell "$main_window")"
    log "main window at $X,$Y, ${WIDTH}x$HEIGHT"
    local scale=1 dy=$2 y
    [[ $mode == 200 ]] && scale=2 dy=$3
    y=$((Y + HEIGHT - dy * scale))
    ((y < $(xdotool getdisplaygeometry | cut -d' ' -f2) - 4)) && echo "$((X + $1 * scale)) $y"
    return 0
}

# 1-2. First start: the welcome hint, the server page's protocol in plain words, the console's start;
#      then Edit Server's "Protocol version: Automatic".
first_start() {
    fresh_home first-start
    settle=6 start_app
    console_to_top
    shot first-start
    key alt+$servers_key
    key $edit_key
    shot server-editor 1.5
    key Escape
    quit_app
}

# 3-4. The argument form: no red before anything was typed; after Run, every problem. A denied call
#      shows the decision, with the reason typed in the approval.
form_and_denial() {
    fresh_home form-and-denial
    servers_file "{\"mcpServers\": {\"demo\": {\"command\": \"$demo\"}}}"
    start_app
    select_tool add
    shot form-untouched
    key ctrl+Return # the approval opens too (invalid arguments may be sent on purpose): deny it
    sleep 1.2
    key Escape
    shot form-after-run
    select_tool echo
    key ctrl+Return
    sleep 1.2
    key shift+Tab shift+Tab # from Deny (the default) to the reason field
    key ctrl+a
    if [[ $lang == de* ]]; then type_text "nicht jetzt, ich schaue nur"; else type_text "not now, just looking"; fi
    key Return
    shot denied
    quit_app
}

# 5. A task-capable tool on a 2025-11-25 server: the approval says the call runs as a long task.
#    (In 2026-07-28 the server decides, so nothing is known before the call.)
long_task() {
    fresh_home long-task
    servers_file "{\"mcpServers\": {\"demo\": {\"command\": \"$demo\", \"protocolEra\": \"legacy\"}}}"
    start_app
    select_tool long_report
    if [[ $mode == 200 ]]; then
        # The page scrolls at 200 %: down to the form and its run row, with the wheel over the page.
        local page
        page=$(point_in_window 560 0 130)
        if [[ -n $page ]]; then
            xdotool mousemove $page
            for _ in 1 2 3 4 5 6 7 8; do xdotool click 5; sleep 0.1; done
        fi
    fi
    shot long-task-form 1.0
    key ctrl+Return
    shot approval-long-task 1.5
    key Tab # Allow once
    key space
    sleep 12 # the report takes 10 s
    local tab row
    tab=$(point_in_window 99 57 45) row=$(point_in_window 88 79 66) # the Tasks tab, the first row
    if [[ -n $tab && -n $row ]]; then
        xdotool mousemove $tab click 1
        sleep 0.5
        xdotool mousemove $row
        sleep 0.3
        xdotool mousemove_relative 2 1 # tooltips wait for the pointer to rest
        shot tasks-tooltip 2.5
    else
        log "the Tasks tab is below the screen: no picture of the task's tooltip"
    fi
    quit_app
}

# 6. A server that exits at once: one countdown, the same on the list and the page.
restart_countdown() {
    fresh_home restart-countdown
    servers_file "{\"mcpServers\": {\"flaky\": {\"command\": \"$demo\", \"args\": [\"--no-such-option\"]}}}"
    settle=3.5 start_app
    shot restart-countdown 0.1
    quit_app
}

# 7. Without a keychain, a secret value kept out of servers.json is asked for when the server starts
#    (after the trust prompt every changed server gets), and Edit Server says where values go.
secret_values() {
    fresh_home secret-values
    servers_file "{\"mcpServers\": {\"weather-api\": {\"command\": \"$demo\", \"env\": {\"API_KEY\": \"<secret value kept out of this file by Toolgate>\"}}}}"
    start_app
    shot trust-prompt
    key shift+Tab # from Don't Start (the default) to Trust and Start
    key space
    sleep 2.5
    shot secret-values
    type_text "demo-key-123"
    key Return
    sleep 3
    key alt+$servers_key
    key $edit_key
    shot editor-no-keychain 1.5
    key Escape
    quit_app
}

# 8. A collection run's call in the audit log, decided by the run; the export dialog opens in Documents;
#    "exported 1 record". The run is made by toolgate-cli (same audit log) when it is there: the
#    Collections pane is not reachable by keys.
audit_run() {
    fresh_home audit-run
    servers_file "{\"mcpServers\": {\"demo\": {\"command\": \"$demo\"}}}"
    mkdir -p "$home/.local/share/Toolgate/toolgate/collections"
    cat >"$home/.local/share/Toolgate/toolgate/collections/weather.json" <<JSON
{
  "format": "toolgate-collection",
  "version": 1,
  "name": "Weather check",
  "calls": [
    {"name": "weather in Amsterdam", "server": "demo", "tool": "weather",
     "arguments": {"city": "Amsterdam", "units": "celsius"},
     "expect": [{"isError": false}, {"matchesOutputSchema": true}]}
  ]
}
JSON
    env HOME="$home" XDG_CONFIG_HOME="$home/.config" XDG_DATA_HOME="$home/.local/share" XDG_CACHE_HOME="$home/.cache" \
        LANG="$lang" LC_ALL="$lang" timeout 60 "$bin/toolgate-cli" run weather --yes </dev/null >"$home/cli.log" 2>&1
    start_app
    key ctrl+shift+a
    sleep 1.5
    key Tab Tab Tab # from the kind filter to the decision filter
    type_text "$run_decision"
    sleep 1
    key Tab Tab Tab Tab Tab # outcome, time, search, Refresh, Export…
    key space
    shot export-dialog 1.5
    key Return
    sleep 1
    key Tab Down # the record, to see it in full
    shot audit-run 1.5
    quit_app
}

trap 'quit_app; kill $openbox_pid 2>/dev/null || true; rm -rf "$work"' EXIT
for screen in first_start form_and_denial long_task restart_countdown secret_values audit_run; do
    want "${screen//_/-}" || continue
    log "$screen"
    "$screen"
done
