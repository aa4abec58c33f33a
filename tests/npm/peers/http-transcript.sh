#!/bin/sh
# Drives modern-server.mjs over Streamable HTTP with curl and prints each request, the status line, the headers that
# matter and the body, so README.md can show real 2026-07-28 HTTP traffic.
#   sh http-transcript.sh [dual|modern]
set -eu
era=${1:-dual}
here=$(dirname "$0")
out=$(mktemp)
node "$here/modern-server.mjs" --transport http --era "$era" >"$out" &
pid=$!
trap 'kill $pid 2>/dev/null; rm -f "$out"' EXIT
while ! grep -q LISTENING "$out"; do sleep 0.1; done
url="http://127.0.0.1:$(sed -n 's/LISTENING //p' "$out")/mcp"
echo "# server: node modern-server.mjs --transport http --era $era  ->  $url"

META='"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"transcript","version":"1.0.0"},"io.modelcontextprotocol/clientCapabilities":{"elicitation":{"form":{}}}}'

# post <comment> <body> [extra curl args...]: one POST, printing status, selected headers and body
post() {
  note=$1; body=$2; shift 2
  echo
  echo "# $note"
  echo "> POST /mcp $*"
  echo "> $body"
  curl -sS -i -X POST "$url" -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' \
    "$@" --data "$body" --max-time 3 \
    | tr -d '\r' | grep -iv '^\(date\|connection\|keep-alive\|transfer-encoding\):' | sed 's/^/< /' || true
}
modern() { # the headers a 2026-07-28 client sends: version, method, name
  echo -H "MCP-Protocol-Version: 2026-07-28" -H "Mcp-Method: $1" ${2:+-H "Mcp-Name: $2"}
}

post "server/discover (headers: MCP-Protocol-Version, Mcp-Method)" \
  '{"jsonrpc":"2.0","id":"discover-1","method":"server/discover","params":{'"$META"'}}' \
  -H 'MCP-Protocol-Version: 2026-07-28' -H 'Mcp-Method: server/discover'
post "tools/list with the _meta envelope" \
  '{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{'"$META"'}}' \
  -H 'MCP-Protocol-Version: 2026-07-28' -H 'Mcp-Method: tools/list'
post "tools/call confirm_action (Mcp-Name carries params.name): InputRequiredResult" \
  '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"confirm_action","arguments":{"action":"delete the draft"},'"$META"'}}' \
  -H 'MCP-Protocol-Version: 2026-07-28' -H 'Mcp-Method: tools/call' -H 'Mcp-Name: confirm_action'
post "the retry with inputResponses and requestState, new id: complete" \
  '{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"confirm_action","arguments":{"action":"delete the draft"},"inputResponses":{"confirm":{"action":"accept","content":{"confirm":true,"reason":"it is obsolete"}}},"requestState":"eyJ0b29sIjoiY29uZmlybV9hY3Rpb24iLCJyb3VuZCI6MX0",'"$META"'}}' \
  -H 'MCP-Protocol-Version: 2026-07-28' -H 'Mcp-Method: tools/call' -H 'Mcp-Name: confirm_action'
post "tools/call without Mcp-Method / Mcp-Name headers" \
  '{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hi"},'"$META"'}}' \
  -H 'MCP-Protocol-Version: 2026-07-28'
post "Mcp-Name that disagrees with params.name: -32020 HeaderMismatch" \
  '{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hi"},'"$META"'}}' \
  -H 'MCP-Protocol-Version: 2026-07-28' -H 'Mcp-Method: tools/call' -H 'Mcp-Name: add'
post "MCP-Protocol-Version header that disagrees with _meta" \
  '{"jsonrpc":"2.0","id":7,"method":"tools/list","params":{'"$META"'}}' \
  -H 'MCP-Protocol-Version: 2025-11-25' -H 'Mcp-Method: tools/list'
post "an envelope naming an unsupported revision: -32022" \
  '{"jsonrpc":"2.0","id":8,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2099-01-01","io.modelcontextprotocol/clientCapabilities":{}}}}' \
  -H 'MCP-Protocol-Version: 2099-01-01' -H 'Mcp-Method: tools/list'
post "legacy initialize (no envelope, no MCP-Protocol-Version header)" \
  '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"transcript","version":"1.0.0"}}}'

echo
echo "# GET (the 2025 standalone stream; gone in 2026-07-28)"
echo "> GET /mcp -H Accept: text/event-stream"
curl -sS -i "$url" -H 'Accept: text/event-stream' --max-time 2 | tr -d '\r' | grep -iv '^\(date\|connection\|keep-alive\|transfer-encoding\):' | sed 's/^/< /' || true

echo
echo "# subscriptions/listen (an SSE stream that stays open), then change_tools from a second connection"
curl -sS -N -i -X POST "$url" -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' \
  -H 'MCP-Protocol-Version: 2026-07-28' -H 'Mcp-Method: subscriptions/listen' --max-time 2 \
  --data '{"jsonrpc":"2.0","id":"listen-1","method":"subscriptions/listen","params":{"notifications":{"toolsListChanged":true},'"$META"'}}' \
  2>/dev/null | tr -d '\r' | grep -iv '^\(date\|connection\|keep-alive\|transfer-encoding\):' | sed 's/^/< listen: /' &
listen=$!
sleep 0.5
post "change_tools while the listen stream is open" \
  '{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"change_tools","arguments":{},'"$META"'}}' \
  -H 'MCP-Protocol-Version: 2026-07-28' -H 'Mcp-Method: tools/call' -H 'Mcp-Name: change_tools'
wait $listen || true
